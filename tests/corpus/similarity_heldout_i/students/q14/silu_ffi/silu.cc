// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;


/* 在这条注释下面实现两个 handler,并用 XLA_FFI_DEFINE_HANDLER_SYMBOL 把它们导出为 Silu 和 SiluBwd。
*/

// stable sigmoid: e^x / (1 + e^x) for negative x
static inline float sig(float v) {
  return v >= 0 ? 1.0f / (1.0f + std::exp(-v)) : std::exp(v) / (1.0f + std::exp(v));
}

static ffi::Error SiluImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  auto n = x.element_count();
  const float* a = x.typed_data();
  float* b = y->typed_data();
  size_t i = 0;
  for (; i + 4 <= n; i += 4) {
    b[i] = a[i] * sig(a[i]);
    b[i + 1] = a[i + 1] * sig(a[i + 1]);
    b[i + 2] = a[i + 2] * sig(a[i + 2]);
    b[i + 3] = a[i + 3] * sig(a[i + 3]);
  }
  for (; i < n; i++) b[i] = a[i] * sig(a[i]);
  return ffi::Error::Success();
}

static ffi::Error SiluBwdImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> g, ffi::ResultBuffer<ffi::F32> dx) {
  auto n = x.element_count();
  const float* a = x.typed_data();
  const float* c = g.typed_data();
  float* o = dx->typed_data();
  size_t i = 0;
  for (; i + 2 <= n; i += 2) {
    float s0 = sig(a[i]);
    float s1 = sig(a[i + 1]);
    o[i] = c[i] * (s0 + a[i] * s0 * (1 - s0));
    o[i + 1] = c[i + 1] * (s1 + a[i + 1] * s1 * (1 - s1));
  }
  for (; i < n; i++) {
    float s = sig(a[i]);
    o[i] = c[i] * (s + a[i] * s * (1 - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());

