// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;
#include <algorithm>

static inline float Logistic(float v)
{
    return v >= 0.0f
        ? 1.0f / (1.0f + std::exp(-v))
        : std::exp(v) / (1.0f + std::exp(v));
}

static ffi::Error SiluImpl(ffi::Buffer<ffi::F32> x,
                           ffi::ResultBuffer<ffi::F32> y)
{
    const float* in = x.typed_data();
    float* out = y->typed_data();
    std::for_each(in, in + x.element_count(),
                  [&out](float v) { *out++ = v * Logistic(v); });
    return ffi::Error::Success();
}

static ffi::Error SiluBwdImpl(ffi::Buffer<ffi::F32> x,
                              ffi::Buffer<ffi::F32> ct_y,
                              ffi::ResultBuffer<ffi::F32> ct_x)
{
    const float* in = x.typed_data();
    const float* g = ct_y.typed_data();
    float* out = ct_x->typed_data();
    std::for_each(in, in + x.element_count(),
                  [&](float v)
                  {
                      const float s = Logistic(v);
                      *out++ = *g++ * s * (1.0f + v * (1.0f - s));
                  });
    return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(
    Silu, SiluImpl,
    ffi::Ffi::Bind()
        .Arg<ffi::Buffer<ffi::F32>>()
        .Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(
    SiluBwd, SiluBwdImpl,
    ffi::Ffi::Bind()
        .Arg<ffi::Buffer<ffi::F32>>()
        .Arg<ffi::Buffer<ffi::F32>>()
        .Ret<ffi::Buffer<ffi::F32>>());
