// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

static float sigm(float v) {
  float z = expf(-fabsf(v));
  return v >= 0 ? 1 / (1 + z) : z / (1 + z);
}

static ffi::Error SiluImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  float* o = y->typed_data();
  const float* v = x.typed_data();
  for (size_t i = 0; i < x.element_count(); i++) o[i] = v[i] * sigm(v[i]);
  return ffi::Error::Success();
}

// ct_x = ct_y * s * (1 + x (1 - s))
static ffi::Error SiluBwdImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                              ffi::ResultBuffer<ffi::F32> ct_x) {
  float* o = ct_x->typed_data();
  const float* v = x.typed_data();
  const float* g = ct_y.typed_data();
  for (size_t i = 0; i < x.element_count(); i++) {
    float s = sigm(v[i]);
    o[i] = g[i] * s * (1 + v[i] * (1 - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluImpl,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdImpl,
                              ffi::Ffi::Bind()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Ret<ffi::Buffer<ffi::F32>>());
