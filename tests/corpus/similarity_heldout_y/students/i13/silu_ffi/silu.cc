// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

static const float kOne = 1.0f;
static int64_t g_last_count = 0;  // elements of the last call, for debugging

static float SigmoidOf(float v) {
  if (v < 0.0f) {
    const float e = std::exp(v);
    return e / (kOne + e);
  }
  return kOne / (kOne + std::exp(-v));
}

static ffi::Error SiluFwdKernel(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const int64_t n = x.element_count();
  const float* a = x.typed_data();
  float* b = y->typed_data();
  for (int64_t i = 0; i < n; ++i) b[i] = a[i] * SigmoidOf(a[i]);
  g_last_count = n;
  return ffi::Error::Success();
}

static ffi::Error SiluBwdKernel(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                                ffi::ResultBuffer<ffi::F32> ct_x) {
  const int64_t n = x.element_count();
  const float* a = x.typed_data();
  const float* c = ct_y.typed_data();
  float* b = ct_x->typed_data();
  for (int64_t i = 0; i < n; ++i) {
    const float s = SigmoidOf(a[i]);
    b[i] = c[i] * s * (kOne + a[i] * (kOne - s));
  }
  g_last_count = n;
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluFwdKernel,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdKernel,
                              ffi::Ffi::Bind()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Ret<ffi::Buffer<ffi::F32>>());
