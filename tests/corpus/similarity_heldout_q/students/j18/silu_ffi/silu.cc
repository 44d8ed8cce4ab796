// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

static ffi::Error SiluImplC(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y)
{
    const float *in = x.typed_data();
    float *res = y->typed_data();
    int64_t n = (int64_t) x.element_count();
    int64_t i = 0;
    while (i < n)
    {
        float tmp = 1.0f / (1.0f + expf(-in[i]));
        res[i] = in[i] * tmp;
        i++;
    }
    return ffi::Error::Success();
}

static ffi::Error SiluBwdImplC(ffi::Buffer<ffi::F32> x,
                               ffi::Buffer<ffi::F32> g,
                               ffi::ResultBuffer<ffi::F32> dx)
{
    const float *in = x.typed_data();
    const float *gin = g.typed_data();
    float *res = dx->typed_data();
    int64_t n = (int64_t) x.element_count();
    int64_t i = 0;
    while (i < n)
    {
        float tmp = 1.0f / (1.0f + expf(-in[i]));
        res[i] = gin[i] * tmp * (1.0f + in[i] * (1.0f - tmp));
        i++;
    }
    return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluImplC,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdImplC,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
