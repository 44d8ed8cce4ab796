// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

static float Logistic(float v) {
  if (v < 0.0f) {
    const float t = std::exp(v);
    return t / (t + 1.0f);
  }
  return 1.0f / (std::exp(-v) + 1.0f);
}

static ffi::Error ForwardSilu(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* in = x.typed_data();
  float* out = y->typed_data();
  for (const float* p = in; p != in + x.element_count(); ++p, ++out) {
    *out = *p * Logistic(*p);
  }
  return ffi::Error::Success();
}

static ffi::Error BackwardSilu(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                               ffi::ResultBuffer<ffi::F32> ct_x) {
  const float* in = x.typed_data();
  const float* g = ct_y.typed_data();
  float* out = ct_x->typed_data();
  for (const float* p = in; p != in + x.element_count(); ++p, ++g, ++out) {
    const float s = Logistic(*p);
    *out = *g * (s + *p * s * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, ForwardSilu,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, BackwardSilu,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
