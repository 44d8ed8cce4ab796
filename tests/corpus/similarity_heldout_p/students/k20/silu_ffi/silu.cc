// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

static float S(float x) {  // 数值稳定的 sigmoid
  if (x >= 0) return 1.0f / (1.0f + std::exp(-x));
  float e = std::exp(x);  // x < 0 时 e 不会溢出
  return e / (1.0f + e);
}

static ffi::Error F(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* p = x.typed_data();  // 输入
  float* q = y->typed_data();  // 输出
  int64_t n = x.element_count();
  for (int64_t i = 0; i < n; ++i) q[i] = p[i] * S(p[i]);  // y = x * s
  return ffi::Error::Success();
}

static ffi::Error B(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> g, ffi::ResultBuffer<ffi::F32> r) {
  const float* p = x.typed_data();
  const float* c = g.typed_data();  // 上游梯度
  float* q = r->typed_data();
  int64_t n = x.element_count();
  for (int64_t i = 0; i < n; ++i) {
    float s = S(p[i]);
    q[i] = c[i] * s * (1.0f + p[i] * (1.0f - s));  // 乘积法则
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, F,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, B,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
