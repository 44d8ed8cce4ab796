// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// Examples:  sigmoid(0) = 0.5, silu(0) = 0, silu(100) = 100, silu(-100) = -0 (tiny)
static float Sigmoid(float v) {
  // sigmoid(-3) = exp(-3) / (1 + exp(-3)) ~ 0.0474
  if (v < 0.0f) {
    const float e = std::exp(v);
    return e / (1.0f + e);
  }
  // sigmoid(3) = 1 / (1 + exp(-3)) ~ 0.9526
  return 1.0f / (1.0f + std::exp(-v));
}

// silu(2) = 2 * 0.8808 ~ 1.7616
static ffi::Error SiluImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const int64_t n = static_cast<int64_t>(x.element_count());
  const float* xv = x.typed_data();
  float* yv = y->typed_data();
  for (int64_t i = 0; i < n; ++i) yv[i] = xv[i] * Sigmoid(xv[i]);
  return ffi::Error::Success();
}

// d silu / dx at 0 = 0.5 * (1 + 0) = 0.5
static ffi::Error SiluBwdImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                              ffi::ResultBuffer<ffi::F32> ct_x) {
  const int64_t n = static_cast<int64_t>(x.element_count());
  const float* xv = x.typed_data();
  const float* gv = ct_y.typed_data();
  float* ov = ct_x->typed_data();
  for (int64_t i = 0; i < n; ++i) {
    const float s = Sigmoid(xv[i]);
    ov[i] = gv[i] * (s + xv[i] * s * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
