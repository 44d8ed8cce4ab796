// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// [INFO] numerically stable logistic: never exp of a large positive number
static float StableLogistic(float v) {
  if (v >= 0.0f) {
    return 1.0f / (1.0f + std::exp(-v));
  }
  const float ev = std::exp(v);
  return ev / (1.0f + ev);
}

// [INFO] forward: y = x * sigmoid(x), over every element
static ffi::Error SiluForward(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const int64_t total = static_cast<int64_t>(x.element_count());
  // [INFO] empty arrays have 0 elements and skip the loop
  for (int64_t idx = 0; idx < total; ++idx) {
    const float v = x.typed_data()[idx];
    y->typed_data()[idx] = v * StableLogistic(v);
  }
  return ffi::Error::Success();
}

// [INFO] backward: ct_x = ct_y * s * (1 + x * (1 - s))
static ffi::Error SiluBackward(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                               ffi::ResultBuffer<ffi::F32> ct_x) {
  const int64_t total = static_cast<int64_t>(x.element_count());
  for (int64_t idx = 0; idx < total; ++idx) {
    const float v = x.typed_data()[idx];
    const float s = StableLogistic(v);
    ct_x->typed_data()[idx] = ct_y.typed_data()[idx] * s * (1.0f + v * (1.0f - s));
  }
  return ffi::Error::Success();
}

// [INFO] export the two handlers under the fixed symbol names
XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluForward,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBackward,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
