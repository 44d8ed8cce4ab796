// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// Stable logistic: with e = exp(-|x|) <= 1 nothing overflows.
static inline float Logistic(float x) {
  const float e = std::exp(-std::fabs(x));
  return x >= 0.0f ? 1.0f / (1.0f + e) : e / (1.0f + e);
}

// y = x * sigmoid(x) over every element.
static ffi::Error SiluForward(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* in = x.typed_data();
  float* out = y->typed_data();
  int64_t i = 0;
  while (i < x.element_count()) {
    out[i] = in[i] * Logistic(in[i]);
    ++i;
  }
  return ffi::Error::Success();
}

// ct_x = ct_y * s * (1 + x * (1 - s)).
static ffi::Error SiluBackward(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                               ffi::ResultBuffer<ffi::F32> ct_x) {
  const float* in = x.typed_data();
  const float* up = ct_y.typed_data();
  float* out = ct_x->typed_data();
  int64_t i = 0;
  while (i < x.element_count()) {
    const float s = Logistic(in[i]);
    out[i] = up[i] * s * (1.0f + in[i] * (1.0f - s));
    ++i;
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluForward,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBackward,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
