"""The kernel child's JAX-free FFI caller (autograder/sandboxed/xla_direct.py) against jax.ffi.ffi_call.

A small trusted kernel (this file's C++: scale by 2, its gradient-like two-input form, and a handler
that returns an error) is built with clang++ and called both ways in fresh interpreters: the values
must be bit-identical, the error line the same, and the direct caller must never import JAX.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]

KERNEL = r"""
#include "xla/ffi/api/ffi.h"
namespace ffi = xla::ffi;

static ffi::Error ScaleImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  for (size_t i = 0; i < x.element_count(); ++i) y->typed_data()[i] = 2.0f * x.typed_data()[i] + 0.1f;
  return ffi::Error::Success();
}
XLA_FFI_DEFINE_HANDLER_SYMBOL(Scale, ScaleImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());

static ffi::Error MulImpl(ffi::Buffer<ffi::F32> x, ffi::Buffer<ffi::F32> c, ffi::ResultBuffer<ffi::F32> y) {
  for (size_t i = 0; i < x.element_count(); ++i) y->typed_data()[i] = x.typed_data()[i] * c.typed_data()[i];
  return ffi::Error::Success();
}
XLA_FFI_DEFINE_HANDLER_SYMBOL(Mul, MulImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());

static ffi::Error FailImpl(ffi::Buffer<ffi::F32> x, ffi::ResultBuffer<ffi::F32> y) {
  return ffi::Error(ffi::ErrorCode::kInvalidArgument, "jaxgrade test kernel refuses");
}
XLA_FFI_DEFINE_HANDLER_SYMBOL(Fail, FailImpl,
    ffi::Ffi::Bind().Arg<ffi::Buffer<ffi::F32>>().Ret<ffi::Buffer<ffi::F32>>());
"""

# Runs in a fresh interpreter: calls every handler on every shape one way and prints JSON.
CALLER = textwrap.dedent("""
    import ctypes, json, sys, traceback
    import numpy as np
    mode, so = sys.argv[1], sys.argv[2]
    lib = ctypes.cdll.LoadLibrary(so)
    if mode == "direct":
        from autograder.sandboxed.xla_direct import XlaCaller
        xla = XlaCaller()
        for name in ("Scale", "Mul", "Fail"):
            xla.register(f"t_{name.lower()}", getattr(lib, name))
        call = xla.call
    else:
        import jax
        for name in ("Scale", "Mul", "Fail"):
            capsule = jax.ffi.pycapsule(getattr(lib, name))
            jax.ffi.register_ffi_target(f"t_{name.lower()}", capsule, platform="cpu")
        def call(target, *args):
            x = args[0]
            return np.asarray(jax.ffi.ffi_call(target, jax.ShapeDtypeStruct(x.shape, x.dtype))(*args))
    rng = np.random.default_rng(7)
    out = {}
    for shape in [(), (0,), (5,), (3, 0), (4, 6), (2, 3, 5)]:
        x = (rng.standard_normal(shape) * 50).astype(np.float32)
        c = rng.standard_normal(shape).astype(np.float32)
        key = "x".join(map(str, shape)) or "scalar"
        for target, args in (("t_scale", (x,)), ("t_mul", (x, c)), ("t_fail", (x,))):
            try:
                y = call(target, *args)
                out[f"{target}.{key}"] = [str(y.dtype), list(y.shape), y.tobytes().hex()]
            except Exception as exc:
                line = "".join(traceback.format_exception_only(type(exc), exc)).strip().splitlines()[0]
                out[f"{target}.{key}"] = ["error", line]
    out["jax_imported"] = "jax" in sys.modules
    print(json.dumps(out))
""")


@pytest.fixture(scope="module")
def test_kernel(tmp_path_factory) -> Path:
    if shutil.which("clang++") is None:
        pytest.skip("clang++ is not installed (needed to build the test kernel)")
    from jaxcourse.kernels import compile_argv

    work = tmp_path_factory.mktemp("xla-direct")
    source = work / "test_kernel.cc"
    source.write_text(KERNEL)
    so = work / "test_kernel.so"
    subprocess.run(compile_argv(source, so), check=True, capture_output=True, timeout=180)
    return so


def _run(mode: str, so: Path) -> dict:
    env = {**os.environ, "PYTHONPATH": str(REPO), "JAX_PLATFORMS": "cpu", "TF_CPP_MIN_LOG_LEVEL": "2"}
    proc = subprocess.run([sys.executable, "-c", CALLER, mode, str(so)], env=env, capture_output=True,
                          text=True, timeout=300, check=False)  # fmt: skip
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_direct_call_matches_jax_ffi_call_without_importing_jax(test_kernel: Path) -> None:
    direct, via_jax = _run("direct", test_kernel), _run("jax", test_kernel)
    assert direct.pop("jax_imported") is False, "the kernel child's caller imported JAX"
    assert via_jax.pop("jax_imported") is True
    assert direct == via_jax  # same bytes, shapes and dtypes; the same first error line
    assert direct["t_scale.4x6"][0] == "float32" and direct["t_scale.4x6"][1] == [4, 6]
    refused = "jax.errors.JaxRuntimeError: INVALID_ARGUMENT: jaxgrade test kernel refuses"
    assert direct["t_fail.5"] == ["error", refused]


def test_module_text_refuses_odd_target_names() -> None:
    import numpy as np

    from autograder.sandboxed.xla_direct import custom_call_module

    assert "stablehlo.custom_call @jaxgrade_silu_ab12(%c0)" in custom_call_module(
        "jaxgrade_silu_ab12", [np.zeros((2, 3), np.float32)])  # fmt: skip
    with pytest.raises(ValueError):
        custom_call_module('x"}) {evil', [np.zeros(2, np.float32)])
