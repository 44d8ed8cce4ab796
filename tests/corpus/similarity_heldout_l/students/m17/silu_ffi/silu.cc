// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// 1. 稳定的 sigmoid(三目运算)
static inline float sigmoid_s(float x) {
  return x >= 0.0f ? 1.0f / (1.0f + std::exp(-x)) : 1.0f - 1.0f / (1.0f + std::exp(x));
}

// 2. 前向 y = x * s
static ffi::Error SiluCpu(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const auto n = x.element_count();
  for (int64_t i = 0; i < n; ++i) {
    const float v = x.typed_data()[i];
    y->typed_data()[i] = v * sigmoid_s(v);
  }
  return ffi::Error::Success();
}

// 3. 反向 ct_x = ct_y * (s + x s (1 - s))
static ffi::Error SiluBwdCpu(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                             ffi::ResultBuffer<ffi::F32> ct_x) {
  const auto n = x.element_count();
  for (int64_t i = 0; i < n; ++i) {
    const float v = x.typed_data()[i];
    const float s = sigmoid_s(v);
    ct_x->typed_data()[i] = ct_y.typed_data()[i] * (s + v * s * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluCpu,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdCpu,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
