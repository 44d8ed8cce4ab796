// 练习 3:SiLU(x) = x * sigmoid(x) 以及它的反向
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// 数值稳定的 sigmoid
static float Sig(float x) {
  if (x >= 0) return 1.0f / (1.0f + std::exp(-x));
  float e = std::exp(x);
  return e / (1.0f + e);
}

// 单个元素的前向
static float SiluOne(float x) { return x * Sig(x); }

// 单个元素的导数 d silu / dx
static float SiluGrad(float x) {
  float s = Sig(x);
  return s * (1.0f + x * (1.0f - s));
}

static ffi::Error SiluImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* px = x.typed_data();
  float* py = y->typed_data();
  const int64_t n = x.element_count();
  for (int64_t i = 0; i < n; ++i) py[i] = SiluOne(px[i]);
  return ffi::Error::Success();
}

static ffi::Error SiluBwdImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y, ffi::ResultBuffer<ffi::F32> ct_x) {
  const float* px = x.typed_data();
  const float* pg = ct_y.typed_data();
  float* po = ct_x->typed_data();
  const int64_t n = x.element_count();
  for (int64_t i = 0; i < n; ++i) po[i] = pg[i] * SiluGrad(px[i]);
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluImpl,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdImpl,
                              ffi::Ffi::Bind()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Ret<ffi::Buffer<ffi::F32>>());
