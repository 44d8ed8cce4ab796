// 练习 3:SiLU FFI 内核
#include <cmath>
#include <cstddef>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

namespace silu_detail {

template <typename T>
T stable_sigmoid(T x) {
  // 按符号分两种写法,exp 只会拿到 <= 0 的参数
  if (x < T(0)) {
    const T ex = std::exp(x);
    return ex / (ex + T(1));
  }
  return T(1) / (std::exp(-x) + T(1));
}

// 每次处理两个元素,剩下的一个单独处理
template <typename Body>
void unrolled2(std::size_t count, Body body) {
  std::size_t k = 0;
  for (; k + 1 < count; k += 2) {
    body(k);
    body(k + 1);
  }
  if (k < count) body(k);
}

}  // namespace silu_detail

ffi::Error SiluBwdImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y, ffi::ResultBuffer<ffi::F32> ct_x) {
  const float* xv = x.typed_data();
  const float* gv = ct_y.typed_data();
  float* ov = ct_x->typed_data();
  silu_detail::unrolled2(x.element_count(), [=](std::size_t k) {
    const float sg = silu_detail::stable_sigmoid(xv[k]);
    ov[k] = gv[k] * sg * (1.0f + xv[k] * (1.0f - sg));
  });
  return ffi::Error::Success();
}

ffi::Error SiluFwdImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* xv = x.typed_data();
  float* yv = y->typed_data();
  silu_detail::unrolled2(x.element_count(), [=](std::size_t k) { yv[k] = xv[k] * silu_detail::stable_sigmoid(xv[k]); });
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdImpl,
                              ffi::Ffi::Bind()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluFwdImpl,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
