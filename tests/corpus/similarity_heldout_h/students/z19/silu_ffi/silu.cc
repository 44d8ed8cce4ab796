// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// e = exp(-|x|) 不会溢出
static float 稳定sigmoid(float x) {
  const float e = std::exp(-std::fabs(x));
  if (x >= 0.0f) return 1.0f / (1.0f + e);
  return e / (1.0f + e);
}

static ffi::Error 正向(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* 输入 = x.typed_data();
  float* 输出 = y->typed_data();
  const int64_t 元素数 = x.element_count();
  for (int64_t i = 0; i < 元素数; ++i) {
    输出[i] = 输入[i] * 稳定sigmoid(输入[i]);
  }
  return ffi::Error::Success();
}

static ffi::Error 反向(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y, ffi::ResultBuffer<ffi::F32> ct_x) {
  const float* 输入 = x.typed_data();
  const float* 余切 = ct_y.typed_data();
  float* 输出 = ct_x->typed_data();
  const int64_t 元素数 = x.element_count();
  for (int64_t i = 0; i < 元素数; ++i) {
    const float s = 稳定sigmoid(输入[i]);
    // ct_x = ct_y * s * (1 + x * (1 - s))
    输出[i] = 余切[i] * s * (1.0f + 输入[i] * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, 正向,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, 反向,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
