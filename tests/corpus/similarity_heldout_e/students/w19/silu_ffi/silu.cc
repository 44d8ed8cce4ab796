#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

#include <cstddef>

static float Sigmoid(float x) { return 1.0f / (1.0f + std::exp(-x)); }

static ffi::Error SiluImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* xp = x.typed_data();
  float* yp = y->typed_data();
  const std::size_t n = static_cast<std::size_t>(x.element_count());
  for (std::size_t i = 0; i != n; ++i) {
    const float sx = Sigmoid(xp[i]);
    yp[i] = xp[i] * sx;
  }
  return ffi::Error::Success();
}

static ffi::Error SiluBwdImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                              ffi::ResultBuffer<ffi::F32> ct_x) {
  const float* xp = x.typed_data();
  const float* cp = ct_y.typed_data();
  float* rp = ct_x->typed_data();
  const std::size_t n = static_cast<std::size_t>(x.element_count());
  for (std::size_t i = 0; i != n; ++i) {
    const float sx = Sigmoid(xp[i]);
    const float ysilu = xp[i] * sx;
    rp[i] = cp[i] * (ysilu + sx * (1.0f - ysilu));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
