// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// stable logistic: positive and negative inputs handled separately
static float Logit1(float z) {
  if (z >= 0.0f) return 1.0f / (1.0f + std::exp(-z));
  const float ez = std::exp(z);
  return ez / (1.0f + ez);
}

static ffi::Error SiluForwardCall(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* src = x.typed_data();
  float* dst = y->typed_data();
  const int64_t count = static_cast<int64_t>(x.element_count());
  for (int64_t k = 0; k < count; ++k) {
    dst[k] = src[k] * Logit1(src[k]);
  }
  return ffi::Error::Success();
}

static ffi::Error SiluBackwardCall(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                                   ffi::ResultBuffer<ffi::F32> ct_x) {
  const float* src = x.typed_data();
  const float* up = ct_y.typed_data();
  float* dst = ct_x->typed_data();
  const int64_t count = static_cast<int64_t>(x.element_count());
  for (int64_t k = 0; k < count; ++k) {
    const float sg = Logit1(src[k]);
    dst[k] = up[k] * sg * (1.0f + src[k] * (1.0f - sg));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluForwardCall,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBackwardCall,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
