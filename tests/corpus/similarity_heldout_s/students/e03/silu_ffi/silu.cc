// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

/* 在这条注释下面实现两个 handler,并用 XLA_FFI_DEFINE_HANDLER_SYMBOL 把它们导出为 Silu 和 SiluBwd。
*/
static inline float StableSigmoid(float v) {
  return v >= 0.0f ? 1.0f / (1.0f + std::exp(-v)) : std::exp(v) / (1.0f + std::exp(v));
}

static ffi::Error SiluImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  for (size_t i = 0; i < x.element_count(); ++i) {
    const float v = x.typed_data()[i];
    y->typed_data()[i] = v * StableSigmoid(v);
  }
  return ffi::Error::Success();
}

static ffi::Error SiluBwdImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                              ffi::ResultBuffer<ffi::F32> ct_x) {
  for (size_t i = 0; i < x.element_count(); ++i) {
    const float v = x.typed_data()[i];
    const float s = StableSigmoid(v);
    ct_x->typed_data()[i] = ct_y.typed_data()[i] * s * (1.0f + v * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
