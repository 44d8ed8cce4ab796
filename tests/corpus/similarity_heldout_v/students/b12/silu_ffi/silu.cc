// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

namespace {

inline float Sigmoid(float x) {
  const float z = std::exp(-std::fabs(x));
  const float s = 1.0f / (1.0f + z);
  return x >= 0.0f ? s : z * s;
}

ffi::Error SiluKernel(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  auto xs = x.typed_data();
  auto ys = y->typed_data();
  const auto n = x.element_count();
  for (decltype(x.element_count()) i = 0; i < n; ++i) ys[i] = xs[i] * Sigmoid(xs[i]);
  return ffi::Error::Success();
}

ffi::Error SiluBwdKernel(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                         ffi::ResultBuffer<ffi::F32> ct_x) {
  auto xs = x.typed_data();
  auto gs = ct_y.typed_data();
  auto os = ct_x->typed_data();
  const auto n = x.element_count();
  for (decltype(x.element_count()) i = 0; i < n; ++i) {
    const float s = Sigmoid(xs[i]);
    os[i] = gs[i] * s * (1.0f + xs[i] * (1.0f - s));
  }
  return ffi::Error::Success();
}

}  // namespace

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluKernel,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdKernel,
                              ffi::Ffi::Bind()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Ret<ffi::Buffer<ffi::F32>>());
