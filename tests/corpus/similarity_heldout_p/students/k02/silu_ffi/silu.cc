// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

#include <algorithm>

constexpr float kOne = 1.0f;
constexpr float kZero = 0.0f;

template <typename T>
T StableSigmoid(T v) {
  if (v >= T(kZero)) return T(kOne) / (T(kOne) + std::exp(-v));
  const T e = std::exp(v);
  return e / (T(kOne) + e);
}

static ffi::Error SiluForward(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* src = x.typed_data();
  std::transform(src, src + x.element_count(), y->typed_data(),
                 [](float v) { return v * StableSigmoid(v); });
  return ffi::Error::Success();
}

static ffi::Error SiluBackward(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                               ffi::ResultBuffer<ffi::F32> ct_x) {
  const float* src = x.typed_data();
  std::transform(src, src + x.element_count(), ct_y.typed_data(), ct_x->typed_data(),
                 [](float v, float g) {
                   const float s = StableSigmoid(v);
                   return g * s * (kOne + v * (kOne - s));
                 });
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluForward,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBackward,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
