// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// 稳定的 sigmoid
static float 西格玛(float 值) {
  if (值 >= 0) return 1.0f / (1.0f + expf(-值));
  const float 指数 = expf(值);
  return 指数 / (1.0f + 指数);
}

static ffi::Error SiluImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  for (int64_t 下标 = 0; 下标 < x.element_count(); ++下标) {
    const float 值 = x.typed_data()[下标];
    y->typed_data()[下标] = 值 * 西格玛(值);
  }
  return ffi::Error::Success();
}

// 反向:ct_y * s * (1 + x * (1 - s))
static ffi::Error SiluBwdImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                              ffi::ResultBuffer<ffi::F32> ct_x) {
  for (int64_t 下标 = 0; 下标 < x.element_count(); ++下标) {
    const float 值 = x.typed_data()[下标];
    const float 斯 = 西格玛(值);
    ct_x->typed_data()[下标] = ct_y.typed_data()[下标] * 斯 * (1.0f + 值 * (1.0f - 斯));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
