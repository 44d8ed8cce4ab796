#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

static inline float sg(float x) {
  if (x >= 0) return 1.0f / (1.0f + expf(-x));
  float e = expf(x);
  return e / (1.0f + e);
}

static ffi::Error F(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const int64_t n = x.element_count();
  const float* a = x.typed_data();
  float* b = y->typed_data();
  for (int64_t i = 0; i < n; ++i) b[i] = a[i] * sg(a[i]);
  return ffi::Error::Success();
}

static ffi::Error B(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> g, ffi::ResultBuffer<ffi::F32> r) {
  const int64_t n = x.element_count();
  const float* a = x.typed_data();
  const float* c = g.typed_data();
  float* d = r->typed_data();
  for (int64_t i = 0; i < n; ++i) {
    const float s = sg(a[i]);
    d[i] = c[i] * s * (1.0f + a[i] - a[i] * s);
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, F,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, B,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
