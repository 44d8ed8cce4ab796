// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

#include <iterator>

namespace {
inline float sigmoid(float v) { return 1.0f / (1.0f + std::exp(-v)); }
}  // namespace

static ffi::Error SiluImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const float* first = x.typed_data();
  const float* last = first + x.element_count();
  float* out = y->typed_data();
  for (const float* it = first; it != last; it = std::next(it)) {
    *out++ = *it * sigmoid(*it);
  }
  return ffi::Error::Success();
}

static ffi::Error SiluBwdImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y, ffi::ResultBuffer<ffi::F32> ct_x) {
  const float* first = x.typed_data();
  const float* last = first + x.element_count();
  const float* g = ct_y.typed_data();
  float* out = ct_x->typed_data();
  for (const float* it = first; it != last; it = std::next(it), ++g) {
    const float s = sigmoid(*it);
    *out++ = *g * s * (1.0f + *it * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
