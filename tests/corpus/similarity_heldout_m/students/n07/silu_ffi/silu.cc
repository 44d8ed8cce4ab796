// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// 1. a numerically stable sigmoid
static float StableSigmoid(float v) {
  if (v >= 0.0f) {
    return 1.0f / (1.0f + std::exp(-v));
  }
  const float e = std::exp(v);
  return e / (1.0f + e);
}

// 2. forward: y = x * s
static ffi::Error SiluImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const int64_t count = x.element_count();
  const float* input = x.typed_data();
  float* output = y->typed_data();
  for (int64_t i = 0; i < count; ++i) {
    output[i] = input[i] * StableSigmoid(input[i]);
  }
  return ffi::Error::Success();
}

// 3. backward: ct_x = ct_y * s * (1 + x * (1 - s))
static ffi::Error SiluBwdImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                              ffi::ResultBuffer<ffi::F32> ct_x) {
  const int64_t count = x.element_count();
  const float* input = x.typed_data();
  const float* upstream = ct_y.typed_data();
  float* output = ct_x->typed_data();
  for (int64_t i = 0; i < count; ++i) {
    const float s = StableSigmoid(input[i]);
    output[i] = upstream[i] * s * (1.0f + input[i] * (1.0f - s));
  }
  return ffi::Error::Success();
}

// 4. export the handlers
XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
