// 练习3 SiLU
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

namespace {

template <typename T>
T sigm(T v) {
  return v >= T(0) ? T(1) / (T(1) + std::exp(-v)) : std::exp(v) / (T(1) + std::exp(v));
}

// 手动展开 4 次的逐元素循环
template <typename Fn>
void for_each_unrolled(int64_t n, Fn fn) {
  int64_t i = 0;
  for (; i + 4 <= n; i += 4) {
    fn(i);
    fn(i + 1);
    fn(i + 2);
    fn(i + 3);
  }
  while (i < n) fn(i++);
}

ffi::Error silu_fwd(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* src = x.typed_data();
  float* dst = y->typed_data();
  for_each_unrolled(x.element_count(), [&](int64_t i) { dst[i] = src[i] * sigm(src[i]); });
  return ffi::Error::Success();
}

ffi::Error silu_bwd(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y, ffi::ResultBuffer<ffi::F32> ct_x) {
  const float* src = x.typed_data();
  const float* g = ct_y.typed_data();
  float* dst = ct_x->typed_data();
  for_each_unrolled(x.element_count(), [&](int64_t i) {
    const float s = sigm(src[i]);
    dst[i] = g[i] * s * (1.0f + src[i] * (1.0f - s));
  });
  return ffi::Error::Success();
}

}  // namespace

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, silu_fwd, ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, silu_bwd,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
