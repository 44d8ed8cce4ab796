// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

static inline float sigmoid_of(float value) { return 1.0f / (1.0f + std::exp(-value)); }

static ffi::Error SiluForwardKernel(ffi::Buffer<ffi::F32> input, ffi::ResultBuffer<ffi::F32> output) {
  const float* in = input.typed_data();
  float* out = output->typed_data();
  for (size_t idx = 0, n = input.element_count(); idx < n; ++idx) {
    out[idx] = in[idx] * sigmoid_of(in[idx]);
  }
  return ffi::Error::Success();
}

static ffi::Error SiluBackwardKernel(ffi::Buffer<ffi::F32> input, ffi::Buffer<ffi::F32> grad_out,
                                     ffi::ResultBuffer<ffi::F32> grad_in) {
  const float* in = input.typed_data();
  const float* g = grad_out.typed_data();
  float* out = grad_in->typed_data();
  for (size_t idx = 0, n = input.element_count(); idx < n; ++idx) {
    const float s = sigmoid_of(in[idx]);
    out[idx] = g[idx] * s * (1.0f + in[idx] * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluForwardKernel,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBackwardKernel,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
