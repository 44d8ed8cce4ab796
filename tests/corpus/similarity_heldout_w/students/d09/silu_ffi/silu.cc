// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// 数值稳定的 sigmoid:x >= 0 用 1/(1+e^-x),x < 0 用 e^x/(1+e^x)
static float 稳定sigmoid(float v) {
  if (v >= 0.0f) {
    return 1.0f / (1.0f + std::exp(-v));
  }
  const float 指数 = std::exp(v);
  return 指数 / (1.0f + 指数);
}

// 前向:y = x * s
static ffi::Error 前向(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const int64_t 个数 = static_cast<int64_t>(x.element_count());
  for (int64_t i = 0; i < 个数; ++i) {
    y->typed_data()[i] = x.typed_data()[i] * 稳定sigmoid(x.typed_data()[i]);
  }
  return ffi::Error::Success();
}

// 反向:ct_x = ct_y * s * (1 + x * (1 - s))
static ffi::Error 反向(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y, ffi::ResultBuffer<ffi::F32> ct_x) {
  const int64_t 个数 = static_cast<int64_t>(x.element_count());
  for (int64_t i = 0; i < 个数; ++i) {
    const float 值 = x.typed_data()[i];
    const float s = 稳定sigmoid(值);
    ct_x->typed_data()[i] = ct_y.typed_data()[i] * s * (1.0f + 值 * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, 前向,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, 反向,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
