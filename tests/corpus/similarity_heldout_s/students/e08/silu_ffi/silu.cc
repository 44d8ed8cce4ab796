// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

template <typename T>
static T Sigmoid(T v) {
  if (v >= T(0)) return T(1) / (T(1) + std::exp(-v));
  const T e = std::exp(v);
  return e / (T(1) + e);
}

template <typename Fn>
static void ForEach(int64_t n, Fn&& fn) {
  for (int64_t i = 0; i < n; ++i) fn(i);
}

static ffi::Error SiluHandler(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* xs = x.typed_data();
  float* ys = y->typed_data();
  ForEach(static_cast<int64_t>(x.element_count()), [&](int64_t i) { ys[i] = xs[i] * Sigmoid(xs[i]); });
  return ffi::Error::Success();
}

static ffi::Error SiluBwdHandler(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                                 ffi::ResultBuffer<ffi::F32> ct_x) {
  const float* xs = x.typed_data();
  const float* gs = ct_y.typed_data();
  float* out = ct_x->typed_data();
  auto grad = [](float v, float g) {
    const float s = Sigmoid(v);
    return g * s * (1.0f + v * (1.0f - s));
  };
  ForEach(static_cast<int64_t>(x.element_count()), [&](int64_t i) { out[i] = grad(xs[i], gs[i]); });
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluHandler,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdHandler,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
