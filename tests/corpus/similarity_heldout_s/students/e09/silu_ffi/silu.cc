// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

static inline float Exp(float v) { return std::exp(v); }

static inline float SigmoidPos(float v) { return 1.0f / (1.0f + Exp(-v)); }

static inline float SigmoidNeg(float v) { return Exp(v) / (1.0f + Exp(v)); }

static inline float Sigmoid(float v) { return v >= 0.0f ? SigmoidPos(v) : SigmoidNeg(v); }

static inline float SiluOf(float v) { return v * Sigmoid(v); }

static inline float SiluGrad(float v) {
  const float s = Sigmoid(v);
  return s * (1.0f + v * (1.0f - s));
}

static ffi::Error SiluKernel(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const int64_t n = x.element_count();
  for (int64_t i = 0; i < n; ++i) y->typed_data()[i] = SiluOf(x.typed_data()[i]);
  return ffi::Error::Success();
}

static ffi::Error SiluBwdKernel(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                                ffi::ResultBuffer<ffi::F32> ct_x) {
  const int64_t n = x.element_count();
  for (int64_t i = 0; i < n; ++i) ct_x->typed_data()[i] = ct_y.typed_data()[i] * SiluGrad(x.typed_data()[i]);
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluKernel,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdKernel,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
