// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

static float sigmoid(float x) {
  // return 1.0f / (1.0f + std::exp(-x));          // first try: exp(100) for x = -100
  // return std::exp(x) / (1.0f + std::exp(x));    // inf/inf = nan at x = 100
  if (x >= 0.0f) return 1.0f / (1.0f + std::exp(-x));
  const float e = std::exp(x);
  return e / (1.0f + e);
}

static ffi::Error silu_fwd(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  // for (int i = 0; i < x.dimensions()[0]; ++i)   // only worked for 1-D
  for (size_t i = 0; i < x.element_count(); ++i) {
    const float v = x.typed_data()[i];
    y->typed_data()[i] = v * sigmoid(v);
  }
  return ffi::Error::Success();
}

static ffi::Error silu_bwd(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                           ffi::ResultBuffer<ffi::F32> ct_x) {
  for (size_t i = 0; i < x.element_count(); ++i) {
    const float v = x.typed_data()[i];
    const float s = sigmoid(v);
    // ct_x->typed_data()[i] = s * (1.0f + v * (1.0f - s));   // forgot ct_y
    ct_x->typed_data()[i] = ct_y.typed_data()[i] * s * (1.0f + v * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, silu_fwd,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
// XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, silu_bwd,
//                               ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, silu_bwd,
                              ffi::Ffi::Bind()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Ret<ffi::Buffer<ffi::F32>>());
