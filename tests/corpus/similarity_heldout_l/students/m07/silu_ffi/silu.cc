// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// double inside, float out
static double sd(double v) { return v >= 0 ? 1.0 / (1.0 + std::exp(-v)) : std::exp(v) / (1.0 + std::exp(v)); }

static ffi::Error SiluD(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* p = x.typed_data();
  const float* const end = p + x.element_count();
  float* q = y->typed_data();
  while (p != end) {
    *q++ = static_cast<float>(*p * sd(*p));
    ++p;
  }
  return ffi::Error::Success();
}

static ffi::Error SiluBwdD(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> g,
                           ffi::ResultBuffer<ffi::F32> r) {
  const float* p = x.typed_data();
  const float* const end = p + x.element_count();
  const float* c = g.typed_data();
  float* q = r->typed_data();
  while (p < end) {
    const double s = sd(*p);
    *q = static_cast<float>(*c * s * (1.0 + *p * (1.0 - s)));
    ++p; ++c; ++q;
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluD,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdD,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
