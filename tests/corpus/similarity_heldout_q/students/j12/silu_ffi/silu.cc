// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

template <typename T>
static T SigmoidT(T x) {
  return x >= T(0) ? T(1) / (T(1) + std::exp(-x)) : std::exp(x) / (T(1) + std::exp(x));
}

template <typename T, typename Op>
static void Apply(const T* x, T* y, size_t n, Op op) {
  for (size_t i = 0; i < n; ++i) y[i] = op(x[i], i);
}

static ffi::Error SiluFwdEntry(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  Apply(x.typed_data(), y->typed_data(), x.element_count(), [](float v, size_t) { return v * SigmoidT(v); });
  return ffi::Error::Success();
}

static ffi::Error SiluBwdEntry(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> g, ffi::ResultBuffer<ffi::F32> dx) {
  const float* gs = g.typed_data();
  Apply(x.typed_data(), dx->typed_data(), x.element_count(), [gs](float v, size_t i) {
    const float s = SigmoidT(v);
    return gs[i] * s * (1.0f + v * (1.0f - s));
  });
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluFwdEntry,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdEntry,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
