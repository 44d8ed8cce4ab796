// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

static ffi::Error silu_fwd(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* src = x.typed_data();
  float* dst = y->typed_data();
  size_t n = x.element_count();
  size_t i = 0;
  while (i < n) {
    float tmp = 1.0f / (1.0f + expf(-src[i]));
    dst[i] = src[i] * tmp;
    i++;
  }
  return ffi::Error::Success();
}

static ffi::Error silu_bwd(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y, ffi::ResultBuffer<ffi::F32> ct_x) {
  const float* src = x.typed_data();
  const float* g = ct_y.typed_data();
  float* dst = ct_x->typed_data();
  size_t n = x.element_count();
  size_t i = 0;
  while (i < n) {
    float tmp = 1.0f / (1.0f + expf(-src[i]));
    float res = tmp * (1.0f + src[i] * (1.0f - tmp));
    dst[i] = g[i] * res;
    i++;
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, silu_fwd,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, silu_bwd,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
