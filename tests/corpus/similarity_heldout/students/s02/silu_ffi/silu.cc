// 练习 3
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

ffi::Error SiluFn(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  auto n = x.element_count();
  for (decltype(n) i = 0; i < n; i++) {
    float v = x.typed_data()[i];
    float e = std::exp(v);
    y->typed_data()[i] = v * e / (1.0f + e);  // sigmoid = e^x / (1 + e^x)
  }
  return ffi::Error::Success();
}

ffi::Error SiluBwdFn(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y, ffi::ResultBuffer<ffi::F32> ct_x) {
  auto n = x.element_count();
  for (decltype(n) i = 0; i < n; i++) {
    float v = x.typed_data()[i];
    float e = std::exp(v);
    float s = e / (1.0f + e);
    ct_x->typed_data()[i] = ct_y.typed_data()[i] * (s + v * s * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluFn, ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdFn,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
