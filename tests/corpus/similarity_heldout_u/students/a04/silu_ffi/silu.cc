// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

/**
 * @brief Logistic function, evaluated so that exp never overflows into inf/inf.
 * @param v input value
 * @return 1 / (1 + e^{-v})
 */
static float StableSigmoid(float v) {
  const float e = std::exp(-std::fabs(v));
  return v >= 0.0f ? 1.0f / (1.0f + e) : e / (1.0f + e);
}

/**
 * @brief Forward handler: y = x * sigmoid(x) for every element.
 */
static ffi::Error SiluForwardImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const std::size_t count = x.element_count();
  const float* src = x.typed_data();
  float* dst = y->typed_data();
  for (std::size_t k = 0; k < count; ++k) {
    dst[k] = src[k] * StableSigmoid(src[k]);
  }
  return ffi::Error::Success();
}

/**
 * @brief Backward handler: ct_x = ct_y * s * (1 + x * (1 - s)).
 */
static ffi::Error SiluBackwardImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                                   ffi::ResultBuffer<ffi::F32> ct_x) {
  const std::size_t count = x.element_count();
  const float* src = x.typed_data();
  const float* grad = ct_y.typed_data();
  float* dst = ct_x->typed_data();
  for (std::size_t k = 0; k < count; ++k) {
    const float s = StableSigmoid(src[k]);
    dst[k] = grad[k] * s * (1.0f + src[k] * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluForwardImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBackwardImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
