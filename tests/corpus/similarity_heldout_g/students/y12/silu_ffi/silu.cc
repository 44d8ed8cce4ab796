#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

static float Sigmoid(float x) {
  if (x >= 0.0f) return 1.0f / (1.0f + std::exp(-x));
  const float e = std::exp(x);
  return e / (1.0f + e);
}

// 前向:每次处理 4 个元素,剩下的单独处理
static ffi::Error SiluImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const int64_t n = x.element_count();
  const float* in = x.typed_data();
  float* out = y->typed_data();
  int64_t i = 0;
  for (; i + 4 <= n; i += 4) {
    out[i] = in[i] * Sigmoid(in[i]);
    out[i + 1] = in[i + 1] * Sigmoid(in[i + 1]);
    out[i + 2] = in[i + 2] * Sigmoid(in[i + 2]);
    out[i + 3] = in[i + 3] * Sigmoid(in[i + 3]);
  }
  for (; i < n; ++i) out[i] = in[i] * Sigmoid(in[i]);
  return ffi::Error::Success();
}

// 反向:每次 2 个
static ffi::Error SiluBwdImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y, ffi::ResultBuffer<ffi::F32> ct_x) {
  const int64_t n = x.element_count();
  const float* in = x.typed_data();
  const float* g = ct_y.typed_data();
  float* out = ct_x->typed_data();
  int64_t i = 0;
  for (; i + 2 <= n; i += 2) {
    const float s0 = Sigmoid(in[i]);
    const float s1 = Sigmoid(in[i + 1]);
    out[i] = g[i] * s0 * (1.0f + in[i] * (1.0f - s0));
    out[i + 1] = g[i + 1] * s1 * (1.0f + in[i + 1] * (1.0f - s1));
  }
  if (i < n) {
    const float s = Sigmoid(in[i]);
    out[i] = g[i] * s * (1.0f + in[i] * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
