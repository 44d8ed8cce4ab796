// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// sigmoid(x) = (1 + tanh(x/2)) / 2 -- tanh saturates, so no inf/inf
static float sgm(float x) { return 0.5f * (1.0f + std::tanh(0.5f * x)); }

static ffi::Error SiluTanh(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  auto* xs = x.typed_data();
  auto* ys = y->typed_data();
  for (int64_t k = 0; k < x.element_count(); ++k) ys[k] = xs[k] * sgm(xs[k]);
  return ffi::Error::Success();
}

static ffi::Error SiluTanhBwd(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> dy,
                              ffi::ResultBuffer<ffi::F32> dx) {
  auto* xs = x.typed_data();
  auto* gs = dy.typed_data();
  auto* out = dx->typed_data();
  for (int64_t k = 0; k < x.element_count(); ++k) {
    float s = sgm(xs[k]);
    out[k] = gs[k] * (s + xs[k] * s * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluTanh,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluTanhBwd,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
