// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

namespace {

inline float sigmoid_of(float x) {
  return x >= 0.0f ? 1.0f / (1.0f + std::exp(-x)) : 1.0f - 1.0f / (1.0f + std::exp(x));
}

ffi::Error silu_impl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  auto* src = x.typed_data();
  auto* dst = y->typed_data();
  const auto size = x.element_count();
  for (int64_t k = 0; k < size; k++) {
    dst[k] = src[k] * sigmoid_of(src[k]);
  }
  return ffi::Error::Success();
}

ffi::Error silu_bwd_impl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> cot, ffi::ResultBuffer<ffi::F32> res) {
  auto* src = x.typed_data();
  auto* c = cot.typed_data();
  auto* dst = res->typed_data();
  const auto size = x.element_count();
  for (int64_t k = 0; k < size; k++) {
    const float s = sigmoid_of(src[k]);
    dst[k] = c[k] * s * (1.0f + src[k] * (1.0f - s));
  }
  return ffi::Error::Success();
}

}  // namespace

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, silu_impl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, silu_bwd_impl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
