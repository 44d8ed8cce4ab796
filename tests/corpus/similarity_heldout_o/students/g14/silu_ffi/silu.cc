// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

static inline float sg(float x) {  // 数值稳定的 sigmoid
  float e = std::exp(-std::fabs(x));
  return x >= 0 ? 1.0f / (1.0f + e) : e / (1.0f + e);
}

static ffi::Error Fw(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* p = x.typed_data();  // 输入
  float* q = y->typed_data();  // 输出
  for (int64_t i = 0, n = x.element_count(); i < n; ++i) q[i] = p[i] * sg(p[i]);
  return ffi::Error::Success();
}

static ffi::Error Bw(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> g, ffi::ResultBuffer<ffi::F32> d) {
  const float* p = x.typed_data();
  const float* r = g.typed_data();
  float* q = d->typed_data();
  for (int64_t i = 0, n = x.element_count(); i < n; ++i) {
    float s = sg(p[i]);
    q[i] = r[i] * s * (1.0f + p[i] * (1.0f - s));  // 链式法则
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, Fw,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, Bw,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
