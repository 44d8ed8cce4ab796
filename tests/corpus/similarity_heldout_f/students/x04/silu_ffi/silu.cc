#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

static float StableSigmoid(float value) {
  if (value >= 0.0f) {
    return 1.0f / (1.0f + std::exp(-value));
  }
  const float exp_value = std::exp(value);
  return exp_value / (1.0f + exp_value);
}

static ffi::Error SiluForward(ffi::Buffer<ffi::F32> input, ffi::ResultBuffer<ffi::F32> output) {
  const int64_t element_count = input.element_count();
  const float* input_data = input.typed_data();
  float* output_data = output->typed_data();
  int64_t index = 0;
  for (; index + 4 <= element_count; index += 4) {
    output_data[index] = input_data[index] * StableSigmoid(input_data[index]);
    output_data[index + 1] = input_data[index + 1] * StableSigmoid(input_data[index + 1]);
    output_data[index + 2] = input_data[index + 2] * StableSigmoid(input_data[index + 2]);
    output_data[index + 3] = input_data[index + 3] * StableSigmoid(input_data[index + 3]);
  }
  for (; index < element_count; ++index) {
    output_data[index] = input_data[index] * StableSigmoid(input_data[index]);
  }
  return ffi::Error::Success();
}

static ffi::Error SiluBackward(ffi::Buffer<ffi::F32> input, ffi::Buffer<ffi::F32> output_cotangent,
                               ffi::ResultBuffer<ffi::F32> input_cotangent) {
  const int64_t element_count = input.element_count();
  const float* input_data = input.typed_data();
  const float* cotangent_data = output_cotangent.typed_data();
  float* result_data = input_cotangent->typed_data();
  int64_t index = 0;
  for (; index + 2 <= element_count; index += 2) {
    const float sigmoid0 = StableSigmoid(input_data[index]);
    const float sigmoid1 = StableSigmoid(input_data[index + 1]);
    result_data[index] = cotangent_data[index] * sigmoid0 * (1.0f + input_data[index] * (1.0f - sigmoid0));
    result_data[index + 1] =
        cotangent_data[index + 1] * sigmoid1 * (1.0f + input_data[index + 1] * (1.0f - sigmoid1));
  }
  if (index < element_count) {
    const float sigmoid = StableSigmoid(input_data[index]);
    result_data[index] = cotangent_data[index] * sigmoid * (1.0f + input_data[index] * (1.0f - sigmoid));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluForward,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBackward,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
