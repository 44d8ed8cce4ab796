// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// 数值稳定的 logistic 函数:指数的参数永远不为正
static float numerically_stable_sigmoid(float input_value) {
  const float exponential_of_negative_magnitude = std::exp(-std::fabs(input_value));
  if (input_value >= 0.0f) {
    return 1.0f / (1.0f + exponential_of_negative_magnitude);
  }
  return exponential_of_negative_magnitude / (1.0f + exponential_of_negative_magnitude);
}

// 前向:y = x * sigmoid(x)
static ffi::Error SiluImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const int64_t total_elements = x.element_count();
  const float* input_values = x.typed_data();
  float* output_values = y->typed_data();
  for (int64_t element_index = 0; element_index < total_elements; ++element_index) {
    const float current_value = input_values[element_index];
    output_values[element_index] = current_value * numerically_stable_sigmoid(current_value);
  }
  return ffi::Error::Success();
}

// 反向:ct_x = ct_y * (s + x * s * (1 - s))
static ffi::Error SiluBwdImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                              ffi::ResultBuffer<ffi::F32> ct_x) {
  const int64_t total_elements = x.element_count();
  const float* input_values = x.typed_data();
  const float* output_cotangents = ct_y.typed_data();
  float* input_cotangents = ct_x->typed_data();
  for (int64_t element_index = 0; element_index < total_elements; ++element_index) {
    const float current_value = input_values[element_index];
    const float sigmoid_value = numerically_stable_sigmoid(current_value);
    const float derivative = sigmoid_value + current_value * sigmoid_value * (1.0f - sigmoid_value);
    input_cotangents[element_index] = output_cotangents[element_index] * derivative;
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluImpl,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdImpl,
                              ffi::Ffi::Bind()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Ret<ffi::Buffer<ffi::F32>>());
