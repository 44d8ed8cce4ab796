#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

static float sig(float x) {
  float e = std::exp(-std::fabs(x));
  return x >= 0 ? 1.0f / (1.0f + e) : e / (1.0f + e);
}

static ffi::Error Fwd(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  auto n = x.element_count();
  auto* xp = x.typed_data();
  auto* yp = y->typed_data();
  for (decltype(n) i = 0; i < n; ++i) yp[i] = xp[i] * sig(xp[i]);
  return ffi::Error::Success();
}

static ffi::Error Bwd(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> g, ffi::ResultBuffer<ffi::F32> out) {
  auto n = x.element_count();
  auto* xp = x.typed_data();
  auto* gp = g.typed_data();
  auto* op = out->typed_data();
  for (decltype(n) i = 0; i < n; ++i) {
    float s = sig(xp[i]);
    float y = xp[i] * s;
    op[i] = gp[i] * (y + s * (1.0f - y));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, Fwd,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, Bwd,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
