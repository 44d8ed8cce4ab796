// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;


static ffi::Error SiluImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* in = x.typed_data();
  float* out = y->typed_data();
  for (int64_t i = 0, n = x.element_count(); i < n; ++i) {
    float s = 0.5f * std::tanh(0.5f * in[i]) + 0.5f;
    out[i] = in[i] * s;
  }
  return ffi::Error::Success();
}

static ffi::Error SiluBwdImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct, ffi::ResultBuffer<ffi::F32> dx) {
  const float* in = x.typed_data();
  const float* g = ct.typed_data();
  float* out = dx->typed_data();
  for (int64_t i = 0, n = x.element_count(); i < n; ++i) {
    float s = 0.5f * std::tanh(0.5f * in[i]) + 0.5f;
    float y = in[i] * s;
    out[i] = g[i] * (y + s * (1.0f - y));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());

