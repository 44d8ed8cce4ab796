// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// 1. sigmoid
static float sigmoid(float x) { return 1.0f / (1.0f + std::exp(-x)); }

// 2. 前向:y = x * s
static ffi::Error QianXiang(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const int64_t n = x.element_count();
  for (int64_t i = 0; i < n; ++i) {
    float xi = x.typed_data()[i];
    y->typed_data()[i] = xi * sigmoid(xi);
  }
  return ffi::Error::Success();
}

// 3. 反向:sigmoid 的导数是 s * (1 - s)
static ffi::Error FanXiang(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y, ffi::ResultBuffer<ffi::F32> ct_x) {
  const int64_t n = x.element_count();
  for (int64_t i = 0; i < n; ++i) {
    float s = sigmoid(x.typed_data()[i]);
    ct_x->typed_data()[i] = ct_y.typed_data()[i] * s * (1.0f - s);
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, QianXiang,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, FanXiang,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
