// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

static float Sig(float v) {
  return v < 0.0f ? std::exp(v) / (1.0f + std::exp(v)) : 1.0f / (1.0f + std::exp(-v));
}

static ffi::Error SiluPtr(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* p = x.typed_data();
  const float* end = p + x.element_count();
  float* q = y->typed_data();
  for (; p != end; ++p, ++q) *q = *p * Sig(*p);
  return ffi::Error::Success();
}

static ffi::Error SiluBwdPtr(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y, ffi::ResultBuffer<ffi::F32> ct_x) {
  const float* p = x.typed_data();
  const float* end = p + x.element_count();
  const float* g = ct_y.typed_data();
  float* q = ct_x->typed_data();
  for (; p != end; ++p, ++g, ++q) {
    const float s = Sig(*p);
    *q = *g * s * (1.0f + *p * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluPtr,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdPtr,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
