// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

static inline float sigmoid_f(float x) {
  const float t = std::exp(-std::fabs(x));
  return (x >= 0.0f ? 1.0f : t) / (1.0f + t);
}

static ffi::Error silu_impl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  auto n = x.element_count();
  const float* a = x.typed_data();
  float* b = y->typed_data();
  for (decltype(n) i = 0; i < n; ++i) {
    b[i] = a[i] * sigmoid_f(a[i]);
  }
  return ffi::Error::Success();
}

static ffi::Error silu_bwd_impl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                                ffi::ResultBuffer<ffi::F32> ct_x) {
  auto n = x.element_count();
  const float* a = x.typed_data();
  const float* g = ct_y.typed_data();
  float* b = ct_x->typed_data();
  for (decltype(n) i = 0; i < n; ++i) {
    const float s = sigmoid_f(a[i]);
    b[i] = g[i] * s * (1.0f + a[i] * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, silu_impl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, silu_bwd_impl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
