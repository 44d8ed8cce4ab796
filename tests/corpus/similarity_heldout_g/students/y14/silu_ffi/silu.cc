// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// The logistic function written so that std::exp never sees a large positive argument.
static inline float NumericallyStableSigmoid(float input_value) {
  const float exponential_of_negative_magnitude = std::exp(-std::fabs(input_value));
  const float sigmoid_of_magnitude = 1.0f / (1.0f + exponential_of_negative_magnitude);
  return input_value >= 0.0f ? sigmoid_of_magnitude : 1.0f - sigmoid_of_magnitude;
}

static ffi::Error SiluForwardImplementation(ffi::Buffer<ffi::F32> input_buffer,
                                            ffi::ResultBuffer<ffi::F32> output_buffer) {
  const float* input_values = input_buffer.typed_data();
  float* output_values = output_buffer->typed_data();
  for (int64_t element_index = 0; element_index < input_buffer.element_count(); ++element_index) {
    const float value = input_values[element_index];
    output_values[element_index] = value * NumericallyStableSigmoid(value);
  }
  return ffi::Error::Success();
}

static ffi::Error SiluBackwardImplementation(ffi::Buffer<ffi::F32> input_buffer,
                                             ffi::Buffer<ffi::F32> output_cotangent_buffer,
                                             ffi::ResultBuffer<ffi::F32> input_cotangent_buffer) {
  const float* input_values = input_buffer.typed_data();
  const float* output_cotangents = output_cotangent_buffer.typed_data();
  float* input_cotangents = input_cotangent_buffer->typed_data();
  for (int64_t element_index = 0; element_index < input_buffer.element_count(); ++element_index) {
    const float value = input_values[element_index];
    const float sigmoid_value = NumericallyStableSigmoid(value);
    input_cotangents[element_index] =
        output_cotangents[element_index] * sigmoid_value * (1.0f + value * (1.0f - sigmoid_value));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluForwardImplementation,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBackwardImplementation,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
