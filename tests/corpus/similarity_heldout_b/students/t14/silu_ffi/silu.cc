#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

template <typename F>
static void ForEach(int64_t n, F&& f) {
  for (int64_t k = 0; k < n; ++k) f(k);
}

static float sigm(float v) { return 0.5f * (1.0f + std::tanh(0.5f * v)); }

static ffi::Error silu_fwd(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* xs = x.typed_data();
  float* ys = y->typed_data();
  ForEach(x.element_count(), [&](int64_t k) { ys[k] = xs[k] * sigm(xs[k]); });
  return ffi::Error::Success();
}

static ffi::Error silu_bwd(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> dy,
                           ffi::ResultBuffer<ffi::F32> dx) {
  const float* xs = x.typed_data();
  const float* gs = dy.typed_data();
  float* out = dx->typed_data();
  ForEach(x.element_count(), [&](int64_t k) {
    float v = xs[k];
    float s = sigm(v);
    out[k] = gs[k] * s * (1.0f + v - v * s);
  });
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, silu_fwd,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, silu_bwd,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
