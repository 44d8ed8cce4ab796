// Exercise 3: SiLU forward/backward as XLA FFI handlers (float32, any shape).
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

namespace {

// Numerically stable logistic function: exp() never sees a large positive argument.
inline float Sigmoid(float x) {
  if (x >= 0.0f) {
    return 1.0f / (1.0f + std::exp(-x));
  }
  float e = std::exp(x);
  return e / (1.0f + e);
}

ffi::Error SiluForward(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* src = x.typed_data();
  float* dst = y->typed_data();
  size_t n = x.element_count();
  for (size_t i = 0; i < n; ++i) {
    dst[i] = src[i] * Sigmoid(src[i]);
  }
  return ffi::Error::Success();
}

ffi::Error SiluBackward(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                        ffi::ResultBuffer<ffi::F32> ct_x) {
  const float* src = x.typed_data();
  const float* gy = ct_y.typed_data();
  float* gx = ct_x->typed_data();
  size_t n = x.element_count();
  for (size_t i = 0; i < n; ++i) {
    float s = Sigmoid(src[i]);
    gx[i] = gy[i] * s * (1.0f + src[i] * (1.0f - s));
  }
  return ffi::Error::Success();
}

}  // namespace

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluForward,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBackward,
                              ffi::Ffi::Bind()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Ret<ffi::Buffer<ffi::F32>>());
