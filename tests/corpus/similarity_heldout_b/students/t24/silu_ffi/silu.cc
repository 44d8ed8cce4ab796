#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

constexpr float kOne = 1.0f;

// 稳定的 sigmoid
static float sigmoid(float v) {
  if (v >= 0.0f) {
    return kOne / (kOne + std::exp(-v));
  }
  float e = std::exp(v);
  return e / (e + kOne);
}

// 反向:ct_x = ct_y * s * (1 + x (1 - s))
static ffi::Error SiluGrad(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                          ffi::ResultBuffer<ffi::F32> ct_x) {
  const float* in = x.typed_data();
  const float* g = ct_y.typed_data();
  float* out = ct_x->typed_data();
  const int64_t n = x.element_count();
  for (int64_t i = 0; i < n; ++i) {
    float s = sigmoid(in[i]);
    out[i] = g[i] * s * (kOne + in[i] * (kOne - s));
  }
  return ffi::Error::Success();
}

// 前向
static ffi::Error SiluFwd(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* in = x.typed_data();
  float* out = y->typed_data();
  const int64_t n = x.element_count();
  for (int64_t i = 0; i < n; ++i) {
    out[i] = sigmoid(in[i]) * in[i];
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluGrad,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluFwd,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
