// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// forward: loop over every element
static ffi::Error SiluImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* in = x.typed_data();
  float* out = y->typed_data();
  for (int64_t i = 0, n = x.element_count(); i < n; i++) {
    float v = in[i];
    float s;
    // stable sigmoid: pick the branch where exp does not overflow
    if (v >= 0.0f) {
      s = 1.0f / (1.0f + std::exp(-v));
    } else {
      float e = std::exp(v);
      s = e / (1.0f + e);
    }
    out[i] = v * s;
  }
  return ffi::Error::Success();
}

// backward: same sigmoid, then the chain rule
static ffi::Error SiluBwdImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                              ffi::ResultBuffer<ffi::F32> ct_x) {
  const float* in = x.typed_data();
  const float* ct = ct_y.typed_data();
  float* out = ct_x->typed_data();
  for (int64_t i = 0, n = x.element_count(); i < n; i++) {
    float v = in[i];
    float s;
    if (v >= 0.0f) {
      s = 1.0f / (1.0f + std::exp(-v));
    } else {
      float e = std::exp(v);
      s = e / (1.0f + e);
    }
    out[i] = ct[i] * s * (1.0f + v * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
