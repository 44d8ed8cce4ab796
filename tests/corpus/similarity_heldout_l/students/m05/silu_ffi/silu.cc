// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

namespace 内核 {

// 稳定的 sigmoid
inline float 乙状(float 值) {
  return 值 >= 0.0f ? 1.0f / (1.0f + std::exp(-值)) : std::exp(值) / (1.0f + std::exp(值));
}

ffi::Error 前向(ffi::Buffer<ffi::F32> 输入, ffi::ResultBuffer<ffi::F32> 输出) {
  const float* 入 = 输入.typed_data();
  float* 出 = 输出->typed_data();
  const int64_t 个数 = 输入.element_count();
  for (int64_t 下标 = 0; 下标 < 个数; ++下标) {
    出[下标] = 入[下标] * 乙状(入[下标]);
  }
  return ffi::Error::Success();
}

ffi::Error 反向(ffi::Buffer<ffi::F32> 输入, ffi::Buffer<ffi::F32> 余切, ffi::ResultBuffer<ffi::F32> 输出) {
  const float* 入 = 输入.typed_data();
  const float* 梯 = 余切.typed_data();
  float* 出 = 输出->typed_data();
  const int64_t 个数 = 输入.element_count();
  for (int64_t 下标 = 0; 下标 < 个数; ++下标) {
    const float s = 乙状(入[下标]);
    出[下标] = 梯[下标] * s * (1.0f + 入[下标] * (1.0f - s));
  }
  return ffi::Error::Success();
}

}  // namespace 内核

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, 内核::前向,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, 内核::反向,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
