// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

enum Sign : int { kPositive = 0, kNegative = 1 };

static float StableSigmoid(float v) {
  const Sign sign = v < 0.0f ? kNegative : kPositive;
  const float e = std::exp(sign == kNegative ? v : -v);
  return sign == kNegative ? e / (1.0f + e) : 1.0f / (1.0f + e);
}

static ffi::Error SiluFwd(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  auto* out = y->typed_data();
  const auto* in = x.typed_data();
  for (size_t k = 0; k < x.element_count(); ++k) out[k] = in[k] * StableSigmoid(in[k]);
  return ffi::Error::Success();
}

static ffi::Error SiluBwdFn(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                            ffi::ResultBuffer<ffi::F32> ct_x) {
  auto* out = ct_x->typed_data();
  const auto* in = x.typed_data();
  const auto* ct = ct_y.typed_data();
  for (size_t k = 0; k < x.element_count(); ++k) {
    const float s = StableSigmoid(in[k]);
    out[k] = ct[k] * s * (1.0f + in[k] * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluFwd,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdFn,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
