#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

static float sgm(float v) { return v >= 0.f ? 1.f / (1.f + std::exp(-v)) : std::exp(v) / (1.f + std::exp(v)); }

// fwd
static ffi::Error SiluImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* p = x.typed_data();
  float* q = y->typed_data();
  const int64_t n = x.element_count();
  for (int64_t i = 0; i < n; ++i) q[i] = p[i] * sgm(p[i]);
  return ffi::Error::Success();
}

// bwd
static ffi::Error SiluBwdImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct, ffi::ResultBuffer<ffi::F32> dx) {
  const float* p = x.typed_data();
  const float* c = ct.typed_data();
  float* q = dx->typed_data();
  const int64_t n = x.element_count();
  for (int64_t i = 0; i < n; ++i) {
    const float s = sgm(p[i]);
    q[i] = c[i] * (s + p[i] * s * (1.f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
