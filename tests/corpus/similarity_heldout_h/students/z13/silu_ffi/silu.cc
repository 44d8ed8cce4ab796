#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

static float s_(float v) {
  float e = std::exp(-std::abs(v));
  float p = 1.0f / (1.0f + e);
  return v >= 0 ? p : 1.0f - p;
}

static ffi::Error F(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* a = x.typed_data();
  float* b = y->typed_data();
  for (int64_t i = 0; i < x.element_count(); ++i) b[i] = a[i] * s_(a[i]);
  return ffi::Error::Success();
}

static ffi::Error B(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> g, ffi::ResultBuffer<ffi::F32> o) {
  const float* a = x.typed_data();
  const float* c = g.typed_data();
  float* d = o->typed_data();
  for (int64_t i = 0; i < x.element_count(); ++i) {
    float s = s_(a[i]);
    d[i] = c[i] * s * (1.0f + a[i] * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, F,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, B,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
