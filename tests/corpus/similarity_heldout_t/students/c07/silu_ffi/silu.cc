// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

static float sig(float v) {
  if (v < 0.0f) {
    const float e = std::exp(v);
    return e / (1.0f + e);
  }
  return 1.0f / (1.0f + std::exp(-v));
}

static ffi::Error FwdImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* src = x.typed_data();
  float* dst = y->typed_data();
  const int64_t n = static_cast<int64_t>(x.element_count());
  int64_t i = 0;
  while (true) {
    if (i >= n) break;
    dst[i] = src[i] * sig(src[i]);
    ++i;
  }
  return ffi::Error::Success();
}

static ffi::Error BwdImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y, ffi::ResultBuffer<ffi::F32> ct_x) {
  const float* src = x.typed_data();
  const float* g = ct_y.typed_data();
  float* dst = ct_x->typed_data();
  const int64_t n = static_cast<int64_t>(x.element_count());
  int64_t i = 0;
  while (true) {
    if (i >= n) break;
    const float s = sig(src[i]);
    dst[i] = g[i] * s * (1.0f + src[i] * (1.0f - s));
    ++i;
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, FwdImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, BwdImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
