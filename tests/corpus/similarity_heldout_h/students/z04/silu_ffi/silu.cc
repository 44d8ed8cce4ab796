// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// sigmoid via e = exp(-|x|), never overflows
static float stable_sigmoid(float x) {
  const float e = std::exp(-std::fabs(x));
  return x >= 0.0f ? 1.0f / (1.0f + e) : e / (1.0f + e);
}

static ffi::Error SiluForward(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const size_t n = static_cast<size_t>(x.element_count());
  for (size_t i = 0; i < n; ++i) {
    const float v = x.typed_data()[i];
    y->typed_data()[i] = v * stable_sigmoid(v);
  }
  return ffi::Error::Success();
}

static ffi::Error SiluBackward(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                               ffi::ResultBuffer<ffi::F32> ct_x) {
  const size_t n = static_cast<size_t>(x.element_count());
  for (size_t i = 0; i < n; ++i) {
    const float v = x.typed_data()[i];
    const float s = stable_sigmoid(v);
    ct_x->typed_data()[i] = ct_y.typed_data()[i] * s * (1.0f + v * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluForward,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBackward,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
