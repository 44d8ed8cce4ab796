// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;
#include <algorithm>

// exp of a non-positive number never overflows: e = exp(-|v|) through std::min
static float Sigmoid(float v) {
  const float e = std::exp(std::min(v, -v));
  return (v >= 0.0f ? 1.0f : e) / (1.0f + e);
}

static ffi::Error SiluImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* a = x.typed_data();
  float* b = y->typed_data();
  for (size_t i = 0; i < x.element_count(); ++i) b[i] = a[i] * Sigmoid(a[i]);
  return ffi::Error::Success();
}

static ffi::Error SiluBwdImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                              ffi::ResultBuffer<ffi::F32> ct_x) {
  const float* a = x.typed_data();
  const float* g = ct_y.typed_data();
  float* b = ct_x->typed_data();
  for (size_t i = 0; i < x.element_count(); ++i) {
    const float s = Sigmoid(a[i]);
    b[i] = g[i] * s * (1.0f + a[i] * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluImpl,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdImpl,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
