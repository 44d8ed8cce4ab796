// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// sigmoid(x) = (1 + tanh(x / 2)) / 2,tanh 本身不会溢出
static inline float SigmoidTanh(float v) { return 0.5f * (1.0f + std::tanh(0.5f * v)); }

static ffi::Error SiluKernel(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* a = x.typed_data();
  float* b = y->typed_data();
  for (size_t i = 0, n = x.element_count(); i < n; ++i) b[i] = a[i] * SigmoidTanh(a[i]);
  return ffi::Error::Success();
}

static ffi::Error SiluGradKernel(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                                 ffi::ResultBuffer<ffi::F32> ct_x) {
  const float* a = x.typed_data();
  const float* g = ct_y.typed_data();
  float* b = ct_x->typed_data();
  for (size_t i = 0, n = x.element_count(); i < n; ++i) {
    const float s = SigmoidTanh(a[i]);
    b[i] = g[i] * s * (1.0f + a[i] * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluKernel,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluGradKernel,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
