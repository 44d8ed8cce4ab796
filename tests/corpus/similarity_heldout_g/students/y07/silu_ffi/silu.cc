// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// Logistic sigmoid, stable for large |x|.
static float Logistic(float x) {
  float z = std::exp(-std::fabs(x));
  return x >= 0.0f ? 1.0f / (1.0f + z) : z / (1.0f + z);
}

static ffi::Error SiluFwd(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* src = x.typed_data();
  float* dst = y->typed_data();
  const int64_t count = static_cast<int64_t>(x.element_count());
  for (int64_t i = 0; i < count; ++i) {
    dst[i] = src[i] * Logistic(src[i]);
  }
  return ffi::Error::Success();
}

// Gradient of x * s(x) is s * (1 + x * (1 - s)).
static ffi::Error SiluBwdFn(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y, ffi::ResultBuffer<ffi::F32> ct_x) {
  const float* src = x.typed_data();
  const float* ct = ct_y.typed_data();
  float* dst = ct_x->typed_data();
  const int64_t count = static_cast<int64_t>(x.element_count());
  for (int64_t i = 0; i < count; ++i) {
    const float s = Logistic(src[i]);
    dst[i] = ct[i] * s * (1.0f + src[i]) * (1.0f - s);
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluFwd,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdFn,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
