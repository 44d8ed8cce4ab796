// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

#include <iterator>

static float sigm(float v) { return 1.0f / (1.0f + std::exp(-v)); }

static ffi::Error SiluF17(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  float* out = y->typed_data();
  for (const float* p = x.typed_data(); p != x.typed_data() + x.element_count(); ++p, ++out) {
    *out = *p * sigm(*p);
  }
  return ffi::Error::Success();
}

static ffi::Error SiluB17(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> g, ffi::ResultBuffer<ffi::F32> dx) {
  const float* gp = g.typed_data();
  float* out = dx->typed_data();
  for (const float* p = x.typed_data(); p != x.typed_data() + x.element_count(); ++p, ++gp, ++out) {
    const float s = sigm(*p);
    *out = *gp * s * (1.0f + *p * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluF17,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluB17,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
