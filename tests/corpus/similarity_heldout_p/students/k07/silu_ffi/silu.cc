// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// sigmoid:x 为负时用 e^x / (1 + e^x),不会溢出
static float sigmoid_wending(float x) {
  if (x < 0.0f) {
    float ex = std::exp(x);
    return ex / (1.0f + ex);
  }
  return 1.0f / (1.0f + std::exp(-x));
}

// 前向:y = x * sigmoid(x)
static ffi::Error QianXiang(ffi::Buffer<ffi::F32> shuru, ffi::ResultBuffer<ffi::F32> shuchu) {
  const float* x = shuru.typed_data();
  float* y = shuchu->typed_data();
  const int64_t geshu = shuru.element_count();
  for (int64_t i = 0; i < geshu; ++i) {
    y[i] = x[i] * sigmoid_wending(x[i]);
  }
  return ffi::Error::Success();
}

// 反向:ct_x = ct_y * s * (1 + x * (1 - s))
static ffi::Error FanXiang(ffi::Buffer<ffi::F32> shuru, ffi::Buffer<ffi::F32> tidu,
                           ffi::ResultBuffer<ffi::F32> jieguo) {
  const float* x = shuru.typed_data();
  const float* g = tidu.typed_data();
  float* r = jieguo->typed_data();
  const int64_t geshu = shuru.element_count();
  for (int64_t i = 0; i < geshu; ++i) {
    const float s = sigmoid_wending(x[i]);
    r[i] = g[i] * s * (1.0f + x[i] * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, QianXiang,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, FanXiang,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
