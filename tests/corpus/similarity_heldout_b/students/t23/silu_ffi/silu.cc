#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

using std::exp;

#define ONE 1.f

static float Sig(float x) {
  return x < 0 ? exp(x) / (ONE + exp(x)) : ONE / (ONE + exp(-x));
}

static ffi::Error Forward(ffi::Buffer<ffi::F32> in, ffi::ResultBuffer<ffi::F32> out) {
  auto n = in.element_count();
  auto* src = in.typed_data();
  auto* dst = out->typed_data();
  for (int64_t i = 0; i < static_cast<int64_t>(n); i++) dst[i] = src[i] * Sig(src[i]);
  return ffi::Error::Success();
}

static ffi::Error Backward(ffi::Buffer<ffi::F32> in, ffi::Buffer<ffi::F32> cot,
                           ffi::ResultBuffer<ffi::F32> out) {
  auto n = in.element_count();
  auto* src = in.typed_data();
  auto* c = cot.typed_data();
  auto* dst = out->typed_data();
  for (int64_t i = 0; i < static_cast<int64_t>(n); i++) {
    const float s = Sig(src[i]);
    dst[i] = c[i] * (s + src[i] * s * (ONE - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, Forward,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, Backward,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
