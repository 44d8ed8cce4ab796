// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// sigmoïde stable : on n'évalue exp que sur un nombre négatif ou nul
static float Sigmoide(float x) {
  if (x >= 0.0f) return 1.0f / (1.0f + std::exp(-x));
  const float e = std::exp(x);
  return e / (1.0f + e);
}

// passe avant : y = x * sigmoïde(x)
static ffi::Error SiluAvant(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const int64_t taille = x.element_count();
  const float* entree = x.typed_data();
  float* sortie = y->typed_data();
  for (int64_t i = 0; i < taille; ++i) sortie[i] = entree[i] * Sigmoide(entree[i]);
  return ffi::Error::Success();
}

// passe arrière : ct_x = ct_y * s * (1 + x * (1 - s))
static ffi::Error SiluArriere(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                              ffi::ResultBuffer<ffi::F32> ct_x) {
  const int64_t taille = x.element_count();
  const float* entree = x.typed_data();
  const float* gradient = ct_y.typed_data();
  float* sortie = ct_x->typed_data();
  for (int64_t i = 0; i < taille; ++i) {
    const float s = Sigmoide(entree[i]);
    sortie[i] = gradient[i] * s * (1.0f - entree[i] * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluAvant,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluArriere,
                              ffi::Ffi::Bind()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Ret<ffi::Buffer<ffi::F32>>());
