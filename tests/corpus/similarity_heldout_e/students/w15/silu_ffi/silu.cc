#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

static inline float Sigmoid(float z) { return 1.0f / (1.0f + std::exp(-z)); }

static ffi::Error SiluForwardImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* xd = x.typed_data();
  float* yd = y->typed_data();
  const size_t n = x.element_count();
  size_t i = 0;
  for (; i + 4 <= n; i += 4) {
    yd[i] = xd[i] * Sigmoid(xd[i]);
    yd[i + 1] = xd[i + 1] * Sigmoid(xd[i + 1]);
    yd[i + 2] = xd[i + 2] * Sigmoid(xd[i + 2]);
    yd[i + 3] = xd[i + 3] * Sigmoid(xd[i + 3]);
  }
  for (; i < n; ++i) yd[i] = xd[i] * Sigmoid(xd[i]);
  return ffi::Error::Success();
}

static ffi::Error SiluBackwardImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                                   ffi::ResultBuffer<ffi::F32> ct_x) {
  const float* xd = x.typed_data();
  const float* gd = ct_y.typed_data();
  float* od = ct_x->typed_data();
  const size_t n = x.element_count();
  size_t i = 0;
  for (; i + 2 <= n; i += 2) {
    const float s0 = Sigmoid(xd[i]);
    const float s1 = Sigmoid(xd[i + 1]);
    od[i] = gd[i] * (s0 + xd[i] * s0 * (1.0f - s0));
    od[i + 1] = gd[i + 1] * (s1 + xd[i + 1] * s1 * (1.0f - s1));
  }
  if (i < n) {
    const float s = Sigmoid(xd[i]);
    od[i] = gd[i] * (s + xd[i] * s * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluForwardImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBackwardImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
