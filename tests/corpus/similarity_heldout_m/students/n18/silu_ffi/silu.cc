// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// 数值稳定的 sigmoid:x 为负时用 e^x / (1 + e^x)
static float 稳定sigmoid(float x) {
  if (x >= 0.0f) {
    return 1.0f / (1.0f + std::exp(-x));
  }
  float e = std::exp(x);
  return e / (1.0f + e);
}

static ffi::Error SiluImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* 输入 = x.typed_data();
  float* 输出 = y->typed_data();
  const float* 尾 = 输入 + x.element_count();
  // 逐元素 y = x * s
  while (输入 != 尾) {
    *输出++ = *输入 * 稳定sigmoid(*输入);
    ++输入;
  }
  return ffi::Error::Success();
}

static ffi::Error SiluBwdImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                              ffi::ResultBuffer<ffi::F32> ct_x) {
  const float* 输入 = x.typed_data();
  const float* 上游 = ct_y.typed_data();
  float* 结果 = ct_x->typed_data();
  int64_t i = x.element_count();
  while (i-- > 0) {
    float s = 稳定sigmoid(输入[i]);
    结果[i] = 上游[i] * s * (1.0f + 输入[i] * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
