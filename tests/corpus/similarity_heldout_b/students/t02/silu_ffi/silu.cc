#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// stable sigmoid: exp never sees a positive argument
static float sigm(float v) { return 0.5f * (1.0f + std::tanh(0.5f * v)); }

static ffi::Error silu_impl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const int64_t size = x.element_count();
  for (int64_t k = 0; k < size; k++) y->typed_data()[k] = x.typed_data()[k] * sigm(x.typed_data()[k]);
  return ffi::Error::Success();
}

static ffi::Error silu_bwd_impl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> dy,
                                ffi::ResultBuffer<ffi::F32> dx) {
  const int64_t size = x.element_count();
  for (int64_t k = 0; k < size; k++) {
    float v = x.typed_data()[k];
    float s = sigm(v);
    dx->typed_data()[k] = dy.typed_data()[k] * s * (1.0f + v - v * s);
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, silu_impl,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, silu_bwd_impl,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
