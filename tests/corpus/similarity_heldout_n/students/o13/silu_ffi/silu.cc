// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

/* 在这条注释下面实现两个 handler,并用 XLA_FFI_DEFINE_HANDLER_SYMBOL 把它们导出为 Silu 和 SiluBwd。
*/
static float sigmoid_wending(float x) {
  if (x < 0.0f) {
    float ex = std::exp(x);
    return ex / (1.0f + ex);
  }
  return 1.0f / (1.0f + std::exp(-x));
}

static ffi::Error QianXiang(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* shuru = x.typed_data();
  float* shuchu = y->typed_data();
  int64_t k = x.element_count();
  while (k-- > 0) {
    float s = sigmoid_wending(shuru[k]);
    shuchu[k] = shuru[k] * s;
  }
  return ffi::Error::Success();
}

static ffi::Error FanXiang(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y, ffi::ResultBuffer<ffi::F32> ct_x) {
  const float* shuru = x.typed_data();
  const float* tidu = ct_y.typed_data();
  float* shuchu = ct_x->typed_data();
  int64_t k = x.element_count();
  while (k-- > 0) {
    float s = sigmoid_wending(shuru[k]);
    float daoshu = s * (1.0f + shuru[k] * (1.0f - s));
    shuchu[k] = tidu[k] * daoshu;
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, QianXiang,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, FanXiang,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
