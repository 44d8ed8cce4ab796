// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

namespace {

float sigmoid(float v) {
  if (v >= 0.0f) {
    return 1.0f / (1.0f + std::exp(-v));
  }
  const float e = std::exp(v);
  return e / (1.0f + e);
}

}  // namespace

static ffi::Error silu_forward(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const size_t n = x.element_count();
  if (y->element_count() != n) {
    return ffi::Error(ffi::ErrorCode::kInvalidArgument, "silu: size mismatch");
  }
  if (n == 0) {
    return ffi::Error::Success();
  }
  const float* in = x.typed_data();
  float* out = y->typed_data();
  for (size_t i = 0; i < n; ++i) {
    out[i] = in[i] * sigmoid(in[i]);
  }
  return ffi::Error::Success();
}

static ffi::Error silu_backward(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                                ffi::ResultBuffer<ffi::F32> ct_x) {
  const size_t n = x.element_count();
  if (ct_y.element_count() != n || ct_x->element_count() != n) {
    return ffi::Error(ffi::ErrorCode::kInvalidArgument, "silu_bwd: size mismatch");
  }
  if (n == 0) {
    return ffi::Error::Success();
  }
  const float* in = x.typed_data();
  const float* g = ct_y.typed_data();
  float* out = ct_x->typed_data();
  for (size_t i = 0; i < n; ++i) {
    const float s = sigmoid(in[i]);
    out[i] = g[i] * s * (1.0f + in[i] * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, silu_forward,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, silu_backward,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
