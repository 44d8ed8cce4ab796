#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

static inline float Sigmoid(float z) { return 1.0f / (1.0f + std::exp(-z)); }

static ffi::Error SiluForwardImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* xd = x.typed_data();
  float* yd = y->typed_data();
  const size_t n = x.element_count();
  for (size_t i = 0; i < n; ++i) {
    yd[i] = xd[i] * Sigmoid(xd[i]);
  }
  return ffi::Error::Success();
}

// d/dx [x s(x)] = s + x s (1 - s)
static ffi::Error SiluBackwardImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                                   ffi::ResultBuffer<ffi::F32> ct_x) {
  const float* xd = x.typed_data();
  const float* gd = ct_y.typed_data();
  float* od = ct_x->typed_data();
  const size_t n = x.element_count();
  for (size_t i = 0; i < n; ++i) {
    const float s = Sigmoid(xd[i]);
    od[i] = gd[i] * (s + xd[i] * s * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluForwardImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBackwardImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
