// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

#include <cstddef>

static float Sig(float v) {
  return v < 0.0f ? std::exp(v) / (1.0f + std::exp(v)) : 1.0f / (1.0f + std::exp(-v));
}

static ffi::Error SiluImplementation(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const std::size_t count = x.element_count();
  if (count == 0) return ffi::Error::Success();
  const float* in = x.typed_data();
  float* out = y->typed_data();
  std::size_t i = count;
  do {
    --i;
    out[i] = in[i] * Sig(in[i]);
  } while (i != 0);
  return ffi::Error::Success();
}

static ffi::Error SiluBwdImplementation(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                                        ffi::ResultBuffer<ffi::F32> ct_x) {
  const std::size_t count = x.element_count();
  if (count == 0) return ffi::Error::Success();
  const float* in = x.typed_data();
  const float* up = ct_y.typed_data();
  float* out = ct_x->typed_data();
  std::size_t i = count;
  do {
    --i;
    const float s = Sig(in[i]);
    const float d = s * (1.0f + in[i] * (1.0f - s));
    out[i] = up[i] * d;
  } while (i != 0);
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluImplementation,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdImplementation,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
