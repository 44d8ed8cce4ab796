// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// 稳定的 sigmoid
static inline float sig(float t) {
  return t >= 0.f ? 1.f / (1.f + std::exp(-t)) : std::exp(t) / (1.f + std::exp(t));
}

// 前向:一次算四个
static ffi::Error SiluImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* p = x.typed_data();
  float* q = y->typed_data();
  const int64_t n = x.element_count();
  int64_t i = 0;
  for (; i + 4 <= n; i += 4) {
    q[i] = p[i] * sig(p[i]);
    q[i + 1] = p[i + 1] * sig(p[i + 1]);
    q[i + 2] = p[i + 2] * sig(p[i + 2]);
    q[i + 3] = p[i + 3] * sig(p[i + 3]);
  }
  for (; i < n; ++i) q[i] = p[i] * sig(p[i]);
  return ffi::Error::Success();
}

// 反向:一次算两个
static ffi::Error SiluBwdImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> g, ffi::ResultBuffer<ffi::F32> o) {
  const float* p = x.typed_data();
  const float* c = g.typed_data();
  float* q = o->typed_data();
  const int64_t n = x.element_count();
  int64_t i = 0;
  for (; i + 2 <= n; i += 2) {
    const float s0 = sig(p[i]);
    const float s1 = sig(p[i + 1]);
    q[i] = c[i] * s0 * (1.f + p[i] - p[i] * s0);
    q[i + 1] = c[i + 1] * s1 * (1.f + p[i + 1] - p[i + 1] * s1);
  }
  if (i < n) {
    const float s = sig(p[i]);
    q[i] = c[i] * s * (1.f + p[i] - p[i] * s);
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
