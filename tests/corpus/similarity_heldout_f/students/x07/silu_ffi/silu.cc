// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// sigmoid:按符号分两支,避免 inf/inf
static float Sigm(float x) {
  if (x >= 0.0f) return 1.0f / (1.0f + std::exp(-x));
  float ex = std::exp(x);
  return ex / (1.0f + ex);
}

// 逐元素执行 op(k),k 从 0 到 total - 1
template <typename Op>
static void ForEachElement(int64_t total, Op op) {
  for (int64_t k = 0; k < total; ++k) op(k);
}

static ffi::Error SiluKernel(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* src = x.typed_data();
  float* dst = y->typed_data();
  ForEachElement(x.element_count(), [&](int64_t k) {
    float s = Sigm(src[k]);
    dst[k] = src[k] * s;
  });
  return ffi::Error::Success();
}

static ffi::Error SiluBwdKernel(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                                ffi::ResultBuffer<ffi::F32> ct_x) {
  const float* src = x.typed_data();
  const float* up = ct_y.typed_data();
  float* dst = ct_x->typed_data();
  ForEachElement(x.element_count(), [&](int64_t k) {
    float s = Sigm(src[k]);
    // 导数 s * (1 + x * (1 - s))
    dst[k] = up[k] * s * (1.0f + src[k] * (1.0f - s));
  });
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluKernel,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdKernel,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
