#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// numerically stable sigmoid: never exponentiates a positive number
static inline float StableSigmoid(float x) {
  if (x >= 0.0f) {
    return 1.0f / (1.0f + std::exp(-x));
  }
  const float e = std::exp(x);
  return e / (1.0f + e);
}

static ffi::Error SiluFwdImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const int64_t size = x.element_count();
  for (int64_t k = 0; k < size; ++k) {
    const float v = x.typed_data()[k];
    y->typed_data()[k] = v * StableSigmoid(v);
  }
  return ffi::Error::Success();
}

static ffi::Error SiluBwdImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> dy,
                              ffi::ResultBuffer<ffi::F32> dx) {
  const int64_t size = x.element_count();
  for (int64_t k = 0; k < size; ++k) {
    const float v = x.typed_data()[k];
    const float s = StableSigmoid(v);
    dx->typed_data()[k] = dy.typed_data()[k] * s * (1.0f + v * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluFwdImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
