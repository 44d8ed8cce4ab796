#include <cmath>
#include <cstdint>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

inline float sig(float v) { return 0.5f * std::tanh(0.5f * v) + 0.5f; }

ffi::Error SiluForward(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const int64_t size = static_cast<int64_t>(x.element_count());
  for (int64_t idx = 0; idx < size; ++idx) {
    float v = x.typed_data()[idx];
    y->typed_data()[idx] = v * sig(v);
  }
  return ffi::Error::Success();
}

ffi::Error SiluBackward(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                        ffi::ResultBuffer<ffi::F32> ct_x) {
  const int64_t size = static_cast<int64_t>(x.element_count());
  for (int64_t idx = 0; idx < size; ++idx) {
    float v = x.typed_data()[idx];
    float s = sig(v);
    ct_x->typed_data()[idx] = ct_y.typed_data()[idx] * (s + v * s * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluForward,
                              ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBackward,
                              ffi::Ffi::Bind()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Arg<ffi::Buffer<ffi::F32>>()
                                  .Ret<ffi::Buffer<ffi::F32>>());
