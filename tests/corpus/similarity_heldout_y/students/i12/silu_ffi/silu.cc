// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// 안정한 시그모이드: x >= 0 이면 1/(1+e^-x), 아니면 e^x/(1+e^x)
static inline float sigmoideu(float x)
{
    if (x >= 0.0f)
        return 1.0f / (1.0f + std::exp(-x));
    float e = std::exp(x);
    return e / (1.0f + e);
}

// 순방향: y = x * s
static ffi::Error SiluJeonbang(ffi::Buffer<ffi::F32> ipryeok,
                               ffi::ResultBuffer<ffi::F32> gyeolgwa)
{
    const float* x = ipryeok.typed_data();
    float* y = gyeolgwa->typed_data();
    const int64_t gaesu = ipryeok.element_count();  // 원소 개수 (0 차원이면 1, 빈 배열이면 0)
    for (int64_t i = 0; i < gaesu; ++i)
        y[i] = x[i] * sigmoideu(x[i]);
    return ffi::Error::Success();
}

// 역방향: ct_x = ct_y * s * (1 + x * (1 - s))
static ffi::Error SiluYeokbang(ffi::Buffer<ffi::F32> ipryeok,
                               ffi::Buffer<ffi::F32> giulgi,
                               ffi::ResultBuffer<ffi::F32> gyeolgwa)
{
    const float* x = ipryeok.typed_data();
    const float* g = giulgi.typed_data();
    float* out = gyeolgwa->typed_data();
    const int64_t gaesu = ipryeok.element_count();
    for (int64_t i = 0; i < gaesu; ++i)
    {
        const float s = sigmoideu(x[i]);
        out[i] = g[i] * s * (1.0f + x[i] * (1.0f - s));
    }
    return ffi::Error::Success();
}

// 심볼 이름은 Silu, SiluBwd 로 고정
XLA_FFI_DEFINE_HANDLER_SYMBOL(
    Silu, SiluJeonbang,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(
    SiluBwd, SiluYeokbang,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
