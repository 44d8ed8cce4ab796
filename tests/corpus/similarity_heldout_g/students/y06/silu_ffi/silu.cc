#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

static float Sig(float x) {
  float e = std::exp(-std::abs(x));
  return x >= 0 ? 1.0f / (1.0f + e) : e / (1.0f + e);
}

static ffi::Error SiluImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* xp = x.typed_data();
  const float* end = xp + x.element_count();
  float* yp = y->typed_data();
  while (xp != end) {
    *yp++ = *xp * Sig(*xp);
    ++xp;
  }
  return ffi::Error::Success();
}

static ffi::Error SiluBwdImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> g, ffi::ResultBuffer<ffi::F32> out) {
  const float* xp = x.typed_data();
  const float* end = xp + x.element_count();
  const float* gp = g.typed_data();
  float* op = out->typed_data();
  while (xp < end) {
    float s = Sig(*xp);
    *op = *gp * s * (1.0f + *xp - *xp * s);
    ++xp;
    ++gp;
    ++op;
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
