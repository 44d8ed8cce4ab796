// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// kararlı sigmoid: işarete göre iki formülden biri
static inline float Sigmoid(float x) {
  return (x >= 0.0f) ? 1.0f / (1.0f + std::exp(-x)) : std::exp(x) / (1.0f + std::exp(x));
}

// ileri geçiş: y = x * s
static ffi::Error SiluIleri(ffi::Buffer<ffi::F32> girdi, ffi::ResultBuffer<ffi::F32> cikti) {
  const float* g = girdi.typed_data();
  float* c = cikti->typed_data();
  const int64_t adet = girdi.element_count();
  for (int64_t i = 0; i < adet; ++i) c[i] = g[i] * Sigmoid(g[i]);
  return ffi::Error::Success();
}

// geri geçiş: ct_x = ct_y * s * (1 + x * (1 - s))
static ffi::Error SiluGeri(ffi::Buffer<ffi::F32> girdi, ffi::Buffer<ffi::F32> egim,
                           ffi::ResultBuffer<ffi::F32> cikti) {
  const float* g = girdi.typed_data();
  const float* e = egim.typed_data();
  float* c = cikti->typed_data();
  const int64_t adet = girdi.element_count();
  for (int64_t i = 0; i < adet; ++i) {
    const float s = Sigmoid(g[i]);
    c[i] = e[i] * s * (1.0f + g[i] * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluIleri,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluGeri,
                              ffi::Ffi::Bind()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Ret<ffi::Buffer<ffi::F32>>());
