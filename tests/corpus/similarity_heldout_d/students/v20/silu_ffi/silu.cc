// SiLU forward and backward handlers (float32, any shape: flat loops over element_count).
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

namespace {

float Logistic(float v) { return 1.0f / (1.0f + std::exp(-v)); }

}  // namespace

// y = x * sigmoid(x)
static ffi::Error SiluFwdImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const int64_t count = x.element_count();
  const float* x_data = x.typed_data();
  float* y_data = y->typed_data();
  for (int64_t i = 0; i < count; ++i) {
    y_data[i] = x_data[i] * Logistic(x_data[i]);
  }
  return ffi::Error::Success();
}

// ct_x = ct_y * s * (1 + x * (1 - s)) with s = sigmoid(x)
static ffi::Error SiluBwdImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                              ffi::ResultBuffer<ffi::F32> ct_x) {
  const int64_t count = x.element_count();
  const float* x_data = x.typed_data();
  const float* ct_y_data = ct_y.typed_data();
  float* ct_x_data = ct_x->typed_data();
  for (int64_t i = 0; i < count; ++i) {
    const float s = Logistic(x_data[i]);
    ct_x_data[i] = ct_y_data[i] * s * (1.0f + x_data[i] * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluFwdImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
