// Two element-wise FFI handlers for SiLU (float32).
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

static float Sigmoid(float x) { return 1.0f / (1.0f + std::exp(-x)); }

// forward: y = x * sigmoid(x)
static ffi::Error SiluImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const int64_t size = x.element_count();
  for (int64_t i = 0; i < size; ++i) {
    const float v = x.typed_data()[i];
    y->typed_data()[i] = v * Sigmoid(v);
  }
  return ffi::Error::Success();
}

// backward: ct_x = ct_y * s * (1 + x * (1 - s))
static ffi::Error SiluBwdImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                              ffi::ResultBuffer<ffi::F32> ct_x) {
  const int64_t size = x.element_count();
  for (int64_t i = 0; i < size; ++i) {
    const float v = x.typed_data()[i];
    const float s = Sigmoid(v);
    ct_x->typed_data()[i] = ct_y.typed_data()[i] * s * (1.0f + v * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
