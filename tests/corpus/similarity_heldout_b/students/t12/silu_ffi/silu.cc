#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// numerically safe logistic function
static float logistic(float v)
{
  if (v >= 0.0f)
  {
    return 1.0f / (1.0f + std::exp(-v));
  }
  float e = std::exp(v);
  return e / (1.0f + e);
}

static ffi::Error Fwd(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y)
{
  const float* xs = x.typed_data();
  float* ys = y->typed_data();
  for (size_t i = 0; i < x.element_count(); ++i)
  {
    ys[i] = xs[i] * logistic(xs[i]);
  }
  return ffi::Error::Success();
}

static ffi::Error Bwd(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                      ffi::ResultBuffer<ffi::F32> ct_x)
{
  const float* xs = x.typed_data();
  const float* gs = ct_y.typed_data();
  float* res = ct_x->typed_data();
  for (size_t i = 0; i < x.element_count(); ++i)
  {
    float s = logistic(xs[i]);
    res[i] = gs[i] * s * (1.0f + xs[i] * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, Fwd,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, Bwd,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
