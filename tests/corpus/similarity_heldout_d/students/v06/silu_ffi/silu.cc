#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

static ffi::Error SiluImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* xs = x.typed_data();
  float* ys = y->typed_data();
  const int64_t n = x.element_count();
  for (int64_t k = 0; k < n; ++k) {
    const float s = 1.0f / (1.0f + std::exp(-xs[k]));
    ys[k] = xs[k] * s;
  }
  return ffi::Error::Success();
}

static ffi::Error SiluBwdImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                              ffi::ResultBuffer<ffi::F32> ct_x) {
  const float* xs = x.typed_data();
  const float* cs = ct_y.typed_data();
  float* out = ct_x->typed_data();
  const int64_t n = x.element_count();
  for (int64_t k = 0; k < n; ++k) {
    const float s = 1.0f / (1.0f + std::exp(-xs[k]));
    out[k] = cs[k] * s * (1.0f + xs[k] * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
