// SiLU forward and backward kernels
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// stable logistic function
template <typename T>
static T Sig(T x) {
  if (x >= 0) return T(1) / (T(1) + std::exp(-x));
  T e = std::exp(x);
  return e / (T(1) + e);
}

// out[i] = f(i) for every element
template <typename F>
static void Apply(int64_t n, float* out, F f) {
  for (int64_t i = 0; i < n; ++i) out[i] = f(i);
}

static ffi::Error SiluImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* px = x.typed_data();
  Apply(x.element_count(), y->typed_data(), [px](int64_t i) { return px[i] * Sig(px[i]); });
  return ffi::Error::Success();
}

static ffi::Error SiluBwdImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y, ffi::ResultBuffer<ffi::F32> ct_x) {
  const float* px = x.typed_data();
  const float* pg = ct_y.typed_data();
  Apply(x.element_count(), ct_x->typed_data(), [px, pg](int64_t i) {
    float s = Sig(px[i]);
    return pg[i] * s * (1.0f + px[i] * (1.0f - s));
  });
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluImpl,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdImpl,
                              ffi::Ffi::Bind()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Ret<ffi::Buffer<ffi::F32>>());
