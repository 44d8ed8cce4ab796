// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// 数值稳定的 sigmoid:x >= 0 用 1/(1+e^-x),x < 0 用 e^x/(1+e^x)
static float sig(float x) {
  if (x >= 0.0f) return 1.0f / (1.0f + std::exp(-x));
  float e = std::exp(x);
  return e / (1.0f + e);
}

static ffi::Error fwd(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* a = x.typed_data();
  float* b = y->typed_data();
  for (int64_t i = 0, n = x.element_count(); i < n; ++i) b[i] = a[i] * sig(a[i]);
  return ffi::Error::Success();
}

static ffi::Error bwd(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> g, ffi::ResultBuffer<ffi::F32> dx) {
  const float* a = x.typed_data();
  const float* c = g.typed_data();
  float* d = dx->typed_data();
  for (int64_t i = 0, n = x.element_count(); i < n; ++i) {
    float s = sig(a[i]);
    d[i] = c[i] * s * (1.0f + a[i] * (1.0f - s));  // 公式见题目
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, fwd,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, bwd,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
