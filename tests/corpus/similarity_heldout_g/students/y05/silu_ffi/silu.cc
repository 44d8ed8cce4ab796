// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

namespace {

// sigmoid 用 tanh 写:s = (1 + tanh(x / 2)) / 2,对任何 x 都不会溢出
float Sigmoid(float x) { return 0.5f * (1.0f + std::tanh(0.5f * x)); }

ffi::Error SiluImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const int64_t n = x.element_count();
  for (int64_t i = 0; i < n; ++i) {
    const float v = x.typed_data()[i];
    y->typed_data()[i] = v * Sigmoid(v);
  }
  return ffi::Error::Success();
}

ffi::Error SiluBwdImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y, ffi::ResultBuffer<ffi::F32> ct_x) {
  const int64_t n = x.element_count();
  for (int64_t i = 0; i < n; ++i) {
    const float v = x.typed_data()[i];
    const float s = Sigmoid(v);
    // 导数 s + x s (1 - s)
    ct_x->typed_data()[i] = ct_y.typed_data()[i] * (s + v * s * (1.0f - s));
  }
  return ffi::Error::Success();
}

}  // namespace

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
