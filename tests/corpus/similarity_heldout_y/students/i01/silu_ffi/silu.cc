// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

static ffi::Error SiluImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  float* out = y->typed_data();
  const float* in = x.typed_data();
  int64_t n = x.element_count();

  for (int64_t i = 0; i < n; i++) {
    float v = in[i];
    float s;
    if (v >= 0) {
      s = 1.0f / (1.0f + std::exp(-v));
    } else {
      float e = std::exp(v);
      s = e / (1.0f + e);
    }

    out[i] = v * s;
  }

  return ffi::Error::Success();
}

static ffi::Error SiluBwdImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                              ffi::ResultBuffer<ffi::F32> ct_x) {
  float* out = ct_x->typed_data();
  const float* in = x.typed_data();
  const float* g = ct_y.typed_data();
  int64_t n = x.element_count();

  for (int64_t i = 0; i < n; i++) {
    float v = in[i];
    float s;
    if (v >= 0) {
      s = 1.0f / (1.0f + std::exp(-v));
    } else {
      float e = std::exp(v);
      s = e / (1.0f + e);
    }

    out[i] = g[i] * s * (1.0f + v * (1.0f - s));
  }

  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluImpl,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdImpl,
                              ffi::Ffi::Bind()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Ret<ffi::Buffer<ffi::F32>>());
