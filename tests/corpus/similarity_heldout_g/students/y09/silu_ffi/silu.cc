// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// 数值稳定的 sigmoid,用 double 计算再转回 float
static double stable_sigmoid(double input_value) {
  if (input_value >= 0.0) {
    return 1.0 / (1.0 + std::exp(-input_value));
  }
  double exponential = std::exp(input_value);
  return exponential / (1.0 + exponential);
}

static ffi::Error SiluForwardHandler(ffi::Buffer<ffi::F32> input_buffer, ffi::ResultBuffer<ffi::F32> output_buffer) {
  const float* input_values = input_buffer.typed_data();
  float* output_values = output_buffer->typed_data();
  const int64_t total_elements = input_buffer.element_count();
  for (int64_t element_index = 0; element_index < total_elements; ++element_index) {
    double value = input_values[element_index];
    output_values[element_index] = static_cast<float>(value * stable_sigmoid(value));
  }
  return ffi::Error::Success();
}

static ffi::Error SiluBackwardHandler(ffi::Buffer<ffi::F32> input_buffer, ffi::Buffer<ffi::F32> cotangent_buffer,
                                      ffi::ResultBuffer<ffi::F32> gradient_buffer) {
  const float* input_values = input_buffer.typed_data();
  const float* cotangent_values = cotangent_buffer.typed_data();
  float* gradient_values = gradient_buffer->typed_data();
  const int64_t total_elements = input_buffer.element_count();
  for (int64_t element_index = 0; element_index < total_elements; ++element_index) {
    double value = input_values[element_index];
    double sigmoid_value = stable_sigmoid(value);
    double derivative = sigmoid_value * (1.0 + value * (1.0 - sigmoid_value));
    gradient_values[element_index] = static_cast<float>(cotangent_values[element_index] * derivative);
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluForwardHandler,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBackwardHandler,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
