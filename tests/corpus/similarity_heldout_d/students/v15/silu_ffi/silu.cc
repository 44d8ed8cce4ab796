// Two element-wise FFI handlers for SiLU (float32).
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

static float Sigmoid(float x)
{
    return 1.0f / (1.0f + std::exp(-x));
}

// forward: y = x * sigmoid(x)
static ffi::Error SiluImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y)
{
    const float* p = x.typed_data();
    const float* end = p + x.element_count();
    float* q = y->typed_data();
    while (p != end)
    {
        const float v = *p++;
        *q++ = v * Sigmoid(v);
    }
    return ffi::Error::Success();
}

// backward: ct_x = ct_y * s * (1 + x * (1 - s))
static ffi::Error SiluBwdImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                              ffi::ResultBuffer<ffi::F32> ct_x)
{
    const float* p = x.typed_data();
    const float* end = p + x.element_count();
    const float* c = ct_y.typed_data();
    float* q = ct_x->typed_data();
    while (p != end)
    {
        const float v = *p++;
        const float s = Sigmoid(v);
        *q++ = *c++ * s * (1.0f + v * (1.0f - s));
    }
    return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
