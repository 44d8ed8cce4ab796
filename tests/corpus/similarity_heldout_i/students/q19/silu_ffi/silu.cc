// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;


/* 在这条注释下面实现两个 handler,并用 XLA_FFI_DEFINE_HANDLER_SYMBOL 把它们导出为 Silu 和 SiluBwd。
*/

// sigmoid: split by sign so exp's argument is always <= 0
static inline float sigmoid(float x)
{
    if (x >= 0.0f)
    {
        return 1.0f / (1.0f + std::exp(-x));
    }
    else
    {
        float ex = std::exp(x);
        return ex / (ex + 1.0f);
    }
}

static ffi::Error SiluImpl(
    ffi::Buffer<ffi::F32> x,
    ffi::ResultBuffer<ffi::F32> y)
{
    auto* in = x.typed_data();
    auto* out = y->typed_data();
    for (int64_t i = 0; i < static_cast<int64_t>(x.element_count()); ++i)
    {
        out[i] = in[i] * sigmoid(in[i]);
    }
    return ffi::Error::Success();
}

static ffi::Error SiluBwdImpl(
    ffi::Buffer<ffi::F32> x,
    ffi::Buffer<ffi::F32> ct_y,
    ffi::ResultBuffer<ffi::F32> ct_x)
{
    auto* in = x.typed_data();
    auto* g = ct_y.typed_data();
    auto* out = ct_x->typed_data();
    for (int64_t i = 0; i < static_cast<int64_t>(x.element_count()); ++i)
    {
        float s = sigmoid(in[i]);
        out[i] = g[i] * s * (1.0f + in[i] * (1.0f - s));
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
