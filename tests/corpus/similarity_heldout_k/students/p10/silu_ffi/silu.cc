// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// Logistic sigmoid computed without overflow for large |value|.
static float numerically_stable_sigmoid(float value) {
  if (value >= 0.0f) {
    const float exp_of_negative_value = std::exp(-value);
    return 1.0f / (1.0f + exp_of_negative_value);
  }
  const float exp_of_value = std::exp(value);
  return exp_of_value / (1.0f + exp_of_value);
}

static ffi::Error SiluImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* input_values = x.typed_data();
  float* output_values = y->typed_data();
  const int64_t number_of_elements = x.element_count();
  for (int64_t element_index = 0; element_index < number_of_elements; ++element_index) {
    const float value = input_values[element_index];
    output_values[element_index] = value * numerically_stable_sigmoid(value);
  }
  return ffi::Error::Success();
}

static ffi::Error SiluBwdImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                              ffi::ResultBuffer<ffi::F32> ct_x) {
  const float* input_values = x.typed_data();
  const float* output_cotangents = ct_y.typed_data();
  float* input_cotangents = ct_x->typed_data();
  const int64_t number_of_elements = x.element_count();
  for (int64_t element_index = 0; element_index < number_of_elements; ++element_index) {
    const float value = input_values[element_index];
    const float sigmoid_value = numerically_stable_sigmoid(value);
    // d silu / dx = s + x * s * (1 - s)
    const float derivative = sigmoid_value + value * sigmoid_value * (1.0f - sigmoid_value);
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
