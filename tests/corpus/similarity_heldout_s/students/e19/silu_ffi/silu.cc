// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

/// Logistic sigmoid, evaluated so that neither branch overflows:
///   v >= 0: 1 / (1 + exp(-v));  v < 0: exp(v) / (1 + exp(v)).
static float SafeSigmoid(float v) {
  if (v >= 0.0f) return 1.0f / (1.0f + std::exp(-v));
  const float ev = std::exp(v);
  return ev / (1.0f + ev);
}

/// y[i] = x[i] * sigmoid(x[i]) over every element of x.
static ffi::Error SiluForwardHandler(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const int64_t total = x.element_count();
  const float* xv = x.typed_data();
  float* yv = y->typed_data();
  int64_t i = 0;
  while (i < total) {
    yv[i] = xv[i] * SafeSigmoid(xv[i]);
    ++i;
  }
  return ffi::Error::Success();
}

/// ct_x[i] = ct_y[i] * s * (1 + x[i] * (1 - s)), s = sigmoid(x[i]).
static ffi::Error SiluBackwardHandler(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                                      ffi::ResultBuffer<ffi::F32> ct_x) {
  const int64_t total = x.element_count();
  const float* xv = x.typed_data();
  const float* gv = ct_y.typed_data();
  float* ov = ct_x->typed_data();
  int64_t i = 0;
  while (i < total) {
    const float s = SafeSigmoid(xv[i]);
    ov[i] = gv[i] * s * (1.0f + xv[i] * (1.0f - s));
    ++i;
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluForwardHandler,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBackwardHandler,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
