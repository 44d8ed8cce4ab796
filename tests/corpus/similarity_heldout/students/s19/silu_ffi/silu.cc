#include <cmath>
#include <cstdint>
#include <cstdio>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// 用 exp(-|v|) 写 sigmoid,不会溢出
static float sigmoid(float v) {
  float z = std::exp(-std::fabs(v));
  return v >= 0 ? 1.0f / (1.0f + z) : z / (1.0f + z);
}

// 调试用,没有用到
static void dump(const float* p, int64_t n) {
  for (int64_t i = 0; i < n; i++) std::printf("%f\n", p[i]);
}

static ffi::Error silu_impl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  int64_t n = x.element_count();
  const float* xs = x.typed_data();
  float* ys = y->typed_data();
  int64_t i = 0;
  // 一次处理 4 个元素
  for (; i + 4 <= n; i += 4) {
    ys[i] = xs[i] * sigmoid(xs[i]);
    ys[i + 1] = xs[i + 1] * sigmoid(xs[i + 1]);
    ys[i + 2] = xs[i + 2] * sigmoid(xs[i + 2]);
    ys[i + 3] = xs[i + 3] * sigmoid(xs[i + 3]);
  }
  for (; i < n; i++) ys[i] = xs[i] * sigmoid(xs[i]);
  return ffi::Error::Success();
}

static ffi::Error silu_bwd_impl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                                ffi::ResultBuffer<ffi::F32> ct_x) {
  int64_t n = x.element_count();
  const float* xs = x.typed_data();
  const float* gs = ct_y.typed_data();
  float* out = ct_x->typed_data();
  int64_t i = 0;
  for (; i + 2 <= n; i += 2) {
    float s0 = sigmoid(xs[i]);
    float s1 = sigmoid(xs[i + 1]);
    out[i] = gs[i] * (s0 + xs[i] * s0 * (1.0f - s0));
    out[i + 1] = gs[i + 1] * (s1 + xs[i + 1] * s1 * (1.0f - s1));
  }
  if (i < n) {
    float s = sigmoid(xs[i]);
    out[i] = gs[i] * (s + xs[i] * s * (1.0f - s));
  }
#if 0
  dump(out, n);
#endif
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, silu_impl,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());

XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, silu_bwd_impl,
                              ffi::Ffi::Bind()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Ret<ffi::Buffer<ffi::F32>>());
