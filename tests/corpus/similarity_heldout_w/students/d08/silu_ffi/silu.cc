// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// sigmoide estable: para x < 0 se usa e^x / (1 + e^x)
static float sigmoide(float v) {
  if (v < 0.0f) {
    float e = std::exp(v);
    return e / (1.0f + e);
  }
  return 1.0f / (1.0f + std::exp(-v));
}

// y = x * s
static ffi::Error SiluAdelante(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* ent = x.typed_data();
  float* sal = y->typed_data();
  const int64_t total = static_cast<int64_t>(x.element_count());
  for (int64_t i = 0; i < total; ++i) {
    sal[i] = ent[i] * sigmoide(ent[i]);
  }
  return ffi::Error::Success();
}

// ct_x = ct_y * s * (1 + x * (1 - s))
static ffi::Error SiluAtras(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                            ffi::ResultBuffer<ffi::F32> ct_x) {
  const float* ent = x.typed_data();
  const float* grad = ct_y.typed_data();
  float* sal = ct_x->typed_data();
  const int64_t total = static_cast<int64_t>(x.element_count());
  for (int64_t i = 0; i < total; ++i) {
    float s = sigmoide(ent[i]);
    sal[i] = grad[i] * s * (1.0f + ent[i] * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluAdelante,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluAtras,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
