// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// Numerically stable logistic function: never evaluates exp of a large positive number.
static float StableSigmoid(float value) {
  if (value >= 0.0f) {
    return 1.0f / (1.0f + std::exp(-value));
  }
  const float exp_value = std::exp(value);
  return exp_value / (1.0f + exp_value);
}

static ffi::Error SiluImpl(ffi::Buffer<ffi::F32> input, ffi::ResultBuffer<ffi::F32> output) {
  const int64_t element_count = input.element_count();
  const float* input_data = input.typed_data();
  float* output_data = output->typed_data();
  for (int64_t index = 0; index < element_count; ++index) {
    output_data[index] = input_data[index] * StableSigmoid(input_data[index]);
  }
  return ffi::Error::Success();
}

static ffi::Error SiluBwdImpl(ffi::Buffer<ffi::F32> input, ffi::Buffer<ffi::F32> output_cotangent,
                              ffi::ResultBuffer<ffi::F32> input_cotangent) {
  const int64_t element_count = input.element_count();
  const float* input_data = input.typed_data();
  const float* cotangent_data = output_cotangent.typed_data();
  float* result_data = input_cotangent->typed_data();
  for (int64_t index = 0; index < element_count; ++index) {
    const float sigmoid = StableSigmoid(input_data[index]);
    result_data[index] = cotangent_data[index] * sigmoid * (1.0f + input_data[index] * (1.0f - sigmoid));
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
