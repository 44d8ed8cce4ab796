// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// sigmoid without overflow on either side
static float logistic(float v) {
  if (v >= 0.0f) {
    return 1.0f / (1.0f + std::exp(-v));
  }
  const float ev = std::exp(v);
  return ev / (1.0f + ev);
}

// y = x * sigmoid(x), element by element
static ffi::Error siluFwdKernel(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const auto count = x.element_count();
  const float* src = x.typed_data();
  float* dst = y->typed_data();
  for (decltype(x.element_count()) k = 0; k < count; ++k) {
    const float v = src[k];
    dst[k] = v * logistic(v);
  }
  return ffi::Error::Success();
}

// ct_x = ct_y * s * (1 + x (1 - s))
static ffi::Error siluBwdKernel(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                                ffi::ResultBuffer<ffi::F32> ct_x) {
  const auto count = x.element_count();
  const float* src = x.typed_data();
  const float* gOut = ct_y.typed_data();
  float* gIn = ct_x->typed_data();
  for (decltype(x.element_count()) k = 0; k < count; ++k) {
    const float v = src[k];
    const float s = logistic(v);
    gIn[k] = gOut[k] * s * (1.0f + v * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, siluFwdKernel,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, siluBwdKernel,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
