// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

struct SiluOps {
  static float Sigmoid(float v) {
    if (v >= 0.0f) return 1.0f / (1.0f + std::exp(-v));
    const float e = std::exp(v);
    return e / (1.0f + e);
  }

  static void Forward(const float* x, float* y, int64_t n) {
    for (int64_t i = 0; i < n; ++i) y[i] = x[i] * Sigmoid(x[i]);
  }

  static void Backward(const float* x, const float* g, float* out, int64_t n) {
    for (int64_t i = 0; i < n; ++i) {
      const float s = Sigmoid(x[i]);
      out[i] = g[i] * s * (1.0f + x[i] * (1.0f - s));
    }
  }
};

static ffi::Error SiluHandler(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  SiluOps::Forward(x.typed_data(), y->typed_data(), static_cast<int64_t>(x.element_count()));
  return ffi::Error::Success();
}

static ffi::Error SiluBwdHandler(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                                 ffi::ResultBuffer<ffi::F32> ct_x) {
  SiluOps::Backward(x.typed_data(), ct_y.typed_data(), ct_x->typed_data(),
                    static_cast<int64_t>(x.element_count()));
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluHandler,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdHandler,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
