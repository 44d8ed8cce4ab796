#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// stable sigmoid: exp never sees a positive argument
namespace {

inline float Sig(float x) {
  return x < 0 ? std::exp(x) / (1.f + std::exp(x))
               : 1.f / (1.f + std::exp(-x));
}

ffi::Error Forward(ffi::Buffer<ffi::F32> in, ffi::ResultBuffer<ffi::F32> out) {
  auto n = in.element_count();
  auto* src = in.typed_data();
  auto* dst = out->typed_data();
  int64_t i = 0;
  while (i < static_cast<int64_t>(n)) {
    dst[i] = src[i] * Sig(src[i]);
    i++;
  }
  return ffi::Error::Success();
}

ffi::Error Backward(ffi::Buffer<ffi::F32> in, ffi::Buffer<ffi::F32> cot,
                    ffi::ResultBuffer<ffi::F32> out) {
  auto n = in.element_count();
  auto* src = in.typed_data();
  auto* c = cot.typed_data();
  auto* dst = out->typed_data();
  int64_t i = 0;
  while (i < static_cast<int64_t>(n)) {
    const float s = Sig(src[i]);
    dst[i] = c[i] * (s + src[i] * s * (1.f - s));
    i++;
  }
  return ffi::Error::Success();
}

}  // namespace

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, Forward,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, Backward,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
