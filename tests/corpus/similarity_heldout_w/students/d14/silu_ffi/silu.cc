// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

struct Pair {
  float s;
  float y;
};

static Pair SiluPair(float v) {
  const float e = std::exp(v < 0.0f ? v : -v);
  const float s = v < 0.0f ? e / (1.0f + e) : 1.0f / (1.0f + e);
  return Pair{s, v * s};
}

static ffi::Error SiluImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const size_t n = x.element_count();
  for (size_t i = 0; i < n; ++i) y->typed_data()[i] = SiluPair(x.typed_data()[i]).y;
  return ffi::Error::Success();
}

static ffi::Error SiluBwdImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                              ffi::ResultBuffer<ffi::F32> ct_x) {
  const size_t n = x.element_count();
  for (size_t i = 0; i < n; ++i) {
    const float v = x.typed_data()[i];
    const Pair p = SiluPair(v);
    ct_x->typed_data()[i] = ct_y.typed_data()[i] * (p.s + p.y * (1.0f - p.s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
