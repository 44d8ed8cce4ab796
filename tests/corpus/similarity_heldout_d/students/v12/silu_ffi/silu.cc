#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

static float sigmoid(float x) { return 1.0f / (1.0f + std::exp(-x)); }

template <typename Op>
static void Each(int64_t n, Op op) {
  for (int64_t i = 0; i < n; i++) op(i);
}

static ffi::Error Fwd(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  auto* a = x.typed_data();
  auto* o = y->typed_data();
  Each(x.element_count(), [&](int64_t i) { o[i] = a[i] * sigmoid(a[i]); });
  return ffi::Error::Success();
}

static ffi::Error Bwd(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> g, ffi::ResultBuffer<ffi::F32> dx) {
  auto* a = x.typed_data();
  auto* gy = g.typed_data();
  auto* o = dx->typed_data();
  Each(x.element_count(), [&](int64_t i) {
    float s = sigmoid(a[i]);
    o[i] = gy[i] * s * (1.0f + a[i] * (1.0f - s));
  });
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, Fwd,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, Bwd,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
