// SiLU 前向与反向核函数
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

static inline float Logistic(float v) { return 1.0f / (1.0f + std::exp(-v)); }

static ffi::Error SiluFwdImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const int64_t n = x.element_count();
  const float* in = x.typed_data();
  float* out = y->typed_data();
  int64_t i = 0;
  for (; i + 4 <= n; i += 4) {
    out[i] = in[i] * Logistic(in[i]);
    out[i + 1] = in[i + 1] * Logistic(in[i + 1]);
    out[i + 2] = in[i + 2] * Logistic(in[i + 2]);
    out[i + 3] = in[i + 3] * Logistic(in[i + 3]);
  }
  for (; i < n; ++i) out[i] = in[i] * Logistic(in[i]);
  return ffi::Error::Success();
}

static inline float Grad(float v, float g) {
  const float s = Logistic(v);
  return g * s * (1.0f + v * (1.0f - s));
}

// ct_x = ct_y * s * (1 + x * (1 - s))
static ffi::Error SiluBwdImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                        ffi::ResultBuffer<ffi::F32> ct_x) {
  const int64_t n = x.element_count();
  const float* in = x.typed_data();
  const float* g = ct_y.typed_data();
  float* out = ct_x->typed_data();
  int64_t i = 0;
  for (; i + 4 <= n; i += 4) {
    out[i] = Grad(in[i], g[i]);
    out[i + 1] = Grad(in[i + 1], g[i + 1]);
    out[i + 2] = Grad(in[i + 2], g[i + 2]);
    out[i + 3] = Grad(in[i + 3], g[i + 3]);
  }
  for (; i < n; ++i) out[i] = Grad(in[i], g[i]);
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluFwdImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
