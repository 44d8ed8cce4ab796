// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

/// Numerically stable logistic function.
///
/// Args: v, any float. Returns: 1 / (1 + exp(-v)).
static float StableLogistic(float v) {
  const float e = std::exp(-std::fabs(v));
  return v >= 0.0f ? 1.0f / (1.0f + e) : e / (1.0f + e);
}

/// Forward handler: y = x * sigmoid(x).
static ffi::Error SiluForward09(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const int64_t n = static_cast<int64_t>(x.element_count());
  for (int64_t k = 0; k < n; ++k) {
    const float v = x.typed_data()[k];
    y->typed_data()[k] = v * StableLogistic(v);
  }
  return ffi::Error::Success();
}

/// Backward handler: ct_x = ct_y * (s + x * s * (1 - s)).
static ffi::Error SiluBackward09(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct,
                                 ffi::ResultBuffer<ffi::F32> dx) {
  const int64_t n = static_cast<int64_t>(x.element_count());
  for (int64_t k = 0; k < n; ++k) {
    const float v = x.typed_data()[k];
    const float s = StableLogistic(v);
    dx->typed_data()[k] = ct.typed_data()[k] * (s + v * s * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluForward09,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBackward09,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
