// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

class Silu {
 public:
  static float Sigmoid(float x) {
    return x >= 0.0f ? 1.0f / (1.0f + std::exp(-x)) : std::exp(x) / (1.0f + std::exp(x));
  }
  static void Forward(const float* x, float* y, size_t n) {
    for (size_t i = 0; i < n; ++i) y[i] = x[i] * Sigmoid(x[i]);
  }
  static void Backward(const float* x, const float* g, float* dx, size_t n) {
    for (size_t i = 0; i < n; ++i) {
      const float s = Sigmoid(x[i]);
      dx[i] = g[i] * s * (1.0f + x[i] * (1.0f - s));
    }
  }
};

static ffi::Error SiluFwdEntry(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  Silu::Forward(x.typed_data(), y->typed_data(), x.element_count());
  return ffi::Error::Success();
}

static ffi::Error SiluBwdEntry(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> g, ffi::ResultBuffer<ffi::F32> dx) {
  Silu::Backward(x.typed_data(), g.typed_data(), dx->typed_data(), x.element_count());
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluFwdEntry,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdEntry,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
