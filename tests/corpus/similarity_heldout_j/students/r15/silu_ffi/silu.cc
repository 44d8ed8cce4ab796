// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// 稳定的 sigmoid
static float 激活(float x) {
  if (x >= 0) return 1.0f / (1.0f + expf(-x));
  float t = expf(x);
  return t / (t + 1.0f);
}

static ffi::Error SiluImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* 入 = x.typed_data();
  float* 出 = y->typed_data();
  int64_t i = 0;
  const int64_t n = x.element_count();
  while (i < n) {
    出[i] = 入[i] * 激活(入[i]);
    ++i;
  }
  return ffi::Error::Success();
}

static ffi::Error SiluBwdImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                              ffi::ResultBuffer<ffi::F32> ct_x) {
  const float* 入 = x.typed_data();
  const float* 梯 = ct_y.typed_data();
  float* 出 = ct_x->typed_data();
  int64_t i = 0;
  const int64_t n = x.element_count();
  while (i < n) {
    const float s = 激活(入[i]);
    出[i] = 梯[i] * (s + 入[i] * s * (1.0f - s));
    ++i;
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluImpl,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdImpl,
                              ffi::Ffi::Bind()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Ret<ffi::Buffer<ffi::F32>>());
