// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

/* 在这条注释下面实现两个 handler,并用 XLA_FFI_DEFINE_HANDLER_SYMBOL 把它们导出为 Silu 和 SiluBwd。
*/

// 数值稳定的 sigmoid:x >= 0 时用 1/(1+e^-x),x < 0 时用 e^x/(1+e^x),两边都不会溢出成 inf/inf
static float SigmoidStable(float v) {
  if (v >= 0.0f) {
    return 1.0f / (1.0f + std::exp(-v));
  }
  // 这里 v < 0,e^v 在 (0, 1) 之间
  const float ev = std::exp(v);
  return ev / (1.0f + ev);
}

// 前向:y = x * sigmoid(x),对全部元素逐个计算(0 维有 1 个元素,空数组有 0 个)
static ffi::Error SiluForwardImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const int64_t count = x.element_count();   // 元素个数
  const float* src = x.typed_data();         // 输入指针
  float* dst = y->typed_data();              // 输出指针
  for (int64_t i = 0; i < count; ++i) {
    dst[i] = src[i] * SigmoidStable(src[i]);
  }
  return ffi::Error::Success();
}

// 反向:ct_x = ct_y * s * (1 + x * (1 - s))
static ffi::Error SiluBackwardImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                                   ffi::ResultBuffer<ffi::F32> ct_x) {
  const int64_t count = x.element_count();
  const float* src = x.typed_data();
  const float* grad_in = ct_y.typed_data();   // 上游传来的余切
  float* grad_out = ct_x->typed_data();       // 对 x 的余切
  for (int64_t i = 0; i < count; ++i) {
    const float s = SigmoidStable(src[i]);
    grad_out[i] = grad_in[i] * s * (1.0f + src[i] * (1.0f - s));
  }
  return ffi::Error::Success();
}

// 导出两个符号,名字固定为 Silu 和 SiluBwd
XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluForwardImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBackwardImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
