#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

namespace {

// Logistic function, written with the negative exponent.
inline float Logistic(float value) { return 1.0f / (1.0f + std::exp(-value)); }

// Forward pass: output = input * logistic(input).
ffi::Error SiluForwardImpl(ffi::Buffer<ffi::F32> input, ffi::ResultBuffer<ffi::F32> output) {
  const std::size_t element_count = input.element_count();
  const float* input_data = input.typed_data();
  float* output_data = output->typed_data();
  for (std::size_t index = 0; index < element_count; ++index) {
    output_data[index] = input_data[index] * Logistic(input_data[index]);
  }
  return ffi::Error::Success();
}

// Backward pass: input_cotangent = output_cotangent * s * (1 + x * (1 - s)).
ffi::Error SiluBackwardImpl(ffi::Buffer<ffi::F32> input, ffi::Buffer<ffi::F32> output_cotangent,
                            ffi::ResultBuffer<ffi::F32> input_cotangent) {
  const std::size_t element_count = input.element_count();
  const float* input_data = input.typed_data();
  const float* cotangent_data = output_cotangent.typed_data();
  float* result_data = input_cotangent->typed_data();
  for (std::size_t index = 0; index < element_count; ++index) {
    const float logistic = Logistic(input_data[index]);
    result_data[index] =
        cotangent_data[index] * logistic * (1.0f + input_data[index] * (1.0f - logistic));
  }
  return ffi::Error::Success();
}

}  // namespace

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluForwardImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBackwardImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
