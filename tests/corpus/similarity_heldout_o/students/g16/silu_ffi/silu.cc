// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

static ffi::Error SiluFwd(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* src = x.typed_data();
  float* dst = y->typed_data();
  int64_t n = x.element_count();
  while (n-- > 0) {
    float tmp = *src++;
    float res = tmp / (1.0f + expf(-tmp));
    *dst++ = res;
  }
  return ffi::Error::Success();
}

static ffi::Error SiluBwd_(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> g, ffi::ResultBuffer<ffi::F32> r) {
  const float* src = x.typed_data();
  const float* gsrc = g.typed_data();
  float* dst = r->typed_data();
  int64_t n = x.element_count();
  while (n-- > 0) {
    float tmp = *src++;
    float s = 1.0f / (1.0f + expf(-tmp));
    float res = s * (1.0f + tmp * (1.0f - s));
    *dst++ = *gsrc++ * res;
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluFwd,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwd_,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
