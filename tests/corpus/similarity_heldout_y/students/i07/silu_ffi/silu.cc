// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

#include <vector>

// Fills the scratch buffer s with sigmoid(x[i]), stable for large |x|.
static void Sigmoids(const float* x, int64_t n, std::vector<float>& s) {
  s.resize(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) {
    if (x[i] >= 0.0f) {
      s[i] = 1.0f / (1.0f + std::exp(-x[i]));
    } else {
      const float e = std::exp(x[i]);
      s[i] = e / (1.0f + e);
    }
  }
}

static ffi::Error SiluHandler(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const int64_t n = x.element_count();
  std::vector<float> s;
  Sigmoids(x.typed_data(), n, s);
  const float* xv = x.typed_data();
  float* out = y->typed_data();
  for (int64_t i = 0; i < n; ++i) out[i] = xv[i] * s[i];
  return ffi::Error::Success();
}

static ffi::Error SiluBwdHandler(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                                 ffi::ResultBuffer<ffi::F32> ct_x) {
  const int64_t n = x.element_count();
  std::vector<float> s;
  Sigmoids(x.typed_data(), n, s);
  const float* xv = x.typed_data();
  const float* g = ct_y.typed_data();
  float* out = ct_x->typed_data();
  for (int64_t i = 0; i < n; ++i) out[i] = g[i] * s[i] * (1.0f + xv[i] * (1.0f - s[i]));
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluHandler,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdHandler,
                              ffi::Ffi::Bind()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Ret<ffi::Buffer<ffi::F32>>());
