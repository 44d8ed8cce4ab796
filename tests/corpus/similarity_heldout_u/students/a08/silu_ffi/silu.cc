// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

static float s(float v) { return v < 0 ? std::exp(v) / (1 + std::exp(v)) : 1 / (1 + std::exp(-v)); }

static ffi::Error F(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  auto* a = x.typed_data();
  auto* b = y->typed_data();
  for (size_t i = 0; i < x.element_count(); ++i) b[i] = a[i] * s(a[i]);
  return ffi::Error::Success();
}

static ffi::Error B(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> g, ffi::ResultBuffer<ffi::F32> r) {
  auto* a = x.typed_data();
  auto* c = g.typed_data();
  auto* b = r->typed_data();
  for (size_t i = 0; i < x.element_count(); ++i) {
    float t = s(a[i]);
    b[i] = c[i] * t * (1 + a[i] * (1 - t));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, F,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, B,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
