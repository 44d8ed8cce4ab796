// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// sigmoide estável: a forma é escolhida pelo sinal de x
static float sigmoide(float const x) {
  if (x >= 0.0f) {
    float const e = std::exp(-x);
    return 1.0f / (1.0f + e);
  }
  float const e = std::exp(x);
  return e / (1.0f + e);
}

static ffi::Error SiluImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  float const* entrada = x.typed_data();
  float* saida = y->typed_data();
  size_t const total = x.element_count();
  size_t i = 0;
  while (i < total) {
    saida[i] = entrada[i] * sigmoide(entrada[i]);
    ++i;
  }
  return ffi::Error::Success();
}

// gradiente: ct_x = ct_y * s * (1 + x * (1 - s))
static ffi::Error SiluBwdImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                              ffi::ResultBuffer<ffi::F32> ct_x) {
  float const* entrada = x.typed_data();
  float const* vinda = ct_y.typed_data();
  float* saida = ct_x->typed_data();
  size_t const total = x.element_count();
  size_t i = 0;
  while (i < total) {
    float const s = sigmoide(entrada[i]);
    saida[i] = vinda[i] * s * (1.0f + entrada[i] * (1.0f - s));
    ++i;
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluImpl,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdImpl,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
