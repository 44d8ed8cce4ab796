// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// One element-wise operation: x and the incoming cotangent g (unused by the forward one).
struct ElementOp {
  virtual ~ElementOp() = default;
  virtual float Apply(float x, float g) const = 0;

  static float Sigmoid(float x) {
    return x >= 0.0f ? 1.0f / (1.0f + std::exp(-x)) : std::exp(x) / (1.0f + std::exp(x));
  }
};

struct SiluForward final : ElementOp {
  float Apply(float x, float) const override { return x * Sigmoid(x); }
};

struct SiluBackward final : ElementOp {
  float Apply(float x, float g) const override {
    const float s = Sigmoid(x);
    return g * s * (1.0f + x * (1.0f - s));
  }
};

static void Run(const ElementOp& op, const float* x, const float* g, float* out, size_t n) {
  for (size_t i = 0; i < n; ++i) out[i] = op.Apply(x[i], g != nullptr ? g[i] : 0.0f);
}

static ffi::Error SiluImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  Run(SiluForward{}, x.typed_data(), nullptr, y->typed_data(), x.element_count());
  return ffi::Error::Success();
}

static ffi::Error SiluBwdImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                              ffi::ResultBuffer<ffi::F32> ct_x) {
  Run(SiluBackward{}, x.typed_data(), ct_y.typed_data(), ct_x->typed_data(), x.element_count());
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluImpl,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdImpl,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
