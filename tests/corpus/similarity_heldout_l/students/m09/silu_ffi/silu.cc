// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

static float sigm(float x) {
  if (x >= 0) return 1 / (1 + expf(-x));
  float e = expf(x);
  return e / (1 + e);
}

static ffi::Error Fwd(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  int64_t n = x.element_count(), i = 0;
  const float* a = x.typed_data();
  float* b = y->typed_data();
  while (i < n) {
    b[i] = a[i] * sigm(a[i]);
    i++;
  }
  return ffi::Error::Success();
}

static ffi::Error Bwd(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> g, ffi::ResultBuffer<ffi::F32> r) {
  int64_t n = x.element_count(), i = 0;
  const float* a = x.typed_data();
  const float* c = g.typed_data();
  float* b = r->typed_data();
  while (i < n) {
    float s = sigm(a[i]);
    b[i] = c[i] * s * (1 + a[i] * (1 - s));
    i++;
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, Fwd,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, Bwd,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
