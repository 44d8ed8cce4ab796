// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

#include <algorithm>
#include <functional>

static float Logit1(float v) { return 1.0f / (1.0f + std::exp(-v)); }

static ffi::Error Forward(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const int64_t n = x.element_count();
  const float* xs = x.typed_data();
  float* ys = y->typed_data();
  std::transform(xs, xs + n, ys, [](float v) { return v * Logit1(v); });
  return ffi::Error::Success();
}

static ffi::Error Backward(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct, ffi::ResultBuffer<ffi::F32> out) {
  const int64_t n = x.element_count();
  const float* xs = x.typed_data();
  const float* cs = ct.typed_data();
  float* os = out->typed_data();
  for (int64_t i = 0; i < n; ++i) {
    const float s = Logit1(xs[i]);
    os[i] = cs[i] * (s * (1.0f - s) * xs[i] + s);
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, Forward,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, Backward,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
