// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

namespace {

struct Logistic {
  float operator()(float v) const {
    double d = static_cast<double>(v);
    return static_cast<float>(1.0 / (1.0 + std::exp(-d)));
  }
};

ffi::Error SiluForward(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  Logistic sig;
  auto xs = x.typed_data();
  auto ys = y->typed_data();
  for (int64_t i = 0, n = x.element_count(); i < n; ++i) ys[i] = xs[i] * sig(xs[i]);
  return ffi::Error::Success();
}

ffi::Error SiluBackward(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> g, ffi::ResultBuffer<ffi::F32> gx) {
  Logistic sig;
  auto xs = x.typed_data();
  auto gs = g.typed_data();
  auto out = gx->typed_data();
  for (int64_t i = 0, n = x.element_count(); i < n; ++i) {
    float s = sig(xs[i]);
    out[i] = gs[i] * s * (1.0f + xs[i] * (1.0f - s));
  }
  return ffi::Error::Success();
}

}  // namespace

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluForward,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBackward,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
