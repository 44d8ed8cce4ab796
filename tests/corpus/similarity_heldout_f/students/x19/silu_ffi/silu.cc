#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

namespace {

// sigmoid:x >= 0 用 1/(1+e^-x),x < 0 用 e^x/(1+e^x)
inline float sigmoid(float x) {
  if (x >= 0.0f) {
    return 1.0f / (1.0f + std::exp(-x));
  }
  const float e = std::exp(x);
  return e / (1.0f + e);
}

ffi::Error Forward(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* in = x.typed_data();
  float* out = y->typed_data();
  const int64_t count = x.element_count();
  for (int64_t i = 0; i < count; ++i) {
    const float xi = in[i];
    out[i] = xi * sigmoid(xi);
  }
  return ffi::Error::Success();
}

ffi::Error Backward(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y, ffi::ResultBuffer<ffi::F32> ct_x) {
  const float* in = x.typed_data();
  const float* ct = ct_y.typed_data();
  float* out = ct_x->typed_data();
  const int64_t count = x.element_count();
  for (int64_t i = 0; i < count; ++i) {
    const float xi = in[i];
    const float s = sigmoid(xi);
    // s + x·s·(1 − s)
    out[i] = ct[i] * (s + xi * s * (1.0f - s));
  }
  return ffi::Error::Success();
}

}  // namespace

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, Forward,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, Backward,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
