// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// シグモイド関数:exp(-|v|) を使うので v が ±100 でもオーバーフローしない
static auto Sigmoid(float v) -> float {
  auto const e = std::exp(-std::fabs(v));
  return v >= 0.0f ? 1.0f / (1.0f + e) : e / (1.0f + e);
}

// 順伝播:y = x * sigmoid(x)
static auto SiluImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) -> ffi::Error {
  auto const 要素数 = x.element_count();
  auto const* 入力 = x.typed_data();
  auto* 出力 = y->typed_data();
  for (auto i = std::size_t{0}; i < 要素数; ++i) {
    出力[i] = 入力[i] * Sigmoid(入力[i]);
  }
  return ffi::Error::Success();
}

// 逆伝播:ct_x = ct_y * s * (1 + x * (1 - s))
static auto SiluBwdImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y, ffi::ResultBuffer<ffi::F32> ct_x)
    -> ffi::Error {
  auto const 要素数 = x.element_count();
  auto const* 入力 = x.typed_data();
  auto const* 上流 = ct_y.typed_data();
  auto* 出力 = ct_x->typed_data();
  for (auto i = std::size_t{0}; i < 要素数; ++i) {
    auto const s = Sigmoid(入力[i]);
    出力[i] = 上流[i] * s * (1.0f + 入力[i] * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluImpl,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdImpl,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
