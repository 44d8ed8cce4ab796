// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

#include <cstddef>

template <typename F>
static void ForEachElement(std::size_t n, F&& body) {
  for (std::size_t i = 0; i < n; ++i) body(i);
}

static float Sig(float v) {
  if (v >= 0.0f) return 1.0f / (1.0f + std::exp(-v));
  const float e = std::exp(v);
  return e / (1.0f + e);
}

static ffi::Error SiluImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* xv = x.typed_data();
  float* yv = y->typed_data();
  ForEachElement(x.element_count(), [&](std::size_t i) { yv[i] = xv[i] * Sig(xv[i]); });
  return ffi::Error::Success();
}

static ffi::Error SiluGradImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                               ffi::ResultBuffer<ffi::F32> ct_x) {
  const float* xv = x.typed_data();
  const float* gv = ct_y.typed_data();
  float* ov = ct_x->typed_data();
  ForEachElement(x.element_count(), [&](std::size_t i) {
    const float s = Sig(xv[i]);
    ov[i] = gv[i] * s * (1.0f + xv[i] * (1.0f - s));
  });
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluGradImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
