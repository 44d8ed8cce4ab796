#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

namespace {

// sigmoid 用 tanh 表示:tanh 在两端饱和,不会出现 inf/nan
float SigmoidViaTanh(float x) { return (std::tanh(x / 2.0f) + 1.0f) / 2.0f; }

ffi::Error SiluImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  auto* out = y->typed_data();
  const auto* in = x.typed_data();
  int64_t n = x.element_count();
  int64_t i = 0;
  for (; i + 3 < n; i += 4) {
    out[i + 0] = SigmoidViaTanh(in[i + 0]) * in[i + 0];
    out[i + 1] = SigmoidViaTanh(in[i + 1]) * in[i + 1];
    out[i + 2] = SigmoidViaTanh(in[i + 2]) * in[i + 2];
    out[i + 3] = SigmoidViaTanh(in[i + 3]) * in[i + 3];
  }
  for (; i < n; ++i) out[i] = SigmoidViaTanh(in[i]) * in[i];
  return ffi::Error::Success();
}

ffi::Error SiluBwdImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y, ffi::ResultBuffer<ffi::F32> ct_x) {
  auto* out = ct_x->typed_data();
  const auto* in = x.typed_data();
  const auto* ct = ct_y.typed_data();
  int64_t n = x.element_count();
  int64_t i = 0;
  for (; i + 1 < n; i += 2) {
    const float s0 = SigmoidViaTanh(in[i]);
    const float s1 = SigmoidViaTanh(in[i + 1]);
    out[i] = ct[i] * (s0 + s0 * in[i] * (1.0f - s0));
    out[i + 1] = ct[i + 1] * (s1 + s1 * in[i + 1] * (1.0f - s1));
  }
  if (i < n) {
    const float s = SigmoidViaTanh(in[i]);
    out[i] = ct[i] * (s + s * in[i] * (1.0f - s));
  }
  return ffi::Error::Success();
}

}  // namespace

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluImpl, ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdImpl,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
