"""Call a typed-FFI handler (a C function of a loaded library) through XLA, without importing JAX.

For the kernel child (kernel_main.py), whose only job is to run a student's compiled handlers:
`import jax` was most of that child's CPU (the silu_ffi kernel probe in a plain process: 0.40 s
with JAX, 0.13 s without), while all it needs of JAX is the XLA client in jaxlib. `XlaCaller`
builds the StableHLO module that `jax.ffi.ffi_call` lowers to (one `stablehlo.custom_call`,
api_version 4, row-major layouts), with the float32 inputs as constants (no device buffers, which
need JAX's abstract values), compiles it with jaxlib's CPU client and reads the result back with
`np.asarray`.

`import_guard()` keeps JAX out: jaxlib tries `import jax` when it hands back an array (for the
Python-level methods JAX adds to it) and carries on without them when the import fails;
`np.asarray` reads the buffer all the same.
"""

from __future__ import annotations

import ctypes
import sys
from importlib.abc import MetaPathFinder
from typing import Any

import numpy as np


class _RefuseJax(MetaPathFinder):
    def find_spec(self, name: str, path: Any = None, target: Any = None) -> None:
        if name == "jax" or name.startswith("jax."):
            raise ImportError(f"{name} is not imported in the kernel child (xla_direct.py)")
        return None


def import_guard() -> None:
    """From now on `import jax` fails in this process (see the module docstring)."""
    if not any(isinstance(f, _RefuseJax) for f in sys.meta_path):
        sys.meta_path.insert(0, _RefuseJax())


def _tensor(shape: tuple[int, ...]) -> str:
    return "tensor<" + "".join(f"{d}x" for d in shape) + "f32>"


def _layout(shape: tuple[int, ...]) -> str:
    """Row-major, as JAX asks of FFI operands and results."""
    dims = ", ".join(str(d) for d in reversed(range(len(shape))))
    return f"dense<[{dims}]> : tensor<{len(shape)}xindex>"


def _constant(name: str, array: np.ndarray) -> str:
    """A StableHLO constant holding exactly these float32 values (little-endian hex of the bytes)."""
    data = np.asarray(array, "<f4")
    body = f'"0x{data.tobytes().hex().upper()}"' if data.size else ""
    return f"    {name} = stablehlo.constant dense<{body}> : {_tensor(data.shape)}"


def custom_call_module(target: str, args: list[np.ndarray]) -> str:
    """The module `jax.ffi.ffi_call(target, ShapeDtypeStruct(args[0].shape, float32))(*args)` lowers
    to, with the arguments as constants. `target` must be a plain identifier."""
    if not target.replace("_", "").isalnum():
        raise ValueError(f"bad FFI target name {target!r}")
    out = _tensor(args[0].shape)
    operands = ", ".join(f"%c{i}" for i in range(len(args)))
    attributes = ", ".join([
        "api_version = 4 : i32", "backend_config = {}",
        f"operand_layouts = [{', '.join(_layout(a.shape) for a in args)}]",
        f"result_layouts = [{_layout(args[0].shape)}]",
    ])  # fmt: skip
    signature = f"({', '.join(_tensor(a.shape) for a in args)}) -> {out}"
    body = [_constant(f"%c{i}", a) for i, a in enumerate(args)]
    body.append(f"    %r = stablehlo.custom_call @{target}({operands}) {{{attributes}}} : {signature}")
    body.append(f"    return %r : {out}")
    head = ["module @jaxgrade_kernel {", f"  func.func public @main() -> {out} {{"]
    return "\n".join([*head, *body, "  }", "}", ""])


# What jax.ffi.pycapsule does, without JAX: the capsule XLA's registry takes a handler pointer in.
_new_capsule = ctypes.pythonapi.PyCapsule_New
_new_capsule.restype = ctypes.py_object
_new_capsule.argtypes = (ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p)


class XlaCaller:
    """One CPU client; handlers registered by name; calls compiled one module each."""

    def __init__(self) -> None:
        import_guard()
        from jaxlib import xla_client

        self._xla = xla_client
        # A handler's error is raised as jaxlib's JaxRuntimeError, which JAX presents as
        # jax.errors.JaxRuntimeError (jax/errors.py renames it): the student reads the same name.
        xla_client.XlaRuntimeError.__module__ = "jax.errors"
        # synchronous: a handler's error is raised by the call itself
        self._client = xla_client.make_cpu_client(asynchronous=False)
        self._devices = xla_client.DeviceList(tuple(self._client.local_devices()[:1]))

    def register(self, target: str, function: Any) -> None:
        """Register a ctypes function (a library's XLA_FFI_DEFINE_HANDLER_SYMBOL) as a typed-FFI target."""
        capsule = _new_capsule(ctypes.cast(function, ctypes.c_void_p).value, None, None)
        self._xla.register_custom_call_target(target, capsule, platform="cpu", api_version=1)

    def call(self, target: str, *args: np.ndarray) -> np.ndarray:
        """The float32 result (shaped like args[0]) of the handler registered as `target`."""
        return self.run(custom_call_module(target, [np.asarray(a, np.float32) for a in args]))

    def run(self, text: str) -> np.ndarray:
        """The float32 result of a StableHLO module of one result and no arguments."""
        exe = self._client.compile_and_load(text.encode(), self._devices, self._xla.CompileOptions())
        result = exe.execute_sharded([]).disassemble_into_single_device_arrays()
        return np.array(np.asarray(result[0][0]), dtype=np.float32, copy=True)
