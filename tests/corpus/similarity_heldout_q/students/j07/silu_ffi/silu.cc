// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// sigmoid 函数
static float sigmoid_hanshu(float x) {
  if (x < 0.0f) {
    float e = std::exp(x);
    return e / (1.0f + e);
  }
  return 1.0f / (1.0f + std::exp(-x));
}

// 前向
static ffi::Error silu_qianxiang(ffi::Buffer<ffi::F32> shuru, ffi::ResultBuffer<ffi::F32> shuchu) {
  const float* a = shuru.typed_data();
  float* b = shuchu->typed_data();
  const auto n = shuru.element_count();
  for (std::size_t k = 0; k < n; k++) {
    b[k] = a[k] * sigmoid_hanshu(a[k]);
  }
  return ffi::Error::Success();
}

// 反向
static ffi::Error silu_fanxiang(ffi::Buffer<ffi::F32> shuru, ffi::Buffer<ffi::F32> tidu,
                                ffi::ResultBuffer<ffi::F32> jieguo) {
  const float* a = shuru.typed_data();
  const float* g = tidu.typed_data();
  float* c = jieguo->typed_data();
  const auto n = shuru.element_count();
  for (std::size_t k = 0; k < n; k++) {
    const float s = sigmoid_hanshu(a[k]);
    c[k] = g[k] * (s * (1.0f - s) * a[k] + s);
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, silu_qianxiang,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, silu_fanxiang,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
