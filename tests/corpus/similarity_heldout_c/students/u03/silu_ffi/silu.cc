#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

namespace {

float Logistic(float z) {
  if (z >= 0.0f) {
    return 1.0f / (1.0f + std::exp(-z));
  }
  const float ez = std::exp(z);
  return ez / (1.0f + ez);
}

ffi::Error SiluFwdImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* src = x.typed_data();
  float* dst = y->typed_data();
  for (size_t k = 0; k < x.element_count(); ++k) {
    dst[k] = src[k] * Logistic(src[k]);
  }
  return ffi::Error::Success();
}

ffi::Error SiluBwdImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y, ffi::ResultBuffer<ffi::F32> ct_x) {
  const float* src = x.typed_data();
  const float* ct = ct_y.typed_data();
  float* dst = ct_x->typed_data();
  for (size_t k = 0; k < x.element_count(); ++k) {
    const float z = src[k];
    const float sg = Logistic(z);
    dst[k] = ct[k] * sg * (1.0f + z * (1.0f - sg));
  }
  return ffi::Error::Success();
}

}  // namespace

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluFwdImpl,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdImpl,
                              ffi::Ffi::Bind()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Ret<ffi::Buffer<ffi::F32>>());
