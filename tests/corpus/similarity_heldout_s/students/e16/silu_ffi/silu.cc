// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

static float computeSigmoid(float value) {
  if (value >= 0.0f) {
    return 1.0f / (1.0f + std::exp(-value));
  }
  const float expValue = std::exp(value);
  return expValue / (1.0f + expValue);
}

static ffi::Error siluForward(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const auto elementCount = x.element_count();
  const float* inputData = x.typed_data();
  float* outputData = y->typed_data();
  for (decltype(x.element_count()) idx = 0; idx < elementCount; ++idx) {
    const float inVal = inputData[idx];
    outputData[idx] = inVal * computeSigmoid(inVal);
  }
  return ffi::Error::Success();
}

static ffi::Error siluBackward(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                               ffi::ResultBuffer<ffi::F32> ct_x) {
  const auto elementCount = x.element_count();
  const float* inputData = x.typed_data();
  const float* upstreamGrad = ct_y.typed_data();
  float* inputGrad = ct_x->typed_data();
  for (decltype(x.element_count()) idx = 0; idx < elementCount; ++idx) {
    const float inVal = inputData[idx];
    const float sigVal = computeSigmoid(inVal);
    inputGrad[idx] = upstreamGrad[idx] * sigVal * (1.0f + inVal * (1.0f - sigVal));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, siluForward,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, siluBackward,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
