// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

static ffi::Error SiluK(ffi::Buffer<ffi::F32> x,
                        ffi::ResultBuffer<ffi::F32> y)
{
    auto sig = [](float v)
    {
        return 1.0f / (1.0f + std::exp(-v));
    };
    for (int64_t i = 0; i < x.element_count(); ++i)
    {
        y->typed_data()[i] = x.typed_data()[i] * sig(x.typed_data()[i]);
    }
    return ffi::Error::Success();
}

static ffi::Error SiluBwdK(ffi::Buffer<ffi::F32> x,
                           ffi::Buffer<ffi::F32> g,
                           ffi::ResultBuffer<ffi::F32> o)
{
    auto sig = [](float v)
    {
        return 1.0f / (1.0f + std::exp(-v));
    };
    for (int64_t i = 0; i < x.element_count(); ++i)
    {
        float v = x.typed_data()[i];
        float s = sig(v);
        o->typed_data()[i] = g.typed_data()[i] * s * (1.0f + v * (1.0f - s));
    }
    return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluK,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdK,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
