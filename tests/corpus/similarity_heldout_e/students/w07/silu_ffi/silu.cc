#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

static float sigm(const float v) { return 0.5f * (1.0f + std::tanh(0.5f * v)); }

static ffi::Error silu_fwd_impl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const auto n = x.element_count();
  const float* src = x.typed_data();
  float* dst = y->typed_data();
  for (auto i = decltype(n){0}; i < n; ++i) dst[i] = src[i] * sigm(src[i]);
  return ffi::Error::Success();
}

static ffi::Error silu_bwd_impl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct,
                                ffi::ResultBuffer<ffi::F32> out) {
  const auto n = x.element_count();
  const float* src = x.typed_data();
  const float* cts = ct.typed_data();
  float* dst = out->typed_data();
  for (auto i = decltype(n){0}; i < n; ++i) {
    const float s = sigm(src[i]);
    dst[i] = cts[i] * (s * (1.0f + src[i] * (1.0f - s)));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, silu_fwd_impl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, silu_bwd_impl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
