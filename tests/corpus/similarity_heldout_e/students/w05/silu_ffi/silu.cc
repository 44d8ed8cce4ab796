#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// σ(x)
static float Sig(float x) { return 1.0f / (1.0f + std::exp(-x)); }

// 前向 handler
static ffi::Error SiluImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* xs = x.typed_data();
  float* ys = y->typed_data();
  int64_t n = x.element_count();
  for (int64_t i = 0; i < n; ++i) {
    ys[i] = xs[i] * Sig(xs[i]);
  }
  return ffi::Error::Success();
}

// 反向 handler
static ffi::Error SiluBwdImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct,
                              ffi::ResultBuffer<ffi::F32> dx) {
  const float* xs = x.typed_data();
  const float* cs = ct.typed_data();
  float* ds = dx->typed_data();
  int64_t n = x.element_count();
  for (int64_t i = 0; i < n; ++i) {
    float s = Sig(xs[i]);
    float grad = s + xs[i] * s * (1.0f - s);  // d silu / dx
    ds[i] = cs[i] * grad;
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
