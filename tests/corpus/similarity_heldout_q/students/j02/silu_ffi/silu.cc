// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// 数值稳定的 sigmoid:x 为负时用 exp(x) 的形式
static float StableSigmoid(float value) {
  if (value >= 0.0f) {
    return 1.0f / (1.0f + std::exp(-value));
  }
  const float exp_value = std::exp(value);
  return exp_value / (1.0f + exp_value);
}

// 前向:y = x * sigmoid(x)
static ffi::Error SiluForward(ffi::Buffer<ffi::F32> input, ffi::ResultBuffer<ffi::F32> output) {
  const float* input_data = input.typed_data();
  float* output_data = output->typed_data();
  const int64_t count = static_cast<int64_t>(input.element_count());
  for (int64_t index = 0; index < count; ++index) {
    output_data[index] = input_data[index] * StableSigmoid(input_data[index]);
  }
  return ffi::Error::Success();
}

// 反向:ct_x = ct_y * s * (1 + x * (1 - s))
static ffi::Error SiluBackward(ffi::Buffer<ffi::F32> input, ffi::Buffer<ffi::F32> cotangent,
                               ffi::ResultBuffer<ffi::F32> input_cotangent) {
  const float* input_data = input.typed_data();
  const float* cotangent_data = cotangent.typed_data();
  float* result_data = input_cotangent->typed_data();
  const int64_t count = static_cast<int64_t>(input.element_count());
  for (int64_t index = 0; index < count; ++index) {
    const float sigmoid_value = StableSigmoid(input_data[index]);
    result_data[index] = cotangent_data[index] * sigmoid_value *
                         (1.0f + input_data[index] * (1.0f - sigmoid_value));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluForward,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBackward,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
