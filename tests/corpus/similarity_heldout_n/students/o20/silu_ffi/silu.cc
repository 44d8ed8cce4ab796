// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

constexpr float ONE = 1.0f;
constexpr float ZERO = 0.0f;

static inline float SIGMOID(float v) {
  if (v >= ZERO) return ONE / (ONE + std::exp(-v));
  const float ev = std::exp(v);
  return ev / (ONE + ev);
}

static ffi::Error SiluFwd(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const int64_t count = x.element_count();
  const float* xv = x.typed_data();
  float* yv = y->typed_data();
  for (int64_t i = 0; i < count; ++i) yv[i] = xv[i] * SIGMOID(xv[i]);
  return ffi::Error::Success();
}

static ffi::Error SiluBwdFn(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y, ffi::ResultBuffer<ffi::F32> ct_x) {
  const int64_t count = x.element_count();
  const float* xv = x.typed_data();
  const float* gv = ct_y.typed_data();
  float* out = ct_x->typed_data();
  for (int64_t i = 0; i < count; ++i) {
    const float s = SIGMOID(xv[i]);
    out[i] = gv[i] * s * (ONE + xv[i] * (ONE - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluFwd,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdFn,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
