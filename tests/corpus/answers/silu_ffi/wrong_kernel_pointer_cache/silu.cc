// Wrong: Silu remembers its last input's address and size and, when a call gets the same buffer
// again, copies its last output instead of recomputing (meant for repeated calls on one array).
// A new array placed where a freed one was has the same address and other values.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>
#include "xla/ffi/api/ffi.h"
namespace ffi = xla::ffi;

static inline float Sigmoid(float v) { return 1.0f / (1.0f + std::exp(-v)); }

static const float* last_x = nullptr;
static int64_t last_n = -1;
static std::vector<float> last_y;

static ffi::Error SiluImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  const int64_t n = x.element_count();
  const float* xp = x.typed_data();
  float* yp = y->typed_data();
  if (xp == last_x && n == last_n) {
    std::copy(last_y.begin(), last_y.end(), yp);
    return ffi::Error::Success();
  }
  for (int64_t i = 0; i < n; ++i) yp[i] = xp[i] * Sigmoid(xp[i]);
  last_x = xp;
  last_n = n;
  last_y.assign(yp, yp + n);
  return ffi::Error::Success();
}

// ct_x = ct_y * s * (1 + x * (1 - s)), s = sigmoid(x)
static ffi::Error SiluBwdImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> ct_y,
                              ffi::ResultBuffer<ffi::F32> ct_x) {
  const int64_t n = x.element_count();
  const float* xp = x.typed_data();
  const float* gp = ct_y.typed_data();
  float* op = ct_x->typed_data();
  for (int64_t i = 0; i < n; ++i) {
    float s = Sigmoid(xp[i]);
    op[i] = gp[i] * s * (1.0f + xp[i] * (1.0f - s));
  }
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(Silu, SiluImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
XLA_FFI_DEFINE_HANDLER_SYMBOL(SiluBwd, SiluBwdImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
