#include <algorithm>
#include <cmath>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

namespace {

float sigm(float v) {
  return v >= 0.0f ? 1.0f / (1.0f + std::exp(-v)) : std::exp(v) / (1.0f + std::exp(v));
}

ffi::Error silu_fwd(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* b = x.typed_data();
  const float* e = b + x.element_count();
  std::transform(b, e, y->typed_data(), [](float v) { return v * sigm(v); });
  return ffi::Error::Success();
}

ffi::Error silu_bwd(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y, ffi::ResultBuffer<ffi::F32> ct_x) {
  const float* b = x.typed_data();
  const float* e = b + x.element_count();
  std::transform(b, e, ct_y.typed_data(), ct_x->typed_data(), [](float v, float g) {
    const float s = sigm(v);
    return g * s * (1.0f + v * (1.0f - s));
  });
  return ffi::Error::Success();
}

}  // namespace

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, silu_fwd, ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, silu_bwd,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
