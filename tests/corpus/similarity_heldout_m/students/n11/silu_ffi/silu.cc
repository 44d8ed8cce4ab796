// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

namespace 内核 {

/// 稳定的 sigmoid,用 double 计算。
double 乙状(double v) {
  double e = std::exp(-std::fabs(v));
  return v >= 0 ? 1.0 / (1.0 + e) : e / (1.0 + e);
}

}  // namespace 内核

static ffi::Error SiluImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const int64_t 个数 = x.element_count();
  for (int64_t k = 0; k < 个数; ++k) {
    double v = x.typed_data()[k];
    y->typed_data()[k] = static_cast<float>(v * 内核::乙状(v));
  }
  return ffi::Error::Success();
}

static ffi::Error SiluBwdImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                              ffi::ResultBuffer<ffi::F32> ct_x) {
  const int64_t 个数 = x.element_count();
  for (int64_t k = 0; k < 个数; ++k) {
    double v = x.typed_data()[k];
    double s = 内核::乙状(v);
    ct_x->typed_data()[k] = static_cast<float>(ct_y.typed_data()[k] * s * (1.0 + v * (1.0 - s)));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
