// RMSNorm as XLA FFI handlers (course chapter 5, section 5.10).
// Normalises over the last dimension; every leading dimension is a "row".
//   s = (mean(x^2) + eps)^(-1/2),  y = s * x
//   ct_x = s * ct_y - s^3 / n * x * sum(x * ct_y)
// Exported handler symbols: RmsNorm, RmsNormFwd (also returns s per row), RmsNormBwd.
#include <cmath>
#include <cstdint>
#include <utility>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

namespace {

float NormaliseRow(float eps, int64_t n, const float* x, float* y) {
  float sum_sq = 0.0f;
  for (int64_t i = 0; i < n; ++i) sum_sq += x[i] * x[i];
  const float scale = 1.0f / std::sqrt(sum_sq / static_cast<float>(n) + eps);
  for (int64_t i = 0; i < n; ++i) y[i] = x[i] * scale;
  return scale;
}

void NormaliseRowBackward(int64_t n, float scale, const float* x, const float* ct_y, float* ct_x) {
  float dot = 0.0f;
  for (int64_t i = 0; i < n; ++i) dot += x[i] * ct_y[i];
  const float f = scale * scale * scale * dot / static_cast<float>(n);
  for (int64_t i = 0; i < n; ++i) ct_x[i] = scale * ct_y[i] - f * x[i];
}

// (total element count, length of the last dimension); 0-d input gives {0, 0}.
std::pair<int64_t, int64_t> RowGeometry(const ffi::Buffer<ffi::F32>& b) {
  auto dims = b.dimensions();
  if (dims.size() == 0) return {0, 0};
  return {b.element_count(), dims.back()};
}

ffi::Error RmsNormImpl(float eps, ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  auto [total, last] = RowGeometry(x);
  if (last == 0) return ffi::Error::InvalidArgument("rms_norm: input must have a non-empty last dimension");
  for (int64_t off = 0; off < total; off += last)
    NormaliseRow(eps, last, x.typed_data() + off, y->typed_data() + off);
  return ffi::Error::Success();
}

ffi::Error RmsNormFwdImpl(float eps, ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y,
                          ffi::ResultBuffer<ffi::F32> scale) {
  auto [total, last] = RowGeometry(x);
  if (last == 0) return ffi::Error::InvalidArgument("rms_norm_fwd: input must have a non-empty last dimension");
  for (int64_t off = 0, row = 0; off < total; off += last, ++row)
    scale->typed_data()[row] = NormaliseRow(eps, last, x.typed_data() + off, y->typed_data() + off);
  return ffi::Error::Success();
}

ffi::Error RmsNormBwdImpl(ffi::Buffer<ffi::F32> scale, ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                          ffi::ResultBuffer<ffi::F32> ct_x) {
  auto [total, last] = RowGeometry(x);
  if (last == 0) return ffi::Error::InvalidArgument("rms_norm_bwd: input must have a non-empty last dimension");
  for (int64_t off = 0, row = 0; off < total; off += last, ++row)
    NormaliseRowBackward(last, scale.typed_data()[row], x.typed_data() + off, ct_y.typed_data() + off,
                         ct_x->typed_data() + off);
  return ffi::Error::Success();
}

}  // namespace

XLA_FFI_DEFINE_HANDLER_SYMBOL(RmsNorm, RmsNormImpl,
                              ffi::Ffi::Bind().Attr<float>("eps").Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());

XLA_FFI_DEFINE_HANDLER_SYMBOL(RmsNormFwd, RmsNormFwdImpl,
                              ffi::Ffi::Bind()
                                  .Attr<float>("eps")
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Ret<ffi::Buffer<ffi::F32>>()
                                  .Ret<ffi::Buffer<ffi::F32>>());

XLA_FFI_DEFINE_HANDLER_SYMBOL(RmsNormBwd, RmsNormBwdImpl,
                              ffi::Ffi::Bind()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Ret<ffi::Buffer<ffi::F32>>());
