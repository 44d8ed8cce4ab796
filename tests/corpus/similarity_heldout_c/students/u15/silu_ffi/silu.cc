#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

inline float sig(float v) { return 0.5f * std::tanh(0.5f * v) + 0.5f; }

ffi::Error SiluForward(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y)
{
    const float* p = x.typed_data();
    const float* end = p + x.element_count();
    float* q = y->typed_data();
    while (p != end)
    {
        const float v = *p++;
        *q++ = v * sig(v);
    }
    return ffi::Error::Success();
}

ffi::Error SiluBackward(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                        ffi::ResultBuffer<ffi::F32> ct_x)
{
    const float* p = x.typed_data();
    const float* end = p + x.element_count();
    const float* g = ct_y.typed_data();
    float* q = ct_x->typed_data();
    while (p != end)
    {
        const float v = *p++;
        const float s = sig(v);
        *q++ = *g++ * (s + v * s * (1.0f - s));
    }
    return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluForward,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBackward,
                              ffi::Ffi::Bind()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Ret<ffi::Buffer<ffi::F32>>());
