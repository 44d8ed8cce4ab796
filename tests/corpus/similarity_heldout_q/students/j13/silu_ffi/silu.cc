// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// 1. sigmoid
static float Sigmoid13(float v) { return 1.0f / (1.0f + std::exp(-v)); }

// 2. forward handler
static ffi::Error SiluFwd13(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  auto dims = x.dimensions();
  int64_t n = 1;
  for (auto d : dims) n *= d;
  for (int64_t i = 0; i < n; ++i) y->typed_data()[i] = x.typed_data()[i] * Sigmoid13(x.typed_data()[i]);
  return ffi::Error::Success();
}

// 3. backward handler
static ffi::Error SiluBwd13(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> g, ffi::ResultBuffer<ffi::F32> dx) {
  auto dims = x.dimensions();
  int64_t n = 1;
  for (auto d : dims) n *= d;
  for (int64_t i = 0; i < n; ++i) {
    float xi = x.typed_data()[i];
    float s = Sigmoid13(xi);
    dx->typed_data()[i] = g.typed_data()[i] * s * (1.0f + xi * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluFwd13,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwd13,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
