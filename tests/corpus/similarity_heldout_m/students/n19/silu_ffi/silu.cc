// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// Stable logistic sigmoid written through tanh, which saturates instead of overflowing.
//   sigmoid(v) = (1 + tanh(v / 2)) / 2
static float TanhSigmoid(float v) { return 0.5f * std::tanh(0.5f * v) + 0.5f; }

// Forward handler: each output element is x * sigmoid(x).
static ffi::Error SiluImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* values = x.typed_data();
  float* results = y->typed_data();
  for (int64_t index = 0; index < x.element_count(); ++index) {
    const float value = values[index];
    results[index] = value * TanhSigmoid(value);
  }
  return ffi::Error::Success();
}

// Backward handler: the SiLU derivative s * (1 + x * (1 - s)) scaled by the output cotangent.
static ffi::Error SiluBwdImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                              ffi::ResultBuffer<ffi::F32> ct_x) {
  const float* values = x.typed_data();
  const float* cotangents = ct_y.typed_data();
  float* results = ct_x->typed_data();
  for (int64_t index = 0; index < x.element_count(); ++index) {
    const float value = values[index];
    const float sigmoid = TanhSigmoid(value);
    const float one_minus = 1.0f - sigmoid;
    results[index] = cotangents[index] * sigmoid * (1.0f + value * one_minus);
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
