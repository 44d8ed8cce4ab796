// SiLU kernels: y = x * sigmoid(x) and its vector-Jacobian product.
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

namespace {

// numerically stable logistic: never exponentiates a large positive number
inline float StableSigmoid(float v) {
  if (v >= 0.0f) {
    return 1.0f / (1.0f + std::exp(-v));
  }
  const float e = std::exp(v);
  return e / (1.0f + e);
}

ffi::Error SiluForward(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* src = x.typed_data();
  float* dst = y->typed_data();
  for (int64_t i = 0, n = x.element_count(); i < n; ++i) {
    dst[i] = src[i] * StableSigmoid(src[i]);
  }
  return ffi::Error::Success();
}

ffi::Error SiluBackward(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y, ffi::ResultBuffer<ffi::F32> ct_x) {
  const float* src = x.typed_data();
  const float* ct = ct_y.typed_data();
  float* dst = ct_x->typed_data();
  for (int64_t i = 0, n = x.element_count(); i < n; ++i) {
    const float s = StableSigmoid(src[i]);
    dst[i] = ct[i] * (s + src[i] * s * (1.0f - s));
  }
  return ffi::Error::Success();
}

}  // namespace

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluForward,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBackward,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
