// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// 数值稳定的 sigmoid:x >= 0 和 x < 0 分开算,避免 inf/inf
static float 稳定Sigmoid(float x) {
  if (x >= 0.0f) {
    return 1.0f / (1.0f + std::exp(-x));
  }
  float e = std::exp(x);
  return e / (1.0f + e);
}

// 前向:y = x * s
static ffi::Error SiluFwd(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* in = x.typed_data();
  float* out = y->typed_data();
  for (int64_t i = 0; i < static_cast<int64_t>(x.element_count()); ++i) {
    out[i] = in[i] * 稳定Sigmoid(in[i]);
  }
  return ffi::Error::Success();
}

// 反向:ct_x = ct_y * s * (1 + x * (1 - s))
static ffi::Error SiluGrad(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                           ffi::ResultBuffer<ffi::F32> ct_x) {
  const float* in = x.typed_data();
  const float* g = ct_y.typed_data();
  float* out = ct_x->typed_data();
  for (int64_t i = 0; i < static_cast<int64_t>(x.element_count()); ++i) {
    const float s = 稳定Sigmoid(in[i]);
    out[i] = g[i] * s * (1.0f + in[i] * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluFwd,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluGrad,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
