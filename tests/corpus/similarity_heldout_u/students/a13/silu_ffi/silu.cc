// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

static float Sigm(float x) {
  if (x >= 0.0f) {
    return 1.0f / (1.0f + std::exp(-x));
  } else {
    float ex = std::exp(x);
    return ex / (1.0f + ex);
  }
}

static ffi::Error SiluHandler(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  auto n = x.element_count();
  auto* in = x.typed_data();
  auto* out = y->typed_data();
  for (decltype(n) i = 0; i < n; i++) {
    out[i] = in[i] * Sigm(in[i]);
  }
  return ffi::Error::Success();
}

static ffi::Error SiluBwdHandler(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                                 ffi::ResultBuffer<ffi::F32> ct_x) {
  auto n = x.element_count();
  auto* in = x.typed_data();
  auto* dy = ct_y.typed_data();
  auto* dx = ct_x->typed_data();
  for (decltype(n) i = 0; i < n; i++) {
    float s = Sigm(in[i]);
    dx[i] = dy[i] * s * (1.0f + in[i] * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluHandler,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdHandler,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
