// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

static float ComputeLogisticSigmoid(float input_value) {
  return 1.0f / (1.0f + std::exp(-input_value));
}

static ffi::Error SiluForwardHandlerImplementation(ffi::Buffer<ffi::F32> input_buffer,
                                                   ffi::ResultBuffer<ffi::F32> output_buffer) {
  const int64_t number_of_elements = static_cast<int64_t>(input_buffer.element_count());
  const float* input_values = input_buffer.typed_data();
  float* output_values = output_buffer->typed_data();
  for (int64_t element_index = 0; element_index < number_of_elements; ++element_index) {
    const float sigmoid_of_input = ComputeLogisticSigmoid(input_values[element_index]);
    output_values[element_index] = input_values[element_index] * sigmoid_of_input;
  }
  return ffi::Error::Success();
}

static ffi::Error SiluBackwardHandlerImplementation(ffi::Buffer<ffi::F32> input_buffer,
                                                    ffi::Buffer<ffi::F32> output_cotangent_buffer,
                                                    ffi::ResultBuffer<ffi::F32> input_cotangent_buffer) {
  const int64_t number_of_elements = static_cast<int64_t>(input_buffer.element_count());
  const float* input_values = input_buffer.typed_data();
  const float* output_cotangents = output_cotangent_buffer.typed_data();
  float* input_cotangents = input_cotangent_buffer->typed_data();
  for (int64_t element_index = 0; element_index < number_of_elements; ++element_index) {
    const float sigmoid_of_input = ComputeLogisticSigmoid(input_values[element_index]);
    const float local_derivative = sigmoid_of_input * (1.0f + input_values[element_index] * (1.0f - sigmoid_of_input));
    input_cotangents[element_index] = output_cotangents[element_index] * local_derivative;
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluForwardHandlerImplementation,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBackwardHandlerImplementation,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
