// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

constexpr float ONE = 1.0f;

static inline float Logistic(float v) { return ONE / (ONE + std::exp(-v)); }

static ffi::Error SiluForwardImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* xs = x.typed_data();
  float* ys = y->typed_data();
  for (size_t k = 0, n = x.element_count(); k < n; ++k) {
    ys[k] = xs[k] * Logistic(xs[k]);
  }
  return ffi::Error::Success();
}

static ffi::Error SiluBackwardImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                                   ffi::ResultBuffer<ffi::F32> ct_x) {
  const float* xs = x.typed_data();
  const float* gs = ct_y.typed_data();
  float* os = ct_x->typed_data();
  for (size_t k = 0, n = x.element_count(); k < n; ++k) {
    const float s = Logistic(xs[k]);
    os[k] = gs[k] * (s + xs[k] * s * (ONE - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluForwardImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBackwardImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
