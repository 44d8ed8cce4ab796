// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// 用 double 算 sigmoid 再转回 float
static float sig(float v) {
  const double d = static_cast<double>(v);
  const double r = d >= 0.0 ? 1.0 / (1.0 + std::exp(-d)) : std::exp(d) / (1.0 + std::exp(d));
  return static_cast<float>(r);
}

static ffi::Error SiluEntry(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const size_t total = x.element_count();
  for (size_t idx = 0; idx != total; ++idx) {
    const float xi = x.typed_data()[idx];
    y->typed_data()[idx] = xi * sig(xi);
  }
  return ffi::Error::Success();
}

static ffi::Error SiluBwdEntry(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                               ffi::ResultBuffer<ffi::F32> ct_x) {
  const size_t total = x.element_count();
  for (size_t idx = 0; idx != total; ++idx) {
    const float xi = x.typed_data()[idx];
    const float si = sig(xi);
    ct_x->typed_data()[idx] = ct_y.typed_data()[idx] * (si + xi * si * (1.0f - si));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluEntry,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdEntry,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
