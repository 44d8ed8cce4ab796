// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// Stable logistic function: never evaluates exp of a large positive number.
static inline float StableSigmoid(float v) {
  if (v >= 0.0f) return 1.0f / (1.0f + std::exp(-v));
  const float e = std::exp(v);
  return e / (1.0f + e);
}

// y[i] = x[i] * sigmoid(x[i]) over every element (0-d: one, empty: none).
static ffi::Error SiluForwardImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const int64_t count = x.element_count();
  const float* src = x.typed_data();
  float* dst = y->typed_data();
  int64_t i = 0;
  for (; i + 4 <= count; i += 4) {
    dst[i] = src[i] * StableSigmoid(src[i]);
    dst[i + 1] = src[i + 1] * StableSigmoid(src[i + 1]);
    dst[i + 2] = src[i + 2] * StableSigmoid(src[i + 2]);
    dst[i + 3] = src[i + 3] * StableSigmoid(src[i + 3]);
  }
  for (; i < count; ++i) {
    dst[i] = src[i] * StableSigmoid(src[i]);
  }
  return ffi::Error::Success();
}

// ct_x[i] = ct_y[i] * s * (1 + x (1 - s)).
static ffi::Error SiluBackwardImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                                   ffi::ResultBuffer<ffi::F32> ct_x) {
  const int64_t count = x.element_count();
  const float* src = x.typed_data();
  const float* cot = ct_y.typed_data();
  float* dst = ct_x->typed_data();
  int64_t i = 0;
  for (; i + 2 <= count; i += 2) {
    const float s0 = StableSigmoid(src[i]);
    const float s1 = StableSigmoid(src[i + 1]);
    dst[i] = cot[i] * s0 * (1.0f + src[i] * (1.0f - s0));
    dst[i + 1] = cot[i + 1] * s1 * (1.0f + src[i + 1] * (1.0f - s1));
  }
  if (i < count) {
    const float s = StableSigmoid(src[i]);
    dst[i] = cot[i] * s * (1.0f + src[i] * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluForwardImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBackwardImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
