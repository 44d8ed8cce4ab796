#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

#include <cstddef>

// two-branch sigmoid
static float sigmoid(float x) {
  if (x < 0.0f) {
    const float e = std::exp(x);
    return e / (e + 1.0f);
  }
  return 1.0f / (std::exp(-x) + 1.0f);
}

static ffi::Error silu(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const std::size_t n = x.element_count();
  const float* in = x.typed_data();
  float* out = y->typed_data();
  for (std::size_t i = 0; i != n; ++i) {
    const float v = in[i];
    out[i] = v * sigmoid(v);
  }
  return ffi::Error::Success();
}

static ffi::Error silu_bwd(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> dy, ffi::ResultBuffer<ffi::F32> dx) {
  const std::size_t n = x.element_count();
  const float* in = x.typed_data();
  const float* g = dy.typed_data();
  float* out = dx->typed_data();
  for (std::size_t i = 0; i != n; ++i) {
    const float s = sigmoid(in[i]);
    out[i] = g[i] * s * (1.0f + in[i] * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, silu,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, silu_bwd,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
