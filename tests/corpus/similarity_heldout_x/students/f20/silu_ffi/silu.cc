// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

template <typename T>
static T Sigmoid(T x) {
  const T one = static_cast<T>(1);
  return x >= static_cast<T>(0) ? one / (one + std::exp(-x)) : std::exp(x) / (one + std::exp(x));
}

template <typename T>
static T SiluGrad(T x, T g) {
  const T s = Sigmoid(x);
  return g * s * (static_cast<T>(1) + x * (static_cast<T>(1) - s));
}

static ffi::Error SiluImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* xp = x.typed_data();
  float* yp = y->typed_data();
  for (size_t i = 0; i < static_cast<size_t>(x.element_count()); ++i) {
    yp[i] = xp[i] * Sigmoid<float>(xp[i]);
  }
  return ffi::Error::Success();
}

static ffi::Error SiluBwdImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                              ffi::ResultBuffer<ffi::F32> ct_x) {
  const float* xp = x.typed_data();
  const float* gp = ct_y.typed_data();
  float* op = ct_x->typed_data();
  for (size_t i = 0; i < static_cast<size_t>(x.element_count()); ++i) {
    op[i] = SiluGrad<float>(xp[i], gp[i]);
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluImpl,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdImpl,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
