// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// RAII-free, scope-block style: every loop body in its own braces.
static float SigmoidStable(float v) {
  {
    if (v >= 0.0f) {
      return 1.0f / (1.0f + std::exp(-v));
    }
  }
  const float ev = std::exp(v);
  return ev / (1.0f + ev);
}

static ffi::Error SiluKernel(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const int64_t count = static_cast<int64_t>(x.element_count());
  const float* src = x.typed_data();
  float* dst = y->typed_data();
  for (int64_t k = 0; k < count; ++k) {
    const float v = src[k];
    dst[k] = v * SigmoidStable(v);
  }
  return ffi::Error::Success();
}

// ct_x = ct_y * s * (1 + x (1 - s))
static ffi::Error SiluGradKernel(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                                 ffi::ResultBuffer<ffi::F32> ct_x) {
  const int64_t count = static_cast<int64_t>(x.element_count());
  const float* src = x.typed_data();
  const float* up = ct_y.typed_data();
  float* dst = ct_x->typed_data();
  for (int64_t k = 0; k < count; ++k) {
    const float v = src[k];
    const float sg = SigmoidStable(v);
    dst[k] = up[k] * sg * (1.0f + v * (1.0f - sg));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluKernel,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluGradKernel,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
