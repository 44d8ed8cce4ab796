#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// 数值稳定的 sigmoid:exp 的参数永远不大于 0
static inline float stable_sigmoid(float z) {
  float e = std::exp(-std::fabs(z));
  float s = 1.0f / (1.0f + e);
  return z >= 0.0f ? s : 1.0f - s;
}

static ffi::Error SiluKernel(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  float* out = y->typed_data();
  const float* in = x.typed_data();
  const size_t n = x.element_count();
  for (size_t j = 0; j != n; ++j) {
    const float z = in[j];
    out[j] = z * stable_sigmoid(z);
  }
  return ffi::Error::Success();
}

static ffi::Error SiluBwdKernel(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                                ffi::ResultBuffer<ffi::F32> ct_x) {
  float* out = ct_x->typed_data();
  const float* in = x.typed_data();
  const float* ct = ct_y.typed_data();
  const size_t n = x.element_count();
  for (size_t j = 0; j != n; ++j) {
    const float z = in[j];
    const float s = stable_sigmoid(z);
    out[j] = ct[j] * s * (1.0f + z * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluKernel,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdKernel,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
