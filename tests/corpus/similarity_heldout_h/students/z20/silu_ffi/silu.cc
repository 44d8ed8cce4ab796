// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

/* 在这条注释下面实现两个 handler,并用 XLA_FFI_DEFINE_HANDLER_SYMBOL 把它们导出为 Silu 和 SiluBwd。
*/
#include <cstddef>

// sigmoid:x >= 0 用 1/(1+e^-x),x < 0 用 e^x/(1+e^x)
inline float StableSigmoid(float x) {
  return x >= 0.0f ? 1.0f / (1.0f + std::exp(-x)) : std::exp(x) / (1.0f + std::exp(x));
}

ffi::Error SiluHandler(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const std::size_t n = x.element_count();
  float* out = y->typed_data();
  const float* in = x.typed_data();
  for (std::size_t k = 0; k < n; ++k) {
    const float s = StableSigmoid(in[k]);
    out[k] = in[k] * s;
  }
  return ffi::Error::Success();
}

// ct_x = ct_y * (s + x * s * (1 - s))
ffi::Error SiluBwdHandler(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y, ffi::ResultBuffer<ffi::F32> ct_x) {
  const std::size_t n = x.element_count();
  float* out = ct_x->typed_data();
  const float* in = x.typed_data();
  const float* g = ct_y.typed_data();
  for (std::size_t k = 0; k < n; ++k) {
    const float s = StableSigmoid(in[k]);
    out[k] = g[k] * (s + in[k] * s * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluHandler,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdHandler,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
