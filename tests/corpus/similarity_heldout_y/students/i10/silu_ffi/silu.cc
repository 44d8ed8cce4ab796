// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

static float Sg(float v) {
  if (v >= 0) {
    return 1 / (1 + std::exp(-v));
  }
  float e = std::exp(v);
  return e / (1 + e);
}

static ffi::Error Fw(
    ffi::Buffer<ffi::F32> x,
    ffi::ResultBuffer<ffi::F32> y) {
  int64_t n = x.element_count();
  auto p = x.typed_data();
  auto q = y->typed_data();
  for (int64_t i = 0; i < n; ++i) {
    float v = p[i];
    q[i] = v * Sg(v);
  }
  return ffi::Error::Success();
}

static ffi::Error Bw(
    ffi::Buffer<ffi::F32> x,
    ffi::Buffer<ffi::F32> g,
    ffi::ResultBuffer<ffi::F32> o) {
  int64_t n = x.element_count();
  auto p = x.typed_data();
  auto r = g.typed_data();
  auto q = o->typed_data();
  for (int64_t i = 0; i < n; ++i) {
    float v = p[i];
    float s = Sg(v);
    float k = 1 + v * (1 - s);
    q[i] = r[i] * s * k;
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(
    Silu, Fw,
    ffi::Ffi::Bind()
        .Arg<ffi::Buffer<ffi::F32>>()
        .Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(
    SiluBwd, Bw,
    ffi::Ffi::Bind()
        .Arg<ffi::Buffer<ffi::F32>>()
        .Arg<ffi::Buffer<ffi::F32>>()
        .Ret<ffi::Buffer<ffi::F32>>());
