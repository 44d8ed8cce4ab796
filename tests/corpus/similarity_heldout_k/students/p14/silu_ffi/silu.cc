// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

namespace silu_detail {

// sigma(v) in double, choosing the form whose exponent is never positive
inline double Sigma(double v) {
  const double e = std::exp(-std::fabs(v));
  return v >= 0.0 ? 1.0 / (1.0 + e) : e / (1.0 + e);
}

inline float Forward(float v) { return static_cast<float>(v * Sigma(v)); }

inline float Backward(float v, float g) {
  const double s = Sigma(v);
  return static_cast<float>(g * s * (1.0 + v * (1.0 - s)));
}

}  // namespace silu_detail

static ffi::Error SiluImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const auto n = x.element_count();
  for (decltype(x.element_count()) i = 0; i < n; ++i) {
    y->typed_data()[i] = silu_detail::Forward(x.typed_data()[i]);
  }
  return ffi::Error::Success();
}

static ffi::Error SiluBwdImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                              ffi::ResultBuffer<ffi::F32> ct_x) {
  const auto n = x.element_count();
  for (decltype(x.element_count()) i = 0; i < n; ++i) {
    ct_x->typed_data()[i] = silu_detail::Backward(x.typed_data()[i], ct_y.typed_data()[i]);
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluImpl,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdImpl,
                              ffi::Ffi::Bind()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Ret<ffi::Buffer<ffi::F32>>());
