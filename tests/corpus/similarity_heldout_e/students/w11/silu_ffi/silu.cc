#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

static float S(float v) { return 1.0f / (1.0f + std::exp(-v)); }

static ffi::Error F(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* p = x.typed_data();
  float* q = y->typed_data();
  for (int64_t i = 0; i < x.element_count(); ++i) q[i] = p[i] * S(p[i]);
  return ffi::Error::Success();
}

static ffi::Error B(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> g, ffi::ResultBuffer<ffi::F32> r) {
  const float* p = x.typed_data();
  const float* c = g.typed_data();
  float* q = r->typed_data();
  for (int64_t i = 0; i < x.element_count(); ++i) {
    float s = S(p[i]);
    q[i] = c[i] * s * (1.0f + p[i] * s);
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, F,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, B,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
