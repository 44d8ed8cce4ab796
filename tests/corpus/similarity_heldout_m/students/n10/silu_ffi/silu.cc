// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// Numerically stable logistic function: only ever exponentiates a non-positive number.
static double StableLogisticSigmoid(double input_value) {
  const double exponential_of_negative_magnitude = std::exp(-std::fabs(input_value));
  if (input_value >= 0.0) {
    return 1.0 / (1.0 + exponential_of_negative_magnitude);
  }
  return exponential_of_negative_magnitude / (1.0 + exponential_of_negative_magnitude);
}

static ffi::Error SiluImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const int64_t element_count = x.element_count();
  const float* input_values = x.typed_data();
  float* output_values = y->typed_data();
  for (int64_t element_index = 0; element_index < element_count; ++element_index) {
    const double input_value = input_values[element_index];
    output_values[element_index] = static_cast<float>(input_value * StableLogisticSigmoid(input_value));
  }
  return ffi::Error::Success();
}

// Derivative of x * s(x) is s(x) * (1 + x * (1 - s(x))); multiplied by the incoming cotangent.
static ffi::Error SiluBwdImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                              ffi::ResultBuffer<ffi::F32> ct_x) {
  const int64_t element_count = x.element_count();
  const float* input_values = x.typed_data();
  const float* output_cotangents = ct_y.typed_data();
  float* input_cotangents = ct_x->typed_data();
  for (int64_t element_index = 0; element_index < element_count; ++element_index) {
    const double input_value = input_values[element_index];
    const double sigmoid_value = StableLogisticSigmoid(input_value);
    const double derivative = sigmoid_value * (1.0 + input_value * (1.0 - sigmoid_value));
    input_cotangents[element_index] = static_cast<float>(output_cotangents[element_index] * derivative);
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
