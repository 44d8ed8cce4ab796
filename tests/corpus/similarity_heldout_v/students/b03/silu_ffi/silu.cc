// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

class Logistic {
 public:
  explicit Logistic(float x) : x_(x) {}
  float value() const {
    if (x_ < 0.0f) {
      float e = std::exp(x_);
      return e / (1.0f + e);
    }
    return 1.0f / (1.0f + std::exp(-x_));
  }

 private:
  float x_;
};

ffi::Error SiluHandler(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* src = x.typed_data();
  float* dst = y->typed_data();
  for (size_t i = 0, n = x.element_count(); i < n; ++i) {
    dst[i] = src[i] * Logistic(src[i]).value();
  }
  return ffi::Error::Success();
}

ffi::Error SiluBwdHandler(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                          ffi::ResultBuffer<ffi::F32> ct_x) {
  const float* src = x.typed_data();
  const float* up = ct_y.typed_data();
  float* dst = ct_x->typed_data();
  for (size_t i = 0, n = x.element_count(); i < n; ++i) {
    const float s = Logistic(src[i]).value();
    dst[i] = up[i] * s * (1.0f + src[i] * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluHandler,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdHandler,
                              ffi::Ffi::Bind()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Ret<ffi::Buffer<ffi::F32>>());
