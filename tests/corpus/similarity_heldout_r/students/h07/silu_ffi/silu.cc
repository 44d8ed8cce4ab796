// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// sigmoid 函数
static float sigmoid_hanshu(float zhi) { return 1.0f / (1.0f + std::exp(-zhi)); }

// 前向
static ffi::Error QianXiang(ffi::Buffer<ffi::F32> shuru, ffi::ResultBuffer<ffi::F32> shuchu) {
  const float* a = shuru.typed_data();
  float* b = shuchu->typed_data();
  const size_t geshu = shuru.element_count();
  for (size_t i = 0; i < geshu; ++i) {
    b[i] = a[i] * sigmoid_hanshu(a[i]);
  }
  return ffi::Error::Success();
}

// 反向
static ffi::Error FanXiang(ffi::Buffer<ffi::F32> shuru, ffi::Buffer<ffi::F32> tidu,
                           ffi::ResultBuffer<ffi::F32> shuchu) {
  const float* a = shuru.typed_data();
  const float* g = tidu.typed_data();
  float* b = shuchu->typed_data();
  const size_t geshu = shuru.element_count();
  for (size_t i = 0; i < geshu; ++i) {
    const float s = sigmoid_hanshu(a[i]);
    b[i] = g[i] * (s + a[i] * s * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, QianXiang,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, FanXiang,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
