// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;
#include <tuple>

// (s, 1 - s) for s = sigmoid(x), both computed without cancellation
static std::tuple<float, float> SigmoidPair(float x) {
  const float e = std::exp(-std::fabs(x));
  const float big = 1.0f / (1.0f + e);
  const float small = e / (1.0f + e);
  return x >= 0.0f ? std::make_tuple(big, small) : std::make_tuple(small, big);
}

static ffi::Error SiluImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* xp = x.typed_data();
  float* yp = y->typed_data();
  for (size_t i = 0, n = x.element_count(); i < n; ++i) {
    const auto [s, rest] = SigmoidPair(xp[i]);
    (void)rest;
    yp[i] = xp[i] * s;
  }
  return ffi::Error::Success();
}

static ffi::Error SiluBwdImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                              ffi::ResultBuffer<ffi::F32> ct_x) {
  const float* xp = x.typed_data();
  const float* gp = ct_y.typed_data();
  float* op = ct_x->typed_data();
  for (size_t i = 0, n = x.element_count(); i < n; ++i) {
    const auto [s, one_minus_s] = SigmoidPair(xp[i]);
    op[i] = gp[i] * s * (1.0f + xp[i] * one_minus_s);
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluImpl,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdImpl,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
