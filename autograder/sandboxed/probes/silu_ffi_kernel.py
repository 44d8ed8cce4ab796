"""Kernel-child probe of exercise `silu_ffi`: call the student's compiled handlers with no student
Python in the process, and without JAX (runs in autograder.sandboxed.kernel_main).

The process only needs XLA, so it talks to jaxlib's XLA client directly: it loads the student's
library, registers its `Silu` / `SiluBwd` handlers under fresh target names (jaxgrade_silu_<random>,
jaxgrade_silubwd_<random>: a library constructor cannot have registered them first), and for each
case compiles a StableHLO module whose only operation is the typed-FFI custom call, with the inputs
as constants, exactly what `jax.ffi.ffi_call` lowers to. Importing JAX itself (most of this
child's CPU) is refused by `import_guard`: the results are jaxlib arrays read back with
`np.asarray`, which jaxlib serves without JAX.

Observation keys (the parent sees them prefixed "kernel."; the runner adds "kernel.__run__"); any
key may hold an error entry instead of its value when the call raised:
  symbols   JSON dict {"Silu": bool, "SiluBwd": bool}: the library exports these symbols (error
            entry on every key when the library cannot be loaded).
  fwd.<i>   f32 array shaped like kx_<i>: the Silu handler on kx_<i>.
  bwd.<i>   f32 array shaped like kx_<i>: the SiluBwd handler on (kx_<i>, kct_<i>).
  nb.fwd    f32 array shaped like kx_nb: the Silu handler on kx_nb (the notebook cases' inputs,
            concatenated by the parent: the bits the notebook's values must have).
  nb.bwd    f32 array shaped like kx_nb_bwd: the SiluBwd handler on (kx_nb_bwd, kct_nb_bwd).
  nb.* are missing when the inputs hold no kx_nb (an older job).
"""

from __future__ import annotations

import ctypes
import os
from typing import Any

import numpy as np

from ..xla_direct import XlaCaller

SYMBOLS = ("Silu", "SiluBwd")
_xla: XlaCaller | None = None  # made by prepare()


def prepare() -> None:
    """Start the XLA client before "ready" and before the student's library is loaded (kernel_main):
    if it cannot start, that is the grader's fault (a setup error, retried), never the student's."""
    global _xla
    _xla = XlaCaller()


def kernel_probe(so_path: str | os.PathLike, inp: dict, rec: Any) -> None:
    """Call the student's handlers directly; no student Python runs in this process."""
    cases = range(int(inp["kernel_cases"]))
    try:
        lib = ctypes.cdll.LoadLibrary(os.fspath(so_path))
    except OSError as exc:  # every key then carries the loader's error
        for key in ("symbols", *(f"{k}.{i}" for k in ("fwd", "bwd") for i in cases)):
            rec.put_error(key, exc)
        return
    rec.observe("symbols", lambda: {name: hasattr(lib, name) for name in SYMBOLS})
    xla = _xla if _xla is not None else XlaCaller()
    suffix = os.urandom(6).hex()
    targets: dict[str, str] = {}

    def call(symbol: str, *args: np.ndarray) -> np.ndarray:
        if symbol not in targets:  # registered on first use, so a failure is recorded per call
            if not hasattr(lib, symbol):
                raise AttributeError(f"the library does not export the handler symbol {symbol}")
            target = f"jaxgrade_{symbol.lower()}_{suffix}"
            xla.register(target, getattr(lib, symbol))
            targets[symbol] = target
        return xla.call(targets[symbol], *args)

    for i in cases:
        x, ct = inp[f"kx_{i}"], inp[f"kct_{i}"]
        rec.observe(f"fwd.{i}", lambda x=x: call("Silu", x))
        rec.observe(f"bwd.{i}", lambda x=x, ct=ct: call("SiluBwd", x, ct))
    if "kx_nb" in inp:
        rec.observe("nb.fwd", lambda: call("Silu", inp["kx_nb"]))
        rec.observe("nb.bwd", lambda: call("SiluBwd", inp["kx_nb_bwd"], inp["kct_nb_bwd"]))
