// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

#define SILU_ONE 1.0f
#define SILU_ZERO 0.0f

static float sigmoid_f(float v) {
  return v >= SILU_ZERO ? SILU_ONE / (SILU_ONE + std::exp(-v)) : std::exp(v) / (SILU_ONE + std::exp(v));
}

static ffi::Error silu_fwd(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* xv = x.typed_data();
  float* yv = y->typed_data();
  const size_t n = x.element_count();
  for (size_t i = 0; i < n; ++i) yv[i] = xv[i] * sigmoid_f(xv[i]);
  return ffi::Error::Success();
}

static ffi::Error silu_bwd(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y, ffi::ResultBuffer<ffi::F32> ct_x) {
  const float* xv = x.typed_data();
  const float* gv = ct_y.typed_data();
  float* ov = ct_x->typed_data();
  const size_t n = x.element_count();
  for (size_t i = 0; i < n; ++i) {
    const float s = sigmoid_f(xv[i]);
    ov[i] = gv[i] * s * (SILU_ONE + xv[i] * (SILU_ONE - s));
  }
  return ffi::Error::Success();
}

#define F32_BUFFER ffi::Buffer<ffi::F32>

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, silu_fwd, ffi::Ffi::Bind().Arg<F32_BUFFER>().Ret<F32_BUFFER>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, silu_bwd, ffi::Ffi::Bind().Arg<F32_BUFFER>().Arg<F32_BUFFER>().Ret<F32_BUFFER>());
