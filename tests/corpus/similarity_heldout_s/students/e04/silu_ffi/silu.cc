// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

static float Sigmoid(float v) {
  if (v < 0.0f) {
    const float e = std::exp(v);
    return e / (1.0f + e);
  }
  return 1.0f / (1.0f + std::exp(-v));
}

static ffi::Error SiluFwdHandler(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const size_t n = x.element_count();
  if (y->element_count() != n) {
    return ffi::Error(ffi::ErrorCode::kInvalidArgument, "Silu: output size differs from input size");
  }
  if (n == 0) return ffi::Error::Success();
  const float* xs = x.typed_data();
  float* ys = y->typed_data();
  for (size_t i = 0; i < n; ++i) ys[i] = xs[i] * Sigmoid(xs[i]);
  return ffi::Error::Success();
}

static ffi::Error SiluBwdHandler(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                                 ffi::ResultBuffer<ffi::F32> ct_x) {
  const size_t n = x.element_count();
  if (ct_y.element_count() != n || ct_x->element_count() != n) {
    return ffi::Error(ffi::ErrorCode::kInvalidArgument, "SiluBwd: x, ct_y and ct_x differ in size");
  }
  if (n == 0) return ffi::Error::Success();
  const float* xs = x.typed_data();
  const float* gs = ct_y.typed_data();
  float* out = ct_x->typed_data();
  for (size_t i = 0; i < n; ++i) {
    const float s = Sigmoid(xs[i]);
    out[i] = gs[i] * s * (1.0f + xs[i] * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluFwdHandler,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdHandler,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
