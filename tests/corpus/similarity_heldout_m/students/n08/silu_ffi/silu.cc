// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

namespace {

// sigmoid 用 tanh 写:s = 0.5 * (1 + tanh(x / 2)),两边都不溢出
inline float 激活(float x) { return 0.5f * (1.0f + std::tanh(0.5f * x)); }

}  // namespace

static ffi::Error SiluImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  auto n = x.element_count();
  auto* 入 = x.typed_data();
  auto* 出 = y->typed_data();
  for (size_t i = 0; i < n; i++) 出[i] = 入[i] * 激活(入[i]);
  return ffi::Error::Success();
}

static ffi::Error SiluBwdImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                              ffi::ResultBuffer<ffi::F32> ct_x) {
  auto n = x.element_count();
  auto* 入 = x.typed_data();
  auto* 梯 = ct_y.typed_data();
  auto* 出 = ct_x->typed_data();
  for (size_t i = 0; i < n; i++) {
    float s = 激活(入[i]);
    出[i] = 梯[i] * (s + 入[i] * s * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
