// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// sigmoid:正负两支分开,避免溢出
static float 西格玛(float x) {
  if (x < 0.0f) {
    float ex = expf(x);
    return ex / (1.0f + ex);
  }
  return 1.0f / (1.0f + expf(-x));
}

// 前向
static ffi::Error 前向实现(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  auto* 输入 = x.typed_data();
  auto* 输出 = y->typed_data();
  const auto 总数 = x.element_count();
  for (decltype(x.element_count()) i = 0; i < 总数; ++i) {
    输出[i] = 输入[i] * 西格玛(输入[i]);
  }
  return ffi::Error::Success();
}

// 反向:ct_x = ct_y * s * (1 + x * (1 - s))
static ffi::Error 反向实现(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                           ffi::ResultBuffer<ffi::F32> ct_x) {
  auto* 输入 = x.typed_data();
  auto* 上游 = ct_y.typed_data();
  auto* 输出 = ct_x->typed_data();
  const auto 总数 = x.element_count();
  for (decltype(x.element_count()) i = 0; i < 总数; ++i) {
    const float s = 西格玛(输入[i]);
    输出[i] = 上游[i] * s * (1.0f + 输入[i] * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, 前向实现,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, 反向实现,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
