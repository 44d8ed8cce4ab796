// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

static float sigmoid_of(float v) {
  float e = std::exp(-std::fabs(v));
  return v >= 0.0f ? 1.0f / (1.0f + e) : e / (1.0f + e);
}

static ffi::Error silu_forward(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* src = x.typed_data();
  float* dst = y->typed_data();
  const float* stop = src + x.element_count();
  while (true) {
    if (src == stop) break;
    *dst = *src * sigmoid_of(*src);
    ++src;
    ++dst;
  }
  return ffi::Error::Success();
}

static ffi::Error silu_backward(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                                ffi::ResultBuffer<ffi::F32> ct_x) {
  const float* src = x.typed_data();
  const float* g = ct_y.typed_data();
  float* dst = ct_x->typed_data();
  const float* stop = src + x.element_count();
  while (true) {
    if (src == stop) break;
    float s = sigmoid_of(*src);
    *dst = *g * s * (1.0f + *src * (1.0f - s));
    ++src;
    ++g;
    ++dst;
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, silu_forward,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, silu_backward,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
