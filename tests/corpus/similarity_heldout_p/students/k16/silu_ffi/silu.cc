// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

static ffi::Error SiluCpu(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* a = x.typed_data();
  float* res = y->typed_data();
  int64_t n = x.element_count();
  for (int64_t i = 0; i < n; i++) {
    float tmp = a[i];
    float s;
    if (tmp >= 0) {
      s = 1.0f / (1.0f + expf(-tmp));
    } else {
      s = expf(tmp) / (1.0f + expf(tmp));
    }
    res[i] = tmp * s;
  }
  return ffi::Error::Success();
}

static ffi::Error SiluBwdCpu(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct, ffi::ResultBuffer<ffi::F32> out) {
  const float* a = x.typed_data();
  const float* c = ct.typed_data();
  float* res = out->typed_data();
  int64_t n = x.element_count();
  for (int64_t i = 0; i < n; i++) {
    float tmp = a[i];
    float s;
    if (tmp >= 0) {
      s = 1.0f / (1.0f + expf(-tmp));
    } else {
      s = expf(tmp) / (1.0f + expf(tmp));
    }
    res[i] = c[i] * s * (1.0f + tmp * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluCpu,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdCpu,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
