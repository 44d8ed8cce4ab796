// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

constexpr float kOne = 1.0f;

static ffi::Error SiluForward(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  // local lambda: the stable form for each sign of v
  auto sigmoid = [](float v) { return v >= 0.0f ? kOne / (kOne + std::exp(-v)) : std::exp(v) / (kOne + std::exp(v)); };
  const float* xs = x.typed_data();
  float* ys = y->typed_data();
  for (size_t i = 0, n = x.element_count(); i < n; ++i) ys[i] = xs[i] * sigmoid(xs[i]);
  return ffi::Error::Success();
}

static ffi::Error SiluBackward(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                               ffi::ResultBuffer<ffi::F32> ct_x) {
  auto sigmoid = [](float v) { return v >= 0.0f ? kOne / (kOne + std::exp(-v)) : std::exp(v) / (kOne + std::exp(v)); };
  auto grad = [&sigmoid](float v, float g) {
    const float s = sigmoid(v);
    return g * s * (kOne + v * (kOne - s));
  };
  const float* xs = x.typed_data();
  const float* gs = ct_y.typed_data();
  float* out = ct_x->typed_data();
  for (size_t i = 0, n = x.element_count(); i < n; ++i) out[i] = grad(xs[i], gs[i]);
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluForward,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBackward,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
