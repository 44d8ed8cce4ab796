// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

/* 在这条注释下面实现两个 handler,并用 XLA_FFI_DEFINE_HANDLER_SYMBOL 把它们导出为 Silu 和 SiluBwd。
*/
// 稳定的 sigmoid
static float 乙状(float x) {
  float 结果;
  if (x < 0.0f) {
    float e = std::exp(x);
    结果 = e / (1.0f + e);
  } else {
    结果 = 1.0f / (1.0f + std::exp(-x));
  }
  return 结果;
}

static ffi::Error 前向(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  int64_t i = 0;
  const int64_t 总数 = x.element_count();
  while (i < 总数) {
    float v = x.typed_data()[i];
    y->typed_data()[i] = v * 乙状(v);
    i++;
  }
  return ffi::Error::Success();
}

static ffi::Error 反向(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y, ffi::ResultBuffer<ffi::F32> ct_x) {
  int64_t i = 0;
  const int64_t 总数 = x.element_count();
  while (i < 总数) {
    float v = x.typed_data()[i];
    float s = 乙状(v);
    // 导数 s (1 + x - x s)
    ct_x->typed_data()[i] = ct_y.typed_data()[i] * s * (1.0f + v - v * s);
    i++;
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, 前向,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, 反向,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
