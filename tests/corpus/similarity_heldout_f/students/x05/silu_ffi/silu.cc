// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

#include <algorithm>

namespace {

// sigmoid via tanh: 0.5 * (1 + tanh(x / 2)) is finite for every finite x.
float Sigmoid(float x) { return 0.5f * (1.0f + std::tanh(0.5f * x)); }

ffi::Error SiluImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* begin = x.typed_data();
  std::transform(begin, begin + x.element_count(), y->typed_data(),
                 [](float v) { return v * Sigmoid(v); });
  return ffi::Error::Success();
}

ffi::Error SiluBwdImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y, ffi::ResultBuffer<ffi::F32> ct_x) {
  const float* xs = x.typed_data();
  // binary transform over (x, ct_y): ct_x = ct_y * s * (1 + x * (1 - s))
  std::transform(xs, xs + x.element_count(), ct_y.typed_data(), ct_x->typed_data(),
                 [](float v, float g) {
                   const float s = Sigmoid(v);
                   return g * s * (1.0f + v * (1.0f - s));
                 });
  return ffi::Error::Success();
}

}  // namespace

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
