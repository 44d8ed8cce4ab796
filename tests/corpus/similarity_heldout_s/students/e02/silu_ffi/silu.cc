// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

static float SigmoidF(float v) {
  if (v >= 0.0f) return 1.0f / (1.0f + std::exp(-v));
  const float e = std::exp(v);
  return e / (1.0f + e);
}

static ffi::Error DoSilu(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* a = x.typed_data();
  float* b = y->typed_data();
  size_t left = x.element_count();
  while (left > 0) {
    *b = *a * SigmoidF(*a);
    ++a;
    ++b;
    --left;
  }
  return ffi::Error::Success();
}

static ffi::Error DoSiluBwd(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                            ffi::ResultBuffer<ffi::F32> ct_x) {
  const float* a = x.typed_data();
  const float* g = ct_y.typed_data();
  float* b = ct_x->typed_data();
  size_t left = x.element_count();
  while (left > 0) {
    const float s = SigmoidF(*a);
    *b = *g * s * (1.0f + *a * (1.0f - s));
    ++a;
    ++g;
    ++b;
    --left;
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, DoSilu,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, DoSiluBwd,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
