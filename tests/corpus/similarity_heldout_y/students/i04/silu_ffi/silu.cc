// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// Calls fn(p0[i], p1[i], ...) for every element.
template <typename Fn, typename... Ptrs>
static void ForEachElement(int64_t n, Fn&& fn, Ptrs... ptrs) {
  for (int64_t i = 0; i < n; ++i) fn(ptrs[i]...);
}

static inline float StableSigmoid(float v) {
  return v >= 0.0f ? 1.0f / (1.0f + std::exp(-v)) : std::exp(v) / (1.0f + std::exp(v));
}

static ffi::Error SiluFwd(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  ForEachElement(
      x.element_count(), [](const float& v, float& out) { out = v * StableSigmoid(v); },
      x.typed_data(), y->typed_data());
  return ffi::Error::Success();
}

static ffi::Error SiluBwdFn(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                            ffi::ResultBuffer<ffi::F32> ct_x) {
  ForEachElement(
      x.element_count(),
      [](const float& v, const float& g, float& out) {
        const float s = StableSigmoid(v);
        out = g * s * (1.0f + v * (1.0f - s));
      },
      x.typed_data(), ct_y.typed_data(), ct_x->typed_data());
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluFwd,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdFn,
                              ffi::Ffi::Bind()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Ret<ffi::Buffer<ffi::F32>>());
