// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

/* 在这条注释下面实现两个 handler,并用 XLA_FFI_DEFINE_HANDLER_SYMBOL 把它们导出为 Silu 和 SiluBwd。
*/
// Step 1: sigmoid through tanh, sigma(x) = (1 + tanh(x / 2)) / 2, bounded for any x
static inline float sigmoid_tanh(float x) { return 0.5f * (1.0f + std::tanh(0.5f * x)); }

// Step 2: forward kernel
static ffi::Error SiluImplStep(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const size_t n = x.element_count();
  const float* xs = x.typed_data();
  float* ys = y->typed_data();
  for (size_t i = 0; i < n; ++i) {
    ys[i] = xs[i] * sigmoid_tanh(xs[i]);
  }
  return ffi::Error::Success();
}

// Step 3: backward kernel
static ffi::Error SiluBwdImplStep(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                                  ffi::ResultBuffer<ffi::F32> ct_x) {
  const size_t n = x.element_count();
  const float* xs = x.typed_data();
  const float* gs = ct_y.typed_data();
  float* out = ct_x->typed_data();
  for (size_t i = 0; i < n; ++i) {
    const float s = sigmoid_tanh(xs[i]);
    out[i] = gs[i] * (s + xs[i] * s * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluImplStep,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdImplStep,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
