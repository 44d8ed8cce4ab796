// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

constexpr float kUnit = 1.0f;

static ffi::Error SiluFwdKernel(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  // logistic of t, picking whichever form keeps exp() from overflowing
  auto logistic = [](float t) { return t >= 0.0f ? kUnit / (kUnit + std::exp(-t)) : std::exp(t) / (kUnit + std::exp(t)); };
  const float* src = x.typed_data();
  float* dst = y->typed_data();
  for (size_t k = 0, count = x.element_count(); k < count; ++k) dst[k] = src[k] * logistic(src[k]);
  return ffi::Error::Success();
}

static ffi::Error SiluBwdKernel(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                                ffi::ResultBuffer<ffi::F32> ct_x) {
  auto logistic = [](float t) { return t >= 0.0f ? kUnit / (kUnit + std::exp(-t)) : std::exp(t) / (kUnit + std::exp(t)); };
  // d silu / dt times the incoming cotangent
  auto dsilu = [&logistic](float t, float up) {
    const float sig = logistic(t);
    return up * sig * (kUnit + t * (kUnit - sig));
  };
  const float* src = x.typed_data();
  const float* ups = ct_y.typed_data();
  float* dst = ct_x->typed_data();
  for (size_t k = 0, count = x.element_count(); k < count; ++k) dst[k] = dsilu(src[k], ups[k]);
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluFwdKernel,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdKernel,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
