// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

/// sigmoid(x) = e^x / (1 + e^x)
static float Sigmoid(float x) {
  const float ex = std::exp(x);
  return ex / (1.0f + ex);
}

/// Forward handler: y = x * sigmoid(x) for every element.
static ffi::Error SiluFwd(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const int64_t size = x.element_count();
  for (int64_t i = 0; i < size; ++i) {
    const float xi = x.typed_data()[i];
    y->typed_data()[i] = xi * Sigmoid(xi);
  }
  return ffi::Error::Success();
}

/// Backward handler: ct_x = ct_y * s * (1 + x * (1 - s)).
static ffi::Error SiluBwdImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y, ffi::ResultBuffer<ffi::F32> ct_x) {
  const int64_t size = x.element_count();
  for (int64_t i = 0; i < size; ++i) {
    const float xi = x.typed_data()[i];
    const float s = Sigmoid(xi);
    ct_x->typed_data()[i] = ct_y.typed_data()[i] * s * (1.0f + xi * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluFwd,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
