// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

/// Logistic sigmoid, split on the sign of x so that exp never overflows into inf/inf.
static float LogisticSigmoid(float x) {
  const float z = std::exp(-std::abs(x));  // in (0, 1]
  const float positive = 1.0f / (1.0f + z);
  return x >= 0.0f ? positive : 1.0f - positive;
}

/// y = x * sigmoid(x), over every element (0-d: one element, empty: none).
static ffi::Error SiluHandler(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* x_data = x.typed_data();
  float* y_data = y->typed_data();
  for (int64_t i = 0, n = x.element_count(); i < n; ++i) {
    y_data[i] = x_data[i] * LogisticSigmoid(x_data[i]);
  }
  return ffi::Error::Success();
}

/// ct_x = ct_y * (s + x * s * (1 - s)).
static ffi::Error SiluBwdHandler(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                                 ffi::ResultBuffer<ffi::F32> ct_x) {
  const float* x_data = x.typed_data();
  const float* ct_y_data = ct_y.typed_data();
  float* ct_x_data = ct_x->typed_data();
  for (int64_t i = 0, n = x.element_count(); i < n; ++i) {
    const float s = LogisticSigmoid(x_data[i]);
    ct_x_data[i] = ct_y_data[i] * (s + x_data[i] * s * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluHandler,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdHandler,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
