#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

#include <cstddef>

/* Logistic sigmoid. */
static inline float Sigma(float x) { return 1.0f / (1.0f + std::exp(-x)); }

/* Forward handler: y[i] = x[i] * sigma(x[i]). */
static ffi::Error SiluForward(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* src = x.typed_data();
  float* dst = y->typed_data();
  for (std::size_t i = 0, n = x.element_count(); i < n; ++i) {
    const float v = src[i];
    dst[i] = v * Sigma(v);
  }
  return ffi::Error::Success();
}

/* Backward handler: dx[i] = g[i] * s * (1 + x (1 - s)). */
static ffi::Error SiluBackward(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> g,
                               ffi::ResultBuffer<ffi::F32> dx) {
  const float* src = x.typed_data();
  const float* gs = g.typed_data();
  float* dst = dx->typed_data();
  for (std::size_t i = 0, n = x.element_count(); i < n; ++i) {
    const float v = src[i];
    const float s = Sigma(v);
    dst[i] = gs[i] * s * (1.0f + v * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluForward,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBackward,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
