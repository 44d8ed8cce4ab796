// SiLU kernels for XLA FFI
#include <cmath>
#include <cstddef>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

namespace silu_detail {

float stable_sigmoid(float x) {
  // split on the sign so that exp() only ever gets a value <= 0
  if (x < 0.0f) {
    const float ex = std::exp(x);
    return ex / (ex + 1.0f);
  }
  return 1.0f / (std::exp(-x) + 1.0f);
}

}  // namespace silu_detail

ffi::Error SiluFwdImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const std::size_t count = x.element_count();
  for (std::size_t k = 0; k < count; ++k) {
    const float v = x.typed_data()[k];
    y->typed_data()[k] = v * silu_detail::stable_sigmoid(v);
  }
  return ffi::Error::Success();
}

ffi::Error SiluBwdImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y, ffi::ResultBuffer<ffi::F32> ct_x) {
  const std::size_t count = x.element_count();
  for (std::size_t k = 0; k < count; ++k) {
    const float v = x.typed_data()[k];
    const float sg = silu_detail::stable_sigmoid(v);
    ct_x->typed_data()[k] = ct_y.typed_data()[k] * sg * (1.0f + v * (1.0f - sg));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluFwdImpl,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdImpl,
                              ffi::Ffi::Bind()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Ret<ffi::Buffer<ffi::F32>>());
