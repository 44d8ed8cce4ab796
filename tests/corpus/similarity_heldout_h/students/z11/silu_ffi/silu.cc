#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// SiLU forward / backward
static inline float sg(float v) { return 0.5f * (1.0f + std::tanh(0.5f * v)); }

static ffi::Error SiluF(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  auto n = x.element_count();
  auto* in = x.typed_data();
  auto* out = y->typed_data();
  int64_t i = 0;
  for (; i + 4 <= n; i += 4) {
    out[i] = in[i] * sg(in[i]);
    out[i + 1] = in[i + 1] * sg(in[i + 1]);
    out[i + 2] = in[i + 2] * sg(in[i + 2]);
    out[i + 3] = in[i + 3] * sg(in[i + 3]);
  }
  for (; i < n; i++) out[i] = in[i] * sg(in[i]);
  return ffi::Error::Success();
}

static ffi::Error SiluB(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct, ffi::ResultBuffer<ffi::F32> dx) {
  auto n = x.element_count();
  auto* in = x.typed_data();
  auto* g = ct.typed_data();
  auto* out = dx->typed_data();
  int64_t i = 0;
  for (; i + 2 <= n; i += 2) {
    float s0 = sg(in[i]);
    float s1 = sg(in[i + 1]);
    out[i] = g[i] * (s0 + in[i] * s0 * (1.0f - s0));
    out[i + 1] = g[i + 1] * (s1 + in[i + 1] * s1 * (1.0f - s1));
  }
  if (i < n) {
    float s = sg(in[i]);
    out[i] = g[i] * (s + in[i] * s * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluF,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluB,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
