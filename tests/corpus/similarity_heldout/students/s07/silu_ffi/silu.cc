#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// sigmoid(v) written with exp(-|v|) so it never overflows
static float sigmoid(float v) {
  float z = std::exp(-std::fabs(v));
  return v >= 0 ? 1.0f / (1.0f + z) : z / (1.0f + z);
}

static ffi::Error silu_impl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  int64_t n = x.element_count();
  const float* xs = x.typed_data();
  float* ys = y->typed_data();
  for (int64_t i = 0; i < n; i++) {
    ys[i] = xs[i] * sigmoid(xs[i]);
  }
  return ffi::Error::Success();
}

static ffi::Error silu_bwd_impl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                                ffi::ResultBuffer<ffi::F32> ct_x) {
  int64_t n = x.element_count();
  const float* xs = x.typed_data();
  const float* gs = ct_y.typed_data();
  float* out = ct_x->typed_data();
  for (int64_t i = 0; i < n; i++) {
    float s = sigmoid(xs[i]);
    out[i] = gs[i] * (s + xs[i] * s * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, silu_impl,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());

XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, silu_bwd_impl,
                              ffi::Ffi::Bind()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Ret<ffi::Buffer<ffi::F32>>());
