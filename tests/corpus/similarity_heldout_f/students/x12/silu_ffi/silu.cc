#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

static float logistic(float v) {
  return v < 0 ? std::exp(v) / (1 + std::exp(v)) : 1 / (1 + std::exp(-v));
}

static ffi::Error silu_impl(ffi::Buffer<ffi::F32> in, ffi::ResultBuffer<ffi::F32> out) {
  size_t i = 0;
  const size_t n = in.element_count();
  const float* p = in.typed_data();
  float* q = out->typed_data();
  while (i < n) {
    q[i] = p[i] * logistic(p[i]);
    ++i;
  }
  return ffi::Error::Success();
}

static ffi::Error silu_bwd_impl(ffi::Buffer<ffi::F32> in, ffi::Buffer<ffi::F32> ct, ffi::ResultBuffer<ffi::F32> out) {
  size_t i = 0;
  const size_t n = in.element_count();
  const float* p = in.typed_data();
  const float* c = ct.typed_data();
  float* q = out->typed_data();
  while (i < n) {
    float s = logistic(p[i]);
    q[i] = c[i] * (s + p[i] * s * (1 - s));
    ++i;
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, silu_impl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, silu_bwd_impl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
