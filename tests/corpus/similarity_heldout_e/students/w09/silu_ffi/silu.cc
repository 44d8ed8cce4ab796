#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// 前向:逐元素 x / (1 + e^{-x})
static ffi::Error SiluF(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const int64_t n = x.element_count();
  for (int64_t i = 0; i < n; ++i) {
    const float v = x.typed_data()[i];
    y->typed_data()[i] = v / (1.0f + std::exp(-v));
  }
  return ffi::Error::Success();
}

// 反向:ct * σ * (1 + x(1-σ))
static ffi::Error SiluB(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct,
                        ffi::ResultBuffer<ffi::F32> out) {
  const int64_t n = x.element_count();
  for (int64_t i = 0; i < n; ++i) {
    const float v = x.typed_data()[i];
    const float sig = 1.0f / (1.0f + std::exp(-v));
    out->typed_data()[i] = ct.typed_data()[i] * sig * (1.0f + v * (1.0f - sig));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluF,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluB,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
