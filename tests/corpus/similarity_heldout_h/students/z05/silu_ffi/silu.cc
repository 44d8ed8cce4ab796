// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

/* 在这条注释下面实现两个 handler,并用 XLA_FFI_DEFINE_HANDLER_SYMBOL 把它们导出为 Silu 和 SiluBwd。
*/

// 用 double 计算 sigmoid,再转回 float
static double 稳定sigmoid(double 输入) {
  if (输入 >= 0.0) {
    return 1.0 / (1.0 + std::exp(-输入));
  }
  const double 指数 = std::exp(输入);
  return 指数 / (1.0 + 指数);
}

static ffi::Error SiluImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const int64_t 个数 = x.element_count();
  const float* 输入数组 = x.typed_data();
  float* 输出数组 = y->typed_data();
  for (int64_t i = 0; i < 个数; ++i) {
    const double v = 输入数组[i];
    输出数组[i] = static_cast<float>(v * 稳定sigmoid(v));
  }
  return ffi::Error::Success();
}

static ffi::Error SiluBwdImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                              ffi::ResultBuffer<ffi::F32> ct_x) {
  const int64_t 个数 = x.element_count();
  const float* 输入数组 = x.typed_data();
  const float* 余切 = ct_y.typed_data();
  float* 输出数组 = ct_x->typed_data();
  for (int64_t i = 0; i < 个数; ++i) {
    const double v = 输入数组[i];
    const double s = 稳定sigmoid(v);
    // ct_x = ct_y * s * (1 + x * (1 - s))
    输出数组[i] = static_cast<float>(余切[i] * s * (1.0 + v * (1.0 - s)));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
