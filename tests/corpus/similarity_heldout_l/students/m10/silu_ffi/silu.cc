// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// Numerically stable logistic sigmoid: each branch only exponentiates a non-positive number.
static float numerically_stable_sigmoid(float input_value) {
  if (input_value >= 0.0f) {
    return 1.0f / (1.0f + std::exp(-input_value));
  }
  const float exponential_of_input = std::exp(input_value);
  return exponential_of_input / (1.0f + exponential_of_input);
}

static ffi::Error SiluForwardHandler(ffi::Buffer<ffi::F32> input_buffer,
                                     ffi::ResultBuffer<ffi::F32> output_buffer) {
  const size_t total_element_count = input_buffer.element_count();
  const float* input_values = input_buffer.typed_data();
  float* output_values = output_buffer->typed_data();
  for (size_t element_index = 0; element_index < total_element_count; ++element_index) {
    const float input_value = input_values[element_index];
    output_values[element_index] = input_value * numerically_stable_sigmoid(input_value);
  }
  return ffi::Error::Success();
}

static ffi::Error SiluBackwardHandler(ffi::Buffer<ffi::F32> input_buffer,
                                      ffi::Buffer<ffi::F32> output_cotangent_buffer,
                                      ffi::ResultBuffer<ffi::F32> input_cotangent_buffer) {
  const size_t total_element_count = input_buffer.element_count();
  const float* input_values = input_buffer.typed_data();
  const float* output_cotangents = output_cotangent_buffer.typed_data();
  float* input_cotangents = input_cotangent_buffer->typed_data();
  for (size_t element_index = 0; element_index < total_element_count; ++element_index) {
    const float input_value = input_values[element_index];
    const float sigmoid_value = numerically_stable_sigmoid(input_value);
    input_cotangents[element_index] =
        output_cotangents[element_index] * sigmoid_value * (1.0f + input_value * (1.0f - sigmoid_value));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluForwardHandler,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBackwardHandler,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
