// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

#include <algorithm>

static float logistic(float v) { return 1.0f / (1.0f + std::exp(-v)); }

static ffi::Error SiluFwdOp(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* first = x.typed_data();
  std::transform(first, first + x.element_count(), y->typed_data(),
                 [](float v) { return v * logistic(v); });
  return ffi::Error::Success();
}

static ffi::Error SiluBwdOp(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> g, ffi::ResultBuffer<ffi::F32> dx) {
  const float* first = x.typed_data();
  std::transform(first, first + x.element_count(), g.typed_data(), dx->typed_data(),
                 [](float v, float gv) {
                   const float s = logistic(v);
                   return gv * s * (1.0f + v * s);
                 });
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluFwdOp,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdOp,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
