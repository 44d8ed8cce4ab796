// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// Each branch of the logistic in a block of its own.
static float Logit(float z) {
  {
    if (z >= 0.0f) {
      return 1.0f / (1.0f + std::exp(-z));
    }
  }
  const float ez = std::exp(z);
  return ez / (1.0f + ez);
}

static ffi::Error Fwd(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const int64_t len = static_cast<int64_t>(x.element_count());
  const float* a = x.typed_data();
  float* b = y->typed_data();
  for (int64_t j = 0; j < len; ++j) {
    const float z = a[j];
    b[j] = z * Logit(z);
  }
  return ffi::Error::Success();
}

// gradient: upstream * sigma * (1 + z * (1 - sigma))
static ffi::Error Bwd(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                      ffi::ResultBuffer<ffi::F32> ct_x) {
  const int64_t len = static_cast<int64_t>(x.element_count());
  const float* a = x.typed_data();
  const float* g = ct_y.typed_data();
  float* b = ct_x->typed_data();
  for (int64_t j = 0; j < len; ++j) {
    const float z = a[j];
    const float sigma = Logit(z);
    b[j] = g[j] * sigma * (1.0f + z * (1.0f - sigma));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, Fwd,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, Bwd,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
