// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// 稳定的 sigmoid:x 为负时用 e^x / (1 + e^x)
static float sigmoid_stable(float value) {
  if (value >= 0.0f) {
    return 1.0f / (1.0f + std::exp(-value));
  }
  float e = std::exp(value);
  return e / (1.0f + e);
}

// 前向:y = x * sigmoid(x)
static ffi::Error silu_forward(ffi::Buffer<ffi::F32> input, ffi::ResultBuffer<ffi::F32> output) {
  const float* input_data = input.typed_data();
  float* output_data = output->typed_data();
  const int64_t count = input.element_count();
  for (int64_t index = 0; index < count; ++index) {
    output_data[index] = input_data[index] * sigmoid_stable(input_data[index]);
  }
  return ffi::Error::Success();
}

// 反向:ct_x = ct_y * s * (1 + x * (1 - s))
static ffi::Error silu_backward(ffi::Buffer<ffi::F32> input, ffi::Buffer<ffi::F32> grad_output,
                                ffi::ResultBuffer<ffi::F32> grad_input) {
  const float* input_data = input.typed_data();
  const float* grad_output_data = grad_output.typed_data();
  float* grad_input_data = grad_input->typed_data();
  const int64_t count = input.element_count();
  for (int64_t index = 0; index < count; ++index) {
    const float s = sigmoid_stable(input_data[index]);
    grad_input_data[index] = grad_output_data[index] * s * (1.0f + input_data[index] * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, silu_forward,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, silu_backward,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
