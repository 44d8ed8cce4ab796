// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

static float sigmoidOf(float xVal) {
  if (xVal >= 0.0f) return 1.0f / (1.0f + std::exp(-xVal));
  float expVal = std::exp(xVal);
  return expVal / (1.0f + expVal);
}

static ffi::Error siluForward(ffi::Buffer<ffi::F32> xBuf, ffi::ResultBuffer<ffi::F32> yBuf) {
  const int64_t elemCount = xBuf.element_count();
  const float* xData = xBuf.typed_data();
  float* yData = yBuf->typed_data();
  for (int64_t idx = 0; idx < elemCount; ++idx) {
    yData[idx] = xData[idx] * sigmoidOf(xData[idx]);
  }
  return ffi::Error::Success();
}

static ffi::Error siluBackward(ffi::Buffer<ffi::F32> xBuf, ffi::Buffer<ffi::F32> ctYBuf,
                               ffi::ResultBuffer<ffi::F32> ctXBuf) {
  const int64_t elemCount = xBuf.element_count();
  const float* xData = xBuf.typed_data();
  const float* ctYData = ctYBuf.typed_data();
  float* ctXData = ctXBuf->typed_data();
  for (int64_t idx = 0; idx < elemCount; ++idx) {
    const float sigVal = sigmoidOf(xData[idx]);
    ctXData[idx] = ctYData[idx] * sigVal * (1.0f + xData[idx] * (1.0f - sigVal));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, siluForward,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, siluBackward,
                              ffi::Ffi::Bind()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Ret<ffi::Buffer<ffi::F32>>());
