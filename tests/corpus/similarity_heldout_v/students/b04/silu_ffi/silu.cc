// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

using F32In = ffi::Buffer<ffi::F32>;
using F32Out = ffi::ResultBuffer<ffi::F32>;

static float Sigmoid(float x)
{
    return x >= 0.0f
        ? 1.0f / (1.0f + std::exp(-x))
        : std::exp(x) / (1.0f + std::exp(x));
}

static ffi::Error SiluImpl(F32In x, F32Out y)
{
    const float* xs = x.typed_data();
    float* ys = y->typed_data();
    for (int64_t i = 0, n = x.element_count(); i < n; ++i)
    {
        ys[i] = xs[i] * Sigmoid(xs[i]);
    }
    return ffi::Error::Success();
}

static ffi::Error SiluBwdImpl(F32In x, F32In ct_y, F32Out ct_x)
{
    const float* xs = x.typed_data();
    const float* gs = ct_y.typed_data();
    float* out = ct_x->typed_data();
    for (int64_t i = 0, n = x.element_count(); i < n; ++i)
    {
        const float s = Sigmoid(xs[i]);
        out[i] = gs[i] * s * (1.0f + xs[i] * (1.0f - s));
    }
    return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(
    Silu, SiluImpl,
    ffi::Ffi::Bind()
        .Arg<F32In>()
        .Ret<F32In>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(
    SiluBwd, SiluBwdImpl,
    ffi::Ffi::Bind()
        .Arg<F32In>()
        .Arg<F32In>()
        .Ret<F32In>());
