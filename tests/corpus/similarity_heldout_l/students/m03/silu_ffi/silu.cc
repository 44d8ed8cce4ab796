// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

static ffi::Error F(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  auto sg = [](float v) { return v >= 0 ? 1.f / (1.f + std::exp(-v)) : std::exp(v) / (1.f + std::exp(v)); };
  auto n = x.element_count();
  for (int64_t i = 0; i < n; i++) y->typed_data()[i] = x.typed_data()[i] * sg(x.typed_data()[i]);
  return ffi::Error::Success();
}

static ffi::Error B(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> g, ffi::ResultBuffer<ffi::F32> o) {
  auto sg = [](float v) { return v >= 0 ? 1.f / (1.f + std::exp(-v)) : std::exp(v) / (1.f + std::exp(v)); };
  auto n = x.element_count();
  for (int64_t i = 0; i < n; i++) {
    float v = x.typed_data()[i], s = sg(v);
    o->typed_data()[i] = g.typed_data()[i] * s * (1.f + v * (1.f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, F,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, B,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
