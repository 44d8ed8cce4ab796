// SiLU FFI kernels
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

static float Sigmoid(float x) { return 1.0f / (1.0f + std::exp(-x)); }

static ffi::Error SiluImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* xp = x.typed_data();
  float* yp = y->typed_data();
  for (int64_t i = 0; i < x.element_count(); ++i) {
    yp[i] = xp[i] * Sigmoid(xp[i]);
  }
  return ffi::Error::Success();
}

// chain rule: d silu / dx = s + x * s * (1 - s)
static ffi::Error SiluBwdImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                              ffi::ResultBuffer<ffi::F32> ct_x) {
  const float* xp = x.typed_data();
  const float* gp = ct_y.typed_data();
  float* dp = ct_x->typed_data();
  for (int64_t i = 0; i < x.element_count(); ++i) {
    const float s = Sigmoid(xp[i]);
    const float deriv = s + xp[i] * s * (1.0f - s);
    dp[i] = gp[i] * deriv;
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
