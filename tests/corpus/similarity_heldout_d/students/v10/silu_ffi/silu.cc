// SiLU 的两个 FFI handler
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

static float sigmoid(float v) {
  return 1.0f / (1.0f + std::exp(-v));
}

// 前向
static ffi::Error silu_fwd(ffi::Buffer<ffi::F32> x,
                           ffi::ResultBuffer<ffi::F32> y) {
  const int64_t n = x.element_count();
  const float* xv = x.typed_data();
  float* yv = y->typed_data();
  for (int64_t i = 0; i < n; ++i)
    yv[i] = xv[i] * sigmoid(xv[i]);
  return ffi::Error::Success();
}

// 反向:ct_x = ct_y * s * (1 + x * (1 - s))
static ffi::Error silu_bwd(ffi::Buffer<ffi::F32> x,
                           ffi::Buffer<ffi::F32> ct_y,
                           ffi::ResultBuffer<ffi::F32> ct_x) {
  const int64_t n = x.element_count();
  const float* xv = x.typed_data();
  const float* cv = ct_y.typed_data();
  float* ov = ct_x->typed_data();
  for (int64_t i = 0; i < n; ++i) {
    float s = sigmoid(xv[i]);
    ov[i] = cv[i] * s * (1.0f + xv[i] * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu,
                              silu_fwd,
                              ffi::Ffi::Bind()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd,
                              silu_bwd,
                              ffi::Ffi::Bind()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Ret<ffi::Buffer<ffi::F32>>());
