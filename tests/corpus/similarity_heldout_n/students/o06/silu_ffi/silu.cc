// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

#include <algorithm>

static float stable_sigmoid(const float x) {
  const double xd = static_cast<double>(x);
  const double s = xd >= 0.0 ? 1.0 / (1.0 + std::exp(-xd)) : std::exp(xd) / (1.0 + std::exp(xd));
  return static_cast<float>(s);
}

static ffi::Error SiluTransform(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* const first = x.typed_data();
  const float* const last = first + x.element_count();
  std::transform(first, last, y->typed_data(), [](float v) { return v * stable_sigmoid(v); });
  return ffi::Error::Success();
}

static ffi::Error SiluBwdTransform(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                                   ffi::ResultBuffer<ffi::F32> ct_x) {
  const float* const first = x.typed_data();
  const float* const last = first + x.element_count();
  std::transform(first, last, ct_y.typed_data(), ct_x->typed_data(), [](float v, float g) {
    const float s = stable_sigmoid(v);
    return g * s * (1.0f + v * (1.0f - s));
  });
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluTransform,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdTransform,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
