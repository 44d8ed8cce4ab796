#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

static float 稳定sigmoid(float x) {
  const float e = std::exp(-std::fabs(x));
  if (x >= 0.0f) return 1.0f / (1.0f + e);
  return e / (1.0f + e);
}

static ffi::Error 正向(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* 输入 = x.typed_data();
  const float* 结束 = 输入 + x.element_count();
  float* 输出 = y->typed_data();
  while (输入 != 结束) {
    *输出++ = *输入 * 稳定sigmoid(*输入);
    ++输入;
  }
  return ffi::Error::Success();
}

static ffi::Error 反向(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y, ffi::ResultBuffer<ffi::F32> ct_x) {
  const float* 输入 = x.typed_data();
  const float* 结束 = 输入 + x.element_count();
  const float* 余切 = ct_y.typed_data();
  float* 输出 = ct_x->typed_data();
  while (输入 != 结束) {
    const float s = 稳定sigmoid(*输入);
    *输出++ = *余切++ * s * (1.0f + *输入 * (1.0f - s));
    ++输入;
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, 正向,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, 反向,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
