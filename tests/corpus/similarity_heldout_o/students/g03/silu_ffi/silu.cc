// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

/// Numerically stable logistic function.
static float Logistic(float x) {
  const float z = std::exp(-std::abs(x));
  const float s = 1.0f / (1.0f + z);
  return x >= 0.0f ? s : z * s;
}

/// Silu forward: y[i] = x[i] * sigmoid(x[i]).
static ffi::Error SiluForwardImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const auto n = x.element_count();
  const float* xs = x.typed_data();
  float* ys = y->typed_data();
  for (int64_t i = 0; i < n; ++i) {
    ys[i] = xs[i] * Logistic(xs[i]);
  }
  return ffi::Error::Success();
}

/// Silu backward: ct_x[i] = ct_y[i] * s * (1 + x * (1 - s)).
static ffi::Error SiluBackwardImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                                   ffi::ResultBuffer<ffi::F32> ct_x) {
  const auto n = x.element_count();
  const float* xs = x.typed_data();
  const float* gs = ct_y.typed_data();
  float* out = ct_x->typed_data();
  for (int64_t i = 0; i < n; ++i) {
    const float s = Logistic(xs[i]);
    out[i] = gs[i] * s * (1.0f + xs[i] * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluForwardImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBackwardImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
