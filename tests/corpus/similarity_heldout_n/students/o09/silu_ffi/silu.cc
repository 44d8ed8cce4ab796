// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

/* 在这条注释下面实现两个 handler,并用 XLA_FFI_DEFINE_HANDLER_SYMBOL 把它们导出为 Silu 和 SiluBwd。
*/
static ffi::Error SiluForwardKernel(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  auto logistic = [](float t) {
    float q = std::exp(-std::fabs(t));
    return t >= 0.0f ? 1.0f / (1.0f + q) : q / (1.0f + q);
  };
  const float* src = x.typed_data();
  float* dst = y->typed_data();
  for (size_t k = 0; k < x.element_count(); ++k) dst[k] = src[k] * logistic(src[k]);
  return ffi::Error::Success();
}

static ffi::Error SiluBackwardKernel(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                                     ffi::ResultBuffer<ffi::F32> ct_x) {
  auto logistic = [](float t) {
    float q = std::exp(-std::fabs(t));
    return t >= 0.0f ? 1.0f / (1.0f + q) : q / (1.0f + q);
  };
  auto slope = [&](float t) {
    float p = logistic(t);
    return p + t * p * (1.0f - p);
  };
  const float* src = x.typed_data();
  const float* up = ct_y.typed_data();
  float* dst = ct_x->typed_data();
  for (size_t k = 0; k < x.element_count(); ++k) dst[k] = up[k] * slope(src[k]);
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluForwardKernel,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBackwardKernel,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
