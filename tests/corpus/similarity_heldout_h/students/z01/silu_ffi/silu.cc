// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// sigmoid(x) = exp(-softplus(-x)), softplus(t) = max(t, 0) + log1p(exp(-|t|)); never overflows
static float StableSigmoid(float x)
{
  const float t = -x;
  const float softplus = std::fmax(t, 0.0f) + std::log1p(std::exp(-std::fabs(t)));
  return std::exp(-softplus);
}

static ffi::Error SiluImpl(
    ffi::Buffer<ffi::F32> x,
    ffi::ResultBuffer<ffi::F32> y)
{
  const int64_t n = x.element_count();
  for (int64_t i = 0; i < n; ++i)
  {
    const float v = x.typed_data()[i];
    y->typed_data()[i] = v * StableSigmoid(v);
  }
  return ffi::Error::Success();
}

static ffi::Error SiluBwdImpl(
    ffi::Buffer<ffi::F32> x,
    ffi::Buffer<ffi::F32> ct_y,
    ffi::ResultBuffer<ffi::F32> ct_x)
{
  const int64_t n = x.element_count();
  for (int64_t i = 0; i < n; ++i)
  {
    const float v = x.typed_data()[i];
    const float s = StableSigmoid(v);
    // y + s (1 - y), with y = x s
    const float y = v * s;
    ct_x->typed_data()[i] = ct_y.typed_data()[i] * (y + s * (1.0f - y));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(
    Silu,
    SiluImpl,
    ffi::Ffi::Bind()
        .Arg<ffi::Buffer<ffi::F32>>()
        .Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(
    SiluBwd,
    SiluBwdImpl,
    ffi::Ffi::Bind()
        .Arg<ffi::Buffer<ffi::F32>>()
        .Arg<ffi::Buffer<ffi::F32>>()
        .Ret<ffi::Buffer<ffi::F32>>());
