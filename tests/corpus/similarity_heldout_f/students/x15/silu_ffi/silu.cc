#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

static inline float stable_logistic(float v) {
  if (v < 0.0f) {
    float ev = std::exp(v);
    return ev / (1.0f + ev);
  }
  return 1.0f / (1.0f + std::exp(-v));
}

static ffi::Error fwd(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* a = x.typed_data();
  float* b = y->typed_data();
  const size_t cnt = x.element_count();
  for (size_t j = 0; j < cnt; j++) {
    b[j] = a[j] * stable_logistic(a[j]);
  }
  return ffi::Error::Success();
}

static ffi::Error bwd(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                      ffi::ResultBuffer<ffi::F32> ct_x) {
  const float* a = x.typed_data();
  const float* up = ct_y.typed_data();
  float* b = ct_x->typed_data();
  const size_t cnt = x.element_count();
  for (size_t j = 0; j < cnt; j++) {
    float sv = stable_logistic(a[j]);
    b[j] = up[j] * (sv + a[j] * sv * (1.0f - sv));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, fwd,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, bwd,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
