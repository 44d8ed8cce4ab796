// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

static ffi::Error SiluF(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* xp = x.typed_data();
  float* yp = y->typed_data();
  int64_t n = x.element_count();
  int64_t i = 0;
  while (i < n) {
    float v = xp[i];
    float s;
    if (v >= 0.0f) {
      s = 1.0f / (1.0f + std::exp(-v));
    } else {
      float e = std::exp(v);
      s = e / (1.0f + e);
    }
    yp[i] = v * s;
    i++;
  }
  return ffi::Error::Success();
}

static ffi::Error SiluB(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> g, ffi::ResultBuffer<ffi::F32> r) {
  const float* xp = x.typed_data();
  const float* gp = g.typed_data();
  float* rp = r->typed_data();
  int64_t n = x.element_count();
  int64_t i = 0;
  while (i < n) {
    float v = xp[i];
    float s;
    if (v >= 0.0f) {
      s = 1.0f / (1.0f + std::exp(-v));
    } else {
      float e = std::exp(v);
      s = e / (1.0f + e);
    }
    rp[i] = gp[i] * s * (1.0f + v * (1.0f - s));
    i++;
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluF,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluB,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
