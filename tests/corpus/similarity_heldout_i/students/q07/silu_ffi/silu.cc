// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;


/* 在这条注释下面实现两个 handler,并用 XLA_FFI_DEFINE_HANDLER_SYMBOL 把它们导出为 Silu 和 SiluBwd。
*/

// 1. sigmoid, written so exp never overflows
static float Sigmoid(float x) {
  if (x < 0.0f) {
    float e = std::exp(x);
    return e / (1.0f + e);
  }
  return 1.0f / (1.0f + std::exp(-x));
}

// 2. forward: y = x * s
static ffi::Error SiluImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  size_t n = x.element_count();
  const float* xs = x.typed_data();
  float* ys = y->typed_data();
  for (size_t i = 0; i < n; ++i) {
    ys[i] = xs[i] * Sigmoid(xs[i]);
  }
  return ffi::Error::Success();
}

// 3. backward: ct_x = ct_y * s * (1 + x * (1 - s))
static ffi::Error SiluBwdImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                              ffi::ResultBuffer<ffi::F32> ct_x) {
  size_t n = x.element_count();
  const float* xs = x.typed_data();
  const float* gs = ct_y.typed_data();
  float* out = ct_x->typed_data();
  for (size_t i = 0; i < n; ++i) {
    float s = Sigmoid(xs[i]);
    out[i] = gs[i] * s * (1.0f + xs[i] * (1.0f - s));
  }
  return ffi::Error::Success();
}

// 4. export the handlers
XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());

