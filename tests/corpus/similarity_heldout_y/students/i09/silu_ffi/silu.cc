// Exercise 3: SiLU as two element-wise XLA FFI handlers on float32 buffers.
//   Silu:    x -> y = x * s,                               s = sigmoid(x)
//   SiluBwd: (x, ct_y) -> ct_x = ct_y * s * (1 + x * (1 - s))
#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

// Applies op to the i-th element of every pointer, for i in [0, count).
template <typename Op, typename... Arrays>
static void ApplyEach(int64_t count, Op&& op, Arrays... arrays) {
  for (int64_t k = 0; k < count; ++k) op(arrays[k]...);
}

static inline float Sig(float t) {
  return t >= 0.0f ? 1.0f / (1.0f + std::exp(-t)) : std::exp(t) / (1.0f + std::exp(t));
}

static ffi::Error FwdKernel(ffi::Buffer<ffi::F32> a, ffi::ResultBuffer<ffi::F32> r) {
  ApplyEach(
      a.element_count(), [](const float& xi, float& yi) { yi = xi * Sig(xi); },
      a.typed_data(), r->typed_data());
  return ffi::Error::Success();
}

static ffi::Error BwdKernel(ffi::Buffer<ffi::F32> a, ffi::Buffer<ffi::F32> grad,
                            ffi::ResultBuffer<ffi::F32> r) {
  ApplyEach(
      a.element_count(),
      [](const float& xi, const float& gi, float& yi) {
        const float sg = Sig(xi);
        yi = gi * sg * (1.0f + xi * (1.0f - sg));
      },
      a.typed_data(), grad.typed_data(), r->typed_data());
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, FwdKernel,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, BwdKernel,
                              ffi::Ffi::Bind()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Ret<ffi::Buffer<ffi::F32>>());
