// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

/* 在这条注释下面实现两个 handler,并用 XLA_FFI_DEFINE_HANDLER_SYMBOL 把它们导出为 Silu 和 SiluBwd。
*/
// 数值稳定的 sigmoid:x >= 0 用 1/(1+e^-x),x < 0 用 e^x/(1+e^x),两边都不会溢出
static float 稳定sigmoid(float x) {
  if (x >= 0.0f) {
    return 1.0f / (1.0f + std::exp(-x));
  }
  float e = std::exp(x);
  return e / (1.0f + e);
}

// 前向:y = x * s
static ffi::Error 前向(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const int64_t 个数 = x.element_count();
  const float* 输入 = x.typed_data();
  float* 输出 = y->typed_data();
  for (int64_t i = 0; i < 个数; ++i) {
    输出[i] = 输入[i] * 稳定sigmoid(输入[i]);
  }
  return ffi::Error::Success();
}

// 反向:ct_x = ct_y * s * (1 + x * (1 - s))
static ffi::Error 反向(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y, ffi::ResultBuffer<ffi::F32> ct_x) {
  const int64_t 个数 = x.element_count();
  const float* 输入 = x.typed_data();
  const float* 上游 = ct_y.typed_data();
  float* 输出 = ct_x->typed_data();
  for (int64_t i = 0; i < 个数; ++i) {
    float s = 稳定sigmoid(输入[i]);
    输出[i] = 上游[i] * s * (1.0f + 输入[i] * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, 前向,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, 反向,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
