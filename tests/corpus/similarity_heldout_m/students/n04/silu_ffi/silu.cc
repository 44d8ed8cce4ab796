// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

/// Logistic sigmoid, evaluated so that exp never overflows.
static float Logistic(float v) {
  const float z = std::exp(-std::fabs(v));
  const float p = 1.0f / (1.0f + z);
  return v >= 0.0f ? p : z * p;
}

/// y[i] = x[i] * sigmoid(x[i]).
static ffi::Error SiluImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const size_t n = x.element_count();
  const float* in = x.typed_data();
  float* out = y->typed_data();
  for (size_t i = 0; i < n; ++i) {
    out[i] = in[i] * Logistic(in[i]);
  }
  return ffi::Error::Success();
}

/// ct_x[i] = ct_y[i] * (s + x s (1 - s)).
static ffi::Error SiluBwdImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                              ffi::ResultBuffer<ffi::F32> ct_x) {
  const size_t n = x.element_count();
  const float* in = x.typed_data();
  const float* ct = ct_y.typed_data();
  float* out = ct_x->typed_data();
  for (size_t i = 0; i < n; ++i) {
    const float s = Logistic(in[i]);
    out[i] = ct[i] * (s + in[i] * s * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
