#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// sigmoid in double, stable both ways
static double Sig(double v) {
  return v >= 0.0 ? 1.0 / (1.0 + std::exp(-v)) : std::exp(v) / (1.0 + std::exp(v));
}

static ffi::Error SiluFwd(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  for (int64_t i = 0; i < x.element_count(); ++i) {
    double v = x.typed_data()[i];
    y->typed_data()[i] = static_cast<float>(v * Sig(v));
  }
  return ffi::Error::Success();
}

static ffi::Error SiluBwdFn(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y, ffi::ResultBuffer<ffi::F32> ct_x) {
  for (int64_t i = 0; i < x.element_count(); ++i) {
    double v = x.typed_data()[i];
    double s = Sig(v);
    ct_x->typed_data()[i] = static_cast<float>(ct_y.typed_data()[i] * s * (1.0 + v * (1.0 - s)));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluFwd,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdFn,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
