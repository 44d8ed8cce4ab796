#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// 用 double 计算,再存回 float
static double sigmoid_d(double v) { return 1.0 / (1.0 + std::exp(-v)); }

static ffi::Error silu_fwd(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  auto* src = x.typed_data();
  auto* dst = y->typed_data();
  const auto count = x.element_count();
  for (std::int64_t k = 0; k < count; k++) {
    const double v = src[k];
    dst[k] = static_cast<float>(v * sigmoid_d(v));
  }
  return ffi::Error::Success();
}

static ffi::Error silu_bwd(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y, ffi::ResultBuffer<ffi::F32> ct_x) {
  auto* src = x.typed_data();
  auto* ct = ct_y.typed_data();
  auto* dst = ct_x->typed_data();
  const auto count = x.element_count();
  for (std::int64_t k = 0; k < count; k++) {
    const double v = src[k];
    const double s = sigmoid_d(v);
    dst[k] = static_cast<float>(ct[k] * s * (1.0 + v * (1.0 - s)));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, silu_fwd,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, silu_bwd,
                              ffi::Ffi::Bind()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Ret<ffi::Buffer<ffi::F32>>());
