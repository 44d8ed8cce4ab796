// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// Overflow-safe logistic function; for negative inputs use e^x / (1 + e^x).
static float logistic(float v) {
  if (v >= 0.0f) {
    return 1.0f / (1.0f + std::exp(-v));
  }
  float ev = std::exp(v);
  return ev / (1.0f + ev);
}

// Forward pass: out = in * logistic(in)
static ffi::Error SiluFwd(ffi::Buffer<ffi::F32> in, ffi::ResultBuffer<ffi::F32> out) {
  const float* in_ptr = in.typed_data();
  float* out_ptr = out->typed_data();
  const int64_t total = in.element_count();
  for (int64_t j = 0; j < total; ++j) {
    out_ptr[j] = in_ptr[j] * logistic(in_ptr[j]);
  }
  return ffi::Error::Success();
}

// Backward pass, product rule: g * s * (1 + x * (1 - s))
static ffi::Error SiluBwdFn(ffi::Buffer<ffi::F32> in, ffi::Buffer<ffi::F32> upstream,
                            ffi::ResultBuffer<ffi::F32> downstream) {
  const float* in_ptr = in.typed_data();
  const float* up_ptr = upstream.typed_data();
  float* down_ptr = downstream->typed_data();
  const int64_t total = in.element_count();
  for (int64_t j = 0; j < total; ++j) {
    const float s = logistic(in_ptr[j]);
    down_ptr[j] = up_ptr[j] * s * (1.0f + in_ptr[j] * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluFwd,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdFn,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
