// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

enum class Pass { kForward, kBackward };

static float Sig(float v) {
  if (v >= 0.0f) return 1.0f / (1.0f + std::exp(-v));
  const float e = std::exp(v);
  return e / (1.0f + e);
}

template <Pass P>
static void Run(const float* x, const float* g, float* out, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    const float s = Sig(x[i]);
    if (P == Pass::kForward) {
      out[i] = x[i] * s;
    } else {
      out[i] = g[i] * s * (1.0f + x[i] * (1.0f - s));
    }
  }
}

static ffi::Error SiluEntry(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  Run<Pass::kForward>(x.typed_data(), nullptr, y->typed_data(), x.element_count());
  return ffi::Error::Success();
}

static ffi::Error SiluBwdEntry(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                               ffi::ResultBuffer<ffi::F32> ct_x) {
  Run<Pass::kBackward>(x.typed_data(), ct_y.typed_data(), ct_x->typed_data(), x.element_count());
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluEntry,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdEntry,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
