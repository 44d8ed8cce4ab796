#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

namespace {

// sigmoid(x) = (1 + tanh(x / 2)) / 2: tanh saturates to +-1, so no inf/nan for large |x|
float SigmoidViaTanh(float x) { return 0.5f * (1.0f + std::tanh(0.5f * x)); }

ffi::Error SiluImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  auto* out = y->typed_data();
  const auto* in = x.typed_data();
  for (int64_t i = 0, n = x.element_count(); i < n; ++i) {
    out[i] = in[i] * SigmoidViaTanh(in[i]);
  }
  return ffi::Error::Success();
}

ffi::Error SiluBwdImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y, ffi::ResultBuffer<ffi::F32> ct_x) {
  auto* out = ct_x->typed_data();
  const auto* in = x.typed_data();
  const auto* ct = ct_y.typed_data();
  for (int64_t i = 0, n = x.element_count(); i < n; ++i) {
    const float s = SigmoidViaTanh(in[i]);
    out[i] = ct[i] * (s * (1.0f + in[i] * (1.0f - s)));
  }
  return ffi::Error::Success();
}

}  // namespace

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluImpl, ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdImpl,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
