// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// Step 1: a sigmoid that is safe for large |x|.
static float Sigmoid(float x) {
  if (x < 0.0f) {
    float ex = std::exp(x);
    return ex / (1.0f + ex);
  }
  return 1.0f / (1.0f + std::exp(-x));
}

// Step 2: forward kernel, y = x * sigmoid(x).
static ffi::Error SiluImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* src = x.typed_data();
  const float* const stop = src + x.element_count();
  float* dst = y->typed_data();
  while (src < stop) {
    *dst++ = *src * Sigmoid(*src);
    ++src;
  }
  return ffi::Error::Success();
}

// Step 3: backward kernel.
static ffi::Error SiluBwdImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                              ffi::ResultBuffer<ffi::F32> ct_x) {
  const float* src = x.typed_data();
  const float* const stop = src + x.element_count();
  const float* ct = ct_y.typed_data();
  float* dst = ct_x->typed_data();
  while (src < stop) {
    const float s = Sigmoid(*src);
    *dst++ = *ct++ * s * (1.0f + *src * (1.0f - s));
    ++src;
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluImpl,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdImpl,
                              ffi::Ffi::Bind()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Ret<ffi::Buffer<ffi::F32>>());
