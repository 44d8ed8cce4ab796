// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

typedef float (*UnaryFn)(float);
typedef float (*BinaryFn)(float, float);

static float Sigmoid(float v) {
  return v >= 0.0f ? 1.0f / (1.0f + std::exp(-v)) : std::exp(v) / (1.0f + std::exp(v));
}

static float SiluValue(float v) { return v * Sigmoid(v); }

static float SiluGrad(float v, float g) {
  const float s = Sigmoid(v);
  return g * s * (1.0f + v * (1.0f - s));
}

static void ApplyUnary(UnaryFn fn, const float* in, float* out, int64_t n) {
  for (int64_t i = 0; i < n; ++i) out[i] = fn(in[i]);
}

static void ApplyBinary(BinaryFn fn, const float* a, const float* b, float* out, int64_t n) {
  for (int64_t i = 0; i < n; ++i) out[i] = fn(a[i], b[i]);
}

static ffi::Error SiluImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  ApplyUnary(SiluValue, x.typed_data(), y->typed_data(), static_cast<int64_t>(x.element_count()));
  return ffi::Error::Success();
}

static ffi::Error SiluBwdImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                              ffi::ResultBuffer<ffi::F32> ct_x) {
  ApplyBinary(SiluGrad, x.typed_data(), ct_y.typed_data(), ct_x->typed_data(),
              static_cast<int64_t>(x.element_count()));
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
