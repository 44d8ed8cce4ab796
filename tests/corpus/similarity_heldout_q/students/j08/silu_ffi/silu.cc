// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

static float sigmoid_of_value(float value) { return 1.0f / (1.0f + std::exp(-value)); }

static ffi::Error silu_forward_handler(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* input_values = x.typed_data();
  float* output_values = y->typed_data();
  // forward: every element times its sigmoid
  for (size_t i = 0; i < x.element_count(); ++i) output_values[i] = input_values[i] * sigmoid_of_value(input_values[i]);
  return ffi::Error::Success();
}

static ffi::Error silu_backward_handler(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> g, ffi::ResultBuffer<ffi::F32> out) {
  const float* input_values = x.typed_data();
  const float* output_cotangents = g.typed_data();
  float* input_cotangents = out->typed_data();
  // backward: derivative of x * sigmoid(x) times the incoming cotangent
  for (size_t i = 0; i < x.element_count(); ++i) {
    float sigmoid_value = sigmoid_of_value(input_values[i]);
    input_cotangents[i] = output_cotangents[i] * sigmoid_value * (1.0f + input_values[i] * (1.0f - sigmoid_value));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, silu_forward_handler,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, silu_backward_handler,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
