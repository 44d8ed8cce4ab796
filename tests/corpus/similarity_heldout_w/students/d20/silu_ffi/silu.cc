// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

using F32Buffer = ffi::Buffer<ffi::F32>;
using F32Result = ffi::ResultBuffer<ffi::F32>;

constexpr float kOne = 1.0f;
constexpr float kZero = 0.0f;

static inline float Sigmoid(const float v) {
  if (v >= kZero) return kOne / (kOne + std::exp(-v));
  const float e = std::exp(v);
  return e / (kOne + e);
}

static ffi::Error SiluImpl(F32Buffer x, F32Result y) {
  const int64_t n = static_cast<int64_t>(x.element_count());
  const float* const xs = x.typed_data();
  float* const ys = y->typed_data();
  for (int64_t i = 0; i < n; ++i) ys[i] = xs[i] * Sigmoid(xs[i]);
  return ffi::Error::Success();
}

static ffi::Error SiluBwdImpl(F32Buffer x, F32Buffer ct_y, F32Result ct_x) {
  const int64_t n = static_cast<int64_t>(x.element_count());
  const float* const xs = x.typed_data();
  const float* const gs = ct_y.typed_data();
  float* const out = ct_x->typed_data();
  for (int64_t i = 0; i < n; ++i) {
    const float s = Sigmoid(xs[i]);
    out[i] = gs[i] * s * (kOne + xs[i] * (kOne - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluImpl, ffi::Ffi::Bind().Arg<F32Buffer>().Ret<F32Buffer>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdImpl,
                              ffi::Ffi::Bind().Arg<F32Buffer>().Arg<F32Buffer>().Ret<F32Buffer>());
