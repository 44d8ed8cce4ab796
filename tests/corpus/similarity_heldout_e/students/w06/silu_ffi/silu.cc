#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

#include <algorithm>

// forward: std::transform with a lambda
static ffi::Error SiluForward(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* first = x.typed_data();
  std::transform(first, first + x.element_count(), y->typed_data(),
                 [](float v) { return v / (1.0f + std::exp(-v)); });
  return ffi::Error::Success();
}

// backward: binary transform over (x, ct_y)
static ffi::Error SiluBackward(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                               ffi::ResultBuffer<ffi::F32> ct_x) {
  const float* first = x.typed_data();
  std::transform(first, first + x.element_count(), ct_y.typed_data(), ct_x->typed_data(),
                 [](float v, float g) {
                   const float s = 1.0f / (1.0f + std::exp(-v));
                   return g * s * (1.0f + v * (1.0f - s));
                 });
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluForward,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBackward,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
