// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

/* 在这条注释下面实现两个 handler,并用 XLA_FFI_DEFINE_HANDLER_SYMBOL 把它们导出为 Silu 和 SiluBwd。
*/
// 稳定的 sigmoid:用 log1p/exp 写成 exp(-softplus(-x))
static float StableSig(float x) {
  float sp = x >= 0.0f ? std::log1p(std::exp(-x)) : -x + std::log1p(std::exp(x));  // softplus(-x)
  return std::exp(-sp);
}

static ffi::Error SiluF(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* xp = x.typed_data();
  float* yp = y->typed_data();
  for (int64_t i = 0; i < static_cast<int64_t>(x.element_count()); i++) {
    yp[i] = xp[i] * StableSig(xp[i]);
  }
  return ffi::Error::Success();
}

static ffi::Error SiluB(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y, ffi::ResultBuffer<ffi::F32> ct_x) {
  const float* xp = x.typed_data();
  const float* cp = ct_y.typed_data();
  float* op = ct_x->typed_data();
  for (int64_t i = 0; i < static_cast<int64_t>(x.element_count()); i++) {
    float s = StableSig(xp[i]);
    float y = xp[i] * s;
    // 导数 = y + s * (1 - y)
    op[i] = cp[i] * (y + s * (1.0f - y));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluF,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluB,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
