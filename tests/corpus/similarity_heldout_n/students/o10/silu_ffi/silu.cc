// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// for negative x use 1 - 1/(1 + e^x), e^x is small there so nothing overflows
static float sigmoidValue(float inputValue) {
  if (inputValue >= 0.0f) return 1.0f / (1.0f + std::exp(-inputValue));
  return 1.0f - 1.0f / (1.0f + std::exp(inputValue));
}

static ffi::Error siluForwardImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const int64_t elementCount = x.element_count();
  const float* inputData = x.typed_data();
  float* outputData = y->typed_data();
  for (int64_t idx = 0; idx < elementCount; ++idx) {
    outputData[idx] = inputData[idx] * sigmoidValue(inputData[idx]);
  }
  return ffi::Error::Success();
}

static ffi::Error siluBackwardImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ctY,
                                   ffi::ResultBuffer<ffi::F32> ctX) {
  const int64_t elementCount = x.element_count();
  const float* inputData = x.typed_data();
  const float* gradData = ctY.typed_data();
  float* outputData = ctX->typed_data();
  for (int64_t idx = 0; idx < elementCount; ++idx) {
    const float sig = sigmoidValue(inputData[idx]);
    outputData[idx] = gradData[idx] * sig * (1.0f + inputData[idx] * (1.0f - sig));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, siluForwardImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, siluBackwardImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
