#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

#include <vector>

static float Logistic(float v) { return 1.0f / (1.0f + std::exp(-v)); }

// forward
static ffi::Error SiluImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const int64_t n = x.element_count();
  const float* in = x.typed_data();
  float* out = y->typed_data();
  int64_t i = 0;
  while (i < n) {
    out[i] = in[i] * Logistic(in[i]);
    ++i;
  }
  return ffi::Error::Success();
}

// backward
static ffi::Error SiluGradImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> g,
                               ffi::ResultBuffer<ffi::F32> dx) {
  const int64_t n = x.element_count();
  const float* in = x.typed_data();
  const float* gin = g.typed_data();
  float* out = dx->typed_data();
  int64_t i = 0;
  while (i < n) {
    const float s = Logistic(in[i]);
    out[i] = gin[i] * s * (1.0f + in[i] - in[i] * s);
    ++i;
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluGradImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
