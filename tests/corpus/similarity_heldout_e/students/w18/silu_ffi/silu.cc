#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// element-wise sigmoid
static float Sigmoid(float x)
{
  return 1.0f / (1.0f + std::exp(-x));
}

// forward
static ffi::Error SiluFwdImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y)
{
  const float* px = x.typed_data();
  const float* end = px + x.element_count();
  float* py = y->typed_data();
  while (px != end)
  {
    *py++ = *px * Sigmoid(*px);
    ++px;
  }
  return ffi::Error::Success();
}

// backward
static ffi::Error SiluBwdImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> cty,
                              ffi::ResultBuffer<ffi::F32> ctx)
{
  const float* px = x.typed_data();
  const float* end = px + x.element_count();
  const float* pg = cty.typed_data();
  float* pr = ctx->typed_data();
  while (px != end)
  {
    float s = Sigmoid(*px);
    float one_minus = 1.0f - s;
    *pr++ = *pg++ * s * (1.0f + *px * one_minus);
    ++px;
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluFwdImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
