// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

static float sigmoid(float v) {
  if (v < 0.0f) {
    const float e = std::exp(v);
    return e / (1.0f + e);
  }
  return 1.0f / (1.0f + std::exp(-v));
}

static ffi::Error silu_forward(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const size_t n = x.element_count();
  const float* xp = x.typed_data();
  float* yp = y->typed_data();
  if (n > 0) {
    size_t i = 0;
    do {
      yp[i] = xp[i] * sigmoid(xp[i]);
    } while (++i < n);
  }
  return ffi::Error::Success();
}

static ffi::Error silu_backward(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                                ffi::ResultBuffer<ffi::F32> ct_x) {
  const size_t n = x.element_count();
  const float* xp = x.typed_data();
  const float* gp = ct_y.typed_data();
  float* op = ct_x->typed_data();
  if (n > 0) {
    size_t i = 0;
    do {
      const float s = sigmoid(xp[i]);
      op[i] = gp[i] * s * (1.0f + xp[i] * (1.0f - s));
    } while (++i < n);
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, silu_forward,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, silu_backward,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
