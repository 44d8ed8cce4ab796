#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

static ffi::Error SiluImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* p = x.typed_data();
  float* q = y->typed_data();
  for (int64_t i = 0; i < x.element_count(); ++i) q[i] = p[i] / (1.0f + std::exp(-p[i]));
  return ffi::Error::Success();
}

static ffi::Error SiluBwdImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                              ffi::ResultBuffer<ffi::F32> ct_x) {
  const float* p = x.typed_data();
  const float* g = ct_y.typed_data();
  float* q = ct_x->typed_data();
  for (int64_t i = 0; i < x.element_count(); ++i) {
    float s = 1.0f / (1.0f + std::exp(-p[i]));
    q[i] = g[i] * (s * (1.0f + p[i] * (1.0f - s)));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
