// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

static float sigmoid(float x) {
  if (x < 0.0f) {
    float e = std::exp(x);
    return e / (1.0f + e);
  }
  return 1.0f / (1.0f + std::exp(-x));
}

static ffi::Error silu_fwd(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  int64_t i = 0;
  const int64_t n = x.element_count();
  while (i < n) {
    float v = x.typed_data()[i];
    y->typed_data()[i] = v * sigmoid(v);
    ++i;
  }
  return ffi::Error::Success();
}

// d/dx [x s(x)] = s + x s (1 - s)
static ffi::Error silu_bwd(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y, ffi::ResultBuffer<ffi::F32> ct_x) {
  int64_t i = 0;
  const int64_t n = x.element_count();
  while (i < n) {
    float v = x.typed_data()[i];
    float s = sigmoid(v);
    ct_x->typed_data()[i] = ct_y.typed_data()[i] * (s + v * (1.0f - s));
    ++i;
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, silu_fwd,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, silu_bwd,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
