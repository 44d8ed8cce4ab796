#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// 逐元素的 sigmoid
static float Sigmoid(float x) { return 1.0f / (1.0f + std::exp(-x)); }

// 前向
static ffi::Error SiluFwdImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  int64_t n = x.element_count();
  const float* px = x.typed_data();
  float* py = y->typed_data();
  for (int64_t i = 0; i < n; ++i) {
    py[i] = px[i] * Sigmoid(px[i]);
  }
  return ffi::Error::Success();
}

// 反向
static ffi::Error SiluBwdImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> cty,
                              ffi::ResultBuffer<ffi::F32> ctx) {
  int64_t n = x.element_count();
  const float* px = x.typed_data();
  const float* pg = cty.typed_data();
  float* pr = ctx->typed_data();
  for (int64_t i = 0; i < n; ++i) {
    float s = Sigmoid(px[i]);
    float one_minus = 1.0f - s;
    pr[i] = pg[i] * s * (1.0f + px[i] * one_minus);
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluFwdImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
