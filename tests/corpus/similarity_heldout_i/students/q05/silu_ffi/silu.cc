// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;


/* 在这条注释下面实现两个 handler,并用 XLA_FFI_DEFINE_HANDLER_SYMBOL 把它们导出为 Silu 和 SiluBwd。
*/

// 用 double 算 sigmoid,exp 不会溢出成问题
static double sigmoid_d(double v) { return 1.0 / (1.0 + std::exp(-v)); }

static ffi::Error SiluImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* 输入 = x.typed_data();
  float* 输出 = y->typed_data();
  const int64_t n = x.element_count();
  for (int64_t i = 0; i < n; ++i) {
    double v = 输入[i];
    输出[i] = static_cast<float>(v * sigmoid_d(v));
  }
  return ffi::Error::Success();
}

static ffi::Error SiluBwdImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                              ffi::ResultBuffer<ffi::F32> ct_x) {
  const float* 输入 = x.typed_data();
  const float* 上游 = ct_y.typed_data();
  float* 输出 = ct_x->typed_data();
  const int64_t n = x.element_count();
  for (int64_t i = 0; i < n; ++i) {
    double v = 输入[i];
    double s = sigmoid_d(v);
    // 导数 s (1 + x (1 - s))
    输出[i] = static_cast<float>(上游[i] * s * (1.0 + v * (1.0 - s)));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());

