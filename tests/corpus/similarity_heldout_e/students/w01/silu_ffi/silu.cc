#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// sigmoid 函数
static float sigmoid(float x) { return 1.0f / (1.0f + std::exp(-x)); }

// 前向:y = x * sigmoid(x)
static ffi::Error silu_forward(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* in = x.typed_data();
  float* out = y->typed_data();
  const int64_t n = x.element_count();
  for (int64_t i = 0; i < n; i++) {
    out[i] = in[i] * sigmoid(in[i]);
  }
  return ffi::Error::Success();
}

// 反向:ct_x = ct_y * s * (1 + x * (1 - s))
static ffi::Error silu_backward(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                                ffi::ResultBuffer<ffi::F32> ct_x) {
  const float* in = x.typed_data();
  const float* g = ct_y.typed_data();
  float* out = ct_x->typed_data();
  const int64_t n = x.element_count();
  for (int64_t i = 0; i < n; i++) {
    const float s = sigmoid(in[i]);
    out[i] = g[i] * s * (1.0f + in[i] * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, silu_forward,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, silu_backward,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
