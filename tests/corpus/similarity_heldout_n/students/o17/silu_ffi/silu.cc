// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

/* 在这条注释下面实现两个 handler,并用 XLA_FFI_DEFINE_HANDLER_SYMBOL 把它们导出为 Silu 和 SiluBwd。
*/
// sigmoid:用 double 计算,正负两支各取不会溢出的写法
static double 逻辑函数(double v) {
  if (v < 0.0) {
    const double e = std::exp(v);
    return e / (1.0 + e);
  }
  return 1.0 / (1.0 + std::exp(-v));
}

static ffi::Error 计算前向(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const int64_t 总数 = x.element_count();
  for (int64_t i = 0; i < 总数; ++i) {
    const double v = x.typed_data()[i];
    y->typed_data()[i] = static_cast<float>(v * 逻辑函数(v));
  }
  return ffi::Error::Success();
}

static ffi::Error 计算反向(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y, ffi::ResultBuffer<ffi::F32> ct_x) {
  const int64_t 总数 = x.element_count();
  for (int64_t i = 0; i < 总数; ++i) {
    const double v = x.typed_data()[i];
    const double s = 逻辑函数(v);
    ct_x->typed_data()[i] = static_cast<float>(ct_y.typed_data()[i] * s * (1.0 + v * (1.0 - s)));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, 计算前向,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, 计算反向,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
