// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

namespace {

// logistic function, split at 0 so that exp never overflows
float Logistic(float t) {
  if (t >= 0.0f) {
    return 1.0f / (1.0f + std::exp(-t));
  }
  const float et = std::exp(t);
  return et / (1.0f + et);
}

ffi::Error Forward(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* xs = x.typed_data();
  float* ys = y->typed_data();
  const int64_t total = static_cast<int64_t>(x.element_count());
  for (int64_t k = 0; k < total; ++k) {
    ys[k] = xs[k] * Logistic(xs[k]);
  }
  return ffi::Error::Success();
}

ffi::Error Backward(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                    ffi::ResultBuffer<ffi::F32> ct_x) {
  const float* xs = x.typed_data();
  const float* gy = ct_y.typed_data();
  float* gx = ct_x->typed_data();
  const int64_t total = static_cast<int64_t>(x.element_count());
  for (int64_t k = 0; k < total; ++k) {
    const float sg = Logistic(xs[k]);
    gx[k] = gy[k] * sg * (1.0f + xs[k] * (1.0f - sg));
  }
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
