// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// 稳定的 sigmoid
static float g(float x) {
  float e = std::exp(-std::fabs(x));
  float s = 1.0f / (1.0f + e);
  return x >= 0.0f ? s : 1.0f - s;
}

static ffi::Error f1(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* a = x.typed_data();
  float* b = y->typed_data();
  int64_t n = x.element_count();
  for (int64_t i = 0; i < n; i++) b[i] = a[i] * g(a[i]);  // 前向
  return ffi::Error::Success();
}

static ffi::Error f2(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> t, ffi::ResultBuffer<ffi::F32> y) {
  const float* a = x.typed_data();
  const float* c = t.typed_data();
  float* b = y->typed_data();
  int64_t n = x.element_count();
  for (int64_t i = 0; i < n; i++) {
    float s = g(a[i]);
    b[i] = c[i] * s * (1.0f + a[i] * (1.0f - s));  // 反向
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, f1,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, f2,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
