// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

static inline float Neg(float v) { return -std::fabs(v); }
static inline float ExpNeg(float v) { return std::exp(Neg(v)); }
static inline float Sig(float v) {
  const float e = ExpNeg(v);
  return v >= 0.0f ? 1.0f / (1.0f + e) : e / (1.0f + e);
}
static inline float SiluAt(float v) { return v * Sig(v); }
static inline float SiluGradAt(float v, float g) {
  const float s = Sig(v);
  return g * s * (1.0f + v * (1.0f - s));
}

static ffi::Error SiluFwd(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* in = x.typed_data();
  float* out = y->typed_data();
  for (int64_t i = 0; i < static_cast<int64_t>(x.element_count()); ++i) out[i] = SiluAt(in[i]);
  return ffi::Error::Success();
}

static ffi::Error SiluBwdFn(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                            ffi::ResultBuffer<ffi::F32> ct_x) {
  const float* in = x.typed_data();
  const float* g = ct_y.typed_data();
  float* out = ct_x->typed_data();
  for (int64_t i = 0; i < static_cast<int64_t>(x.element_count()); ++i) out[i] = SiluGradAt(in[i], g[i]);
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluFwd,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdFn,
                              ffi::Ffi::Bind()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Ret<ffi::Buffer<ffi::F32>>());
