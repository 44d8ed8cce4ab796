// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

struct SiluMath {
  static float sigmoid(float v) { return 1.0f / (1.0f + std::exp(-v)); }
  static float forward(float v) { return v * sigmoid(v); }
  static float backward(float v, float g) {
    const float s = sigmoid(v);
    return g * s * (1.0f + v * (1.0f - s));
  }
};

static ffi::Error SiluFwd15(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* xs = x.typed_data();
  float* ys = y->typed_data();
  for (size_t i = 0; i < x.element_count(); ++i) ys[i] = SiluMath::forward(xs[i]);
  return ffi::Error::Success();
}

static ffi::Error SiluBwd15(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> g, ffi::ResultBuffer<ffi::F32> dx) {
  const float* xs = x.typed_data();
  const float* gs = g.typed_data();
  float* out = dx->typed_data();
  for (size_t i = 0; i < x.element_count(); ++i) out[i] = SiluMath::backward(xs[i], gs[i]);
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluFwd15,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwd15,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
