// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

namespace {

// 数值稳定的 sigmoid
inline float NumericallyStableSigmoid(float input_value) {
  if (input_value >= 0.0f) {
    return 1.0f / (1.0f + std::exp(-input_value));
  }
  const float exp_of_input = std::exp(input_value);
  return exp_of_input / (1.0f + exp_of_input);
}

// 对每个下标调用 body
template <typename Body>
void ForEachElement(size_t element_count, Body body) {
  for (size_t index = 0; index < element_count; ++index) body(index);
}

ffi::Error SiluForwardHandler(ffi::Buffer<ffi::F32> input, ffi::ResultBuffer<ffi::F32> output) {
  const float* input_data = input.typed_data();
  float* output_data = output->typed_data();
  ForEachElement(static_cast<size_t>(input.element_count()), [&](size_t index) {
    const float value = input_data[index];
    output_data[index] = value * NumericallyStableSigmoid(value);
  });
  return ffi::Error::Success();
}

ffi::Error SiluBackwardHandler(ffi::Buffer<ffi::F32> input, ffi::Buffer<ffi::F32> output_cotangent,
                               ffi::ResultBuffer<ffi::F32> input_cotangent) {
  const float* input_data = input.typed_data();
  const float* cotangent_data = output_cotangent.typed_data();
  float* result_data = input_cotangent->typed_data();
  ForEachElement(static_cast<size_t>(input.element_count()), [&](size_t index) {
    const float value = input_data[index];
    const float sigmoid_value = NumericallyStableSigmoid(value);
    result_data[index] = cotangent_data[index] * sigmoid_value * (1.0f + value * (1.0f - sigmoid_value));
  });
  return ffi::Error::Success();
}

}  // namespace

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluForwardHandler,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBackwardHandler,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
