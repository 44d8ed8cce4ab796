// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// 数值稳定的 sigmoid:不对大的正数求 exp
static float SafeSigmoid(float z) {
  if (z >= 0.0f) {
    return 1.0f / (1.0f + std::exp(-z));
  }
  const float ez = std::exp(z);
  return ez / (1.0f + ez);
}

// 前向:y = x * sigmoid(x),逐元素
static ffi::Error SiluFwdKernel(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const int64_t cnt = static_cast<int64_t>(x.element_count());
  for (int64_t j = 0; j < cnt; ++j) {
    const float z = x.typed_data()[j];
    y->typed_data()[j] = z * SafeSigmoid(z);  // 空数组直接跳过循环
  }
  return ffi::Error::Success();
}

// 反向:ct_x = ct_y * s * (1 + x * (1 - s))
static ffi::Error SiluBwdKernel(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                                ffi::ResultBuffer<ffi::F32> ct_x) {
  const int64_t cnt = static_cast<int64_t>(x.element_count());
  for (int64_t j = 0; j < cnt; ++j) {
    const float z = x.typed_data()[j];
    const float sg = SafeSigmoid(z);
    ct_x->typed_data()[j] = ct_y.typed_data()[j] * sg * (1.0f + z * (1.0f - sg));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluFwdKernel,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdKernel,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
