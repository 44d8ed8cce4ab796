// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

template <typename T>
static T Sig(T v) {
  return v < T(0) ? std::exp(v) / (T(1) + std::exp(v)) : T(1) / (T(1) + std::exp(-v));
}

// 逐元素 apply a lambda over [p, end)
template <typename Fn>
static void ForEach(const float* p, const float* end, float* q, Fn fn) {
  for (; p != end; ++p, ++q) *q = fn(p);
}

static ffi::Error SiluPtr(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* p = x.typed_data();
  ForEach(p, p + x.element_count(), y->typed_data(), [](const float* v) { return *v * Sig(*v); });
  return ffi::Error::Success();
}

static ffi::Error SiluBwdPtr(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y, ffi::ResultBuffer<ffi::F32> ct_x) {
  const float* p = x.typed_data();
  const float* g = ct_y.typed_data();
  ForEach(p, p + x.element_count(), ct_x->typed_data(), [p, g](const float* v) {
    const float s = Sig(*v);
    return g[v - p] * s * (1.0f + *v * (1.0f - s));
  });
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluPtr,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdPtr,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
