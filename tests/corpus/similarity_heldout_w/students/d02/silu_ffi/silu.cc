// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

static float sig(float v) {
  if (float e; v < 0.0f && (e = std::exp(v)) >= 0.0f) return e / (1.0f + e);
  return 1.0f / (1.0f + std::exp(-v));
}

static ffi::Error Forward(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  if (auto n = x.element_count(); n > 0) {
    const float* a = x.typed_data();
    float* b = y->typed_data();
    for (size_t i = 0; i < n; ++i) b[i] = a[i] * sig(a[i]);
  }
  return ffi::Error::Success();
}

static ffi::Error Backward(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                           ffi::ResultBuffer<ffi::F32> ct_x) {
  if (auto n = x.element_count(); n > 0) {
    const float* a = x.typed_data();
    const float* g = ct_y.typed_data();
    float* r = ct_x->typed_data();
    for (size_t i = 0; i < n; ++i) {
      const float s = sig(a[i]);
      r[i] = g[i] * s * (1.0f + a[i] * (1.0f - s));
    }
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, Forward,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, Backward,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
