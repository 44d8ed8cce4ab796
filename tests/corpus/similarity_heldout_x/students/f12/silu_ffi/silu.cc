// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;
#include <vector>

// sigmoid of every element into s (stable form for each sign)
static void Sigmoids(const float* x, size_t n, std::vector<float>& s) {
  s.resize(n);
  for (size_t i = 0; i < n; ++i) {
    s[i] = x[i] >= 0.0f ? 1.0f / (1.0f + std::exp(-x[i])) : std::exp(x[i]) / (1.0f + std::exp(x[i]));
  }
}

static ffi::Error SiluImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const size_t n = x.element_count();
  const float* xp = x.typed_data();
  float* yp = y->typed_data();
  std::vector<float> s;
  Sigmoids(xp, n, s);
  for (size_t i = 0; i < n; ++i) yp[i] = xp[i] * s[i];
  return ffi::Error::Success();
}

static ffi::Error SiluBwdImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                              ffi::ResultBuffer<ffi::F32> ct_x) {
  const size_t n = x.element_count();
  const float* xp = x.typed_data();
  float* op = ct_x->typed_data();
  std::vector<float> s;
  Sigmoids(xp, n, s);
  for (size_t i = 0; i < n; ++i) op[i] = s[i] * (1.0f + xp[i] * (1.0f - s[i]));
  (void)ct_y;
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluImpl,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdImpl,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
