#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

namespace {

constexpr float kOne = 1.0f;

// Sigmoid evaluated so that std::exp never sees a large positive argument.
float StableLogisticSigmoid(float input_value) {
  if (input_value < 0.0f) {
    const float exponential = std::exp(input_value);
    return exponential / (kOne + exponential);
  }
  return kOne / (kOne + std::exp(-input_value));
}

ffi::Error SiluForwardHandler(ffi::Buffer<ffi::F32> input_buffer, ffi::ResultBuffer<ffi::F32> output_buffer) {
  const float* input_values = input_buffer.typed_data();
  float* output_values = output_buffer->typed_data();
  for (int64_t element_index = 0; element_index < input_buffer.element_count(); ++element_index) {
    const float input_value = input_values[element_index];
    output_values[element_index] = input_value * StableLogisticSigmoid(input_value);
  }
  return ffi::Error::Success();
}

ffi::Error SiluBackwardHandler(ffi::Buffer<ffi::F32> input_buffer, ffi::Buffer<ffi::F32> output_cotangent,
                               ffi::ResultBuffer<ffi::F32> input_cotangent) {
  const float* input_values = input_buffer.typed_data();
  const float* cotangent_values = output_cotangent.typed_data();
  float* gradient_values = input_cotangent->typed_data();
  for (int64_t element_index = 0; element_index < input_buffer.element_count(); ++element_index) {
    const float input_value = input_values[element_index];
    const float sigmoid_value = StableLogisticSigmoid(input_value);
    const float local_derivative = sigmoid_value * (kOne + input_value * (kOne - sigmoid_value));
    gradient_values[element_index] = cotangent_values[element_index] * local_derivative;
  }
  return ffi::Error::Success();
}

}  // namespace

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluForwardHandler,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBackwardHandler,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
