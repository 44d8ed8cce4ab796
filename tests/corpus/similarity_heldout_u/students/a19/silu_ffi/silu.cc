// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

static float sigmoid_wending(float x) {
  float e = std::exp(-std::fabs(x));
  float fenmu = 1.0f + e;
  return x >= 0.0f ? 1.0f / fenmu : e / fenmu;
}

static ffi::Error QianXiang(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  int64_t geshu = x.element_count();
  const float* shuru = x.typed_data();
  float* shuchu = y->typed_data();
  for (int64_t i = 0; i < geshu; ++i) shuchu[i] = shuru[i] * sigmoid_wending(shuru[i]);
  return ffi::Error::Success();
}

static ffi::Error FanXiang(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y, ffi::ResultBuffer<ffi::F32> ct_x) {
  int64_t geshu = x.element_count();
  const float* shuru = x.typed_data();
  const float* tidu = ct_y.typed_data();
  float* shuchu = ct_x->typed_data();
  for (int64_t i = 0; i < geshu; ++i) {
    float s = sigmoid_wending(shuru[i]);
    shuchu[i] = tidu[i] * s * (1.0f + shuru[i] * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, QianXiang,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, FanXiang,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
