// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

namespace silu_impl {

// Logistic function, evaluated on the branch where exp cannot overflow.
float Logistic(float v) {
  if (v >= 0.0f) {
    return 1.0f / (1.0f + std::exp(-v));
  }
  const float ev = std::exp(v);
  return ev / (1.0f + ev);
}

// d/dx silu = s (1 + x (1 - s))
float SiluDerivative(float v) {
  const float s = Logistic(v);
  return s * (1.0f + v * (1.0f - s));
}

}  // namespace silu_impl

static ffi::Error SiluFwdHandler(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const std::int64_t n = x.element_count();
  const float* xv = x.typed_data();
  float* yv = y->typed_data();
  for (std::int64_t i = 0; i < n; ++i) {
    yv[i] = xv[i] * silu_impl::Logistic(xv[i]);
  }
  return ffi::Error::Success();
}

static ffi::Error SiluBwdHandler(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                                 ffi::ResultBuffer<ffi::F32> ct_x) {
  const std::int64_t n = x.element_count();
  const float* xv = x.typed_data();
  const float* gv = ct_y.typed_data();
  float* out = ct_x->typed_data();
  for (std::int64_t i = 0; i < n; ++i) {
    out[i] = gv[i] * silu_impl::SiluDerivative(xv[i]);
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluFwdHandler,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdHandler,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
