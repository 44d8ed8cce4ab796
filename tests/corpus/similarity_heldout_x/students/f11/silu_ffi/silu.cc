// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

static inline float Sigmoid(float x) {
  const float e = std::exp(-std::fabs(x));
  const float s = 1.0f / (1.0f + e);
  return x >= 0.0f ? s : e * s;
}

// SiluAt(x): the forward value; SiluAt(x, g): the cotangent of x for the incoming cotangent g
static inline float SiluAt(float x) { return x * Sigmoid(x); }

static inline float SiluAt(float x, float g) {
  const float s = Sigmoid(x);
  return g * s * (1.0f + x * (1.0f - s));
}

static ffi::Error SiluImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* xs = x.typed_data();
  float* ys = y->typed_data();
  for (size_t i = 0; i < x.element_count(); ++i) ys[i] = SiluAt(xs[i]);
  return ffi::Error::Success();
}

static ffi::Error SiluBwdImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                              ffi::ResultBuffer<ffi::F32> ct_x) {
  const float* xs = x.typed_data();
  const float* gs = ct_y.typed_data();
  float* out = ct_x->typed_data();
  for (size_t i = 0; i < x.element_count(); ++i) out[i] = SiluAt(xs[i], gs[i]);
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluImpl,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdImpl,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
