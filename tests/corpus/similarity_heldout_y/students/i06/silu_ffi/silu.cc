// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

#include <cstdio>

#ifdef SILU_DEBUG
#define SILU_LOG(...) std::fprintf(stderr, __VA_ARGS__)
#else
#define SILU_LOG(...) ((void)0)
#endif

static float Sigmoid(float x) {
  if (x < 0.0f) {
    const float e = std::exp(x);
    return e / (1.0f + e);
  }
  return 1.0f / (1.0f + std::exp(-x));
}

static ffi::Error SiluFwdImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const int64_t n = x.element_count();
  SILU_LOG("Silu: %lld elements\n", static_cast<long long>(n));
  const float* src = x.typed_data();
  float* dst = y->typed_data();
  for (int64_t i = 0; i < n; ++i) {
    dst[i] = src[i] * Sigmoid(src[i]);
  }
  return ffi::Error::Success();
}

static ffi::Error SiluBwdImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                              ffi::ResultBuffer<ffi::F32> ct_x) {
  const int64_t n = x.element_count();
  SILU_LOG("SiluBwd: %lld elements\n", static_cast<long long>(n));
  const float* src = x.typed_data();
  const float* ct = ct_y.typed_data();
  float* dst = ct_x->typed_data();
  for (int64_t i = 0; i < n; ++i) {
    const float s = Sigmoid(src[i]);
    dst[i] = ct[i] * s * (1.0f + src[i] * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluFwdImpl,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdImpl,
                              ffi::Ffi::Bind()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Ret<ffi::Buffer<ffi::F32>>());
