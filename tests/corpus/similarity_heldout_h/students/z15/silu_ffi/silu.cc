// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

static inline float sigm(float x) {
  return x >= 0.f ? 1.f / (1.f + std::exp(-x)) : 1.f - 1.f / (1.f + std::exp(x));
}

static ffi::Error silu_fwd(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* p = x.typed_data();
  const float* end = p + x.element_count();
  float* q = y->typed_data();
  for (; p != end; ++p, ++q) *q = *p * sigm(*p);
  return ffi::Error::Success();
}

// grad: g * (s + x s (1 - s))
static ffi::Error silu_bwd(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> g, ffi::ResultBuffer<ffi::F32> dx) {
  const float* p = x.typed_data();
  const float* end = p + x.element_count();
  const float* gp = g.typed_data();
  float* q = dx->typed_data();
  for (; p != end; ++p, ++gp, ++q) {
    const float s = sigm(*p);
    *q = *gp * (s + *p * s * (1.f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, silu_fwd,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, silu_bwd,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
