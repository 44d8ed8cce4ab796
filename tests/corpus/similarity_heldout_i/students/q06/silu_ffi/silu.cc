// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;


static inline float sigmoid_by_tanh(float value) { return 0.5f * (1.0f + std::tanh(0.5f * value)); }

static ffi::Error SiluImpl(ffi::Buffer<ffi::F32> input_buffer, ffi::ResultBuffer<ffi::F32> output_buffer) {
  const float* input_values = input_buffer.typed_data();
  float* output_values = output_buffer->typed_data();
  const float* input_end = input_values + input_buffer.element_count();
  while (input_values != input_end) {
    *output_values++ = *input_values * sigmoid_by_tanh(*input_values);
    ++input_values;
  }
  return ffi::Error::Success();
}

static ffi::Error SiluBwdImpl(ffi::Buffer<ffi::F32> input_buffer, ffi::Buffer<ffi::F32> cotangent_buffer,
                              ffi::ResultBuffer<ffi::F32> gradient_buffer) {
  const float* input_values = input_buffer.typed_data();
  const float* cotangent_values = cotangent_buffer.typed_data();
  float* gradient_values = gradient_buffer->typed_data();
  const int64_t element_count = input_buffer.element_count();
  for (int64_t position = 0; position < element_count; ++position) {
    const float sigmoid_value = sigmoid_by_tanh(input_values[position]);
    gradient_values[position] =
        cotangent_values[position] * sigmoid_value * (1.0f + input_values[position] * (1.0f - sigmoid_value));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());

