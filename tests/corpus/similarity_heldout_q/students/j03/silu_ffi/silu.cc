// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

namespace {

inline float sigmoid(float x) noexcept {
  const float e = std::exp(-std::fabs(x));
  return x >= 0.0f ? 1.0f / (1.0f + e) : e / (1.0f + e);
}

ffi::Error silu_fwd_impl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const std::size_t n = x.element_count();
  const float* __restrict xs = x.typed_data();
  float* __restrict ys = y->typed_data();
  for (std::size_t i = 0; i != n; ++i) ys[i] = xs[i] * sigmoid(xs[i]);
  return ffi::Error::Success();
}

ffi::Error silu_bwd_impl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> dy, ffi::ResultBuffer<ffi::F32> dx) {
  const std::size_t n = x.element_count();
  const float* __restrict xs = x.typed_data();
  const float* __restrict gs = dy.typed_data();
  float* __restrict out = dx->typed_data();
  for (std::size_t i = 0; i != n; ++i) {
    const float s = sigmoid(xs[i]);
    out[i] = gs[i] * (s + xs[i] * s * (1.0f - s));
  }
  return ffi::Error::Success();
}

}  // namespace

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, silu_fwd_impl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, silu_bwd_impl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
