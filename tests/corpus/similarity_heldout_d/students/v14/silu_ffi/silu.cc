// SiLU forward/backward; size_t indices, sigmoid through tanh for stability.
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;
#include <cstddef>

static inline float sigmoid_tanh(float v) { return 0.5f * std::tanh(0.5f * v) + 0.5f; }

static ffi::Error silu_forward(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const std::size_t n = static_cast<std::size_t>(x.element_count());
  const float* px = x.typed_data();
  float* py = y->typed_data();
  for (std::size_t i = 0; i < n; ++i) py[i] = px[i] * sigmoid_tanh(px[i]);
  return ffi::Error::Success();
}

static ffi::Error silu_backward(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                                ffi::ResultBuffer<ffi::F32> ct_x) {
  const std::size_t n = static_cast<std::size_t>(x.element_count());
  const float* px = x.typed_data();
  const float* pg = ct_y.typed_data();
  float* pout = ct_x->typed_data();
  for (std::size_t i = 0; i < n; ++i) {
    const float s = sigmoid_tanh(px[i]);
    pout[i] = pg[i] * s * (1.0f + px[i] * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, silu_forward,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, silu_backward,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
