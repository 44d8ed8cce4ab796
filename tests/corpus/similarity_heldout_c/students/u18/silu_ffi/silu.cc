#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

namespace {

// 数值稳定:只对非正数求 exp
float StableSigmoid(float v) {
  if (v >= 0.0f) {
    return 1.0f / (1.0f + std::exp(-v));
  }
  const float e = std::exp(v);
  return e / (1.0f + e);
}

ffi::Error Forward(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* xin = x.typed_data();
  float* yout = y->typed_data();
  for (size_t i = 0; i < x.element_count(); ++i) {
    yout[i] = xin[i] * StableSigmoid(xin[i]);
  }
  return ffi::Error::Success();
}

ffi::Error Backward(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y, ffi::ResultBuffer<ffi::F32> ct_x) {
  const float* xin = x.typed_data();
  const float* gin = ct_y.typed_data();
  float* gout = ct_x->typed_data();
  for (size_t i = 0; i < x.element_count(); ++i) {
    const float v = xin[i];
    const float s = StableSigmoid(v);
    gout[i] = gin[i] * s;
  }
  return ffi::Error::Success();
}

}  // namespace

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, Forward,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, Backward,
                              ffi::Ffi::Bind()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Ret<ffi::Buffer<ffi::F32>>());
