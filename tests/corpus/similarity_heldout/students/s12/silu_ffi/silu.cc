// 练习 3:SiLU 的前向和反向 FFI 内核
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

namespace {

// 稳定的 sigmoid:exp 的参数永远不是大的正数
template <typename T>
inline T Logistic(T v) {
  if (v >= T(0)) {
    return T(1) / (T(1) + std::exp(-v));
  }
  T e = std::exp(v);
  return e / (T(1) + e);
}

// 对 n 个元素逐个调用 op(i)
template <typename Op>
inline void ForEach(size_t n, Op op) {
  for (size_t i = 0; i < n; ++i) op(i);
}

ffi::Error Forward(ffi::Buffer<ffi::F32> in, ffi::ResultBuffer<ffi::F32> out) {
  const float* a = in.typed_data();
  float* b = out->typed_data();
  ForEach(in.element_count(), [&](size_t i) { b[i] = a[i] * Logistic(a[i]); });
  return ffi::Error::Success();
}

ffi::Error Backward(ffi::Buffer<ffi::F32> in, ffi::Buffer<ffi::F32> cot,
                    ffi::ResultBuffer<ffi::F32> grad) {
  const float* a = in.typed_data();
  const float* c = cot.typed_data();
  float* g = grad->typed_data();
  ForEach(in.element_count(), [&](size_t i) {
    float s = Logistic(a[i]);
    g[i] = c[i] * s * (1.0f + a[i] * (1.0f - s));
  });
  return ffi::Error::Success();
}

}  // namespace

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, Forward,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, Backward,
                              ffi::Ffi::Bind()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Ret<ffi::Buffer<ffi::F32>>());
