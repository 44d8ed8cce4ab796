// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

/* 在这条注释下面实现两个 handler,并用 XLA_FFI_DEFINE_HANDLER_SYMBOL 把它们导出为 Silu 和 SiluBwd。
*/
// sigmoid(x) = e^x / (1 + e^x)
static float sigmoid_hanshu(float x) {
  float ex = std::exp(x);
  return ex / (1.0f + ex);
}

// 前向:y = x * sigmoid(x)
static ffi::Error SiluQian(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* shuru = x.typed_data();
  float* shuchu = y->typed_data();
  for (int64_t i = 0; i < x.element_count(); ++i) {
    shuchu[i] = shuru[i] * sigmoid_hanshu(shuru[i]);
  }
  return ffi::Error::Success();
}

// 反向:ct_x = ct_y * s * (1 + x * (1 - s))
static ffi::Error SiluHou(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y, ffi::ResultBuffer<ffi::F32> ct_x) {
  const float* shuru = x.typed_data();
  const float* tidu = ct_y.typed_data();
  float* shuchu = ct_x->typed_data();
  for (int64_t i = 0; i < x.element_count(); ++i) {
    float s = sigmoid_hanshu(shuru[i]);
    shuchu[i] = tidu[i] * s * (1.0f + shuru[i] * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluQian,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluHou,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
