// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

/// Stable sigmoid in float.
static float Sigmoid(float v) {
  if (v < 0.0f) {
    const float e = std::exp(v);
    return e / (1.0f + e);
  }
  return 1.0f / (1.0f + std::exp(-v));
}

/// Forward SiLU over the whole buffer.
static ffi::Error SiluImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* src = x.typed_data();
  float* dst = y->typed_data();
  const int64_t size = static_cast<int64_t>(x.element_count());
  for (int64_t idx = 0; idx < size; ++idx) {
    dst[idx] = src[idx] * Sigmoid(src[idx]);
  }
  return ffi::Error::Success();
}

/// Backward SiLU: ct_y * (s + x s (1 - s)).
static ffi::Error SiluBwdImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                              ffi::ResultBuffer<ffi::F32> ct_x) {
  const float* src = x.typed_data();
  const float* grad = ct_y.typed_data();
  float* dst = ct_x->typed_data();
  const int64_t size = static_cast<int64_t>(x.element_count());
  for (int64_t idx = 0; idx < size; ++idx) {
    const float s = Sigmoid(src[idx]);
    dst[idx] = grad[idx] * (s + src[idx] * s * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
