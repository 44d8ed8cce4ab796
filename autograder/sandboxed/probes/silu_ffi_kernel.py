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
  loop      f32 array (2n,): Silu applied loop_trips times in a while loop to its own output from
            kx_loop (n elements), then SiluBwd likewise, u <- SiluBwd(u, kct_loop) from u = kx_loop
            (`_loop_module`: the loop state is one buffer, so each call after the first meets the
            same pointer with other values). Missing when the inputs hold no kx_loop.
  big       f32 array (2k,): one XLA call of Silu and SiluBwd on big_n (4M) elements made in the
            program (x_i = f32(i - big_n/2) * big_step, ct_i = f32(i mod 7 - 3)); the Silu outputs at
            i = big_offset, big_offset + big_stride, ... (k of them), then the SiluBwd outputs there.
            Run last, after everything above is written: a handler that crashes there ends the
            child with only `big` missing.
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
    if "kx_loop" in inp:
        rec.observe("loop", lambda: _loop_case(xla, call, targets, inp))
    if "big_n" in inp:
        rec.flush()  # everything above is on disk: a handler that crashes on the large case ends here
        rec.observe("big", lambda: _big_case(xla, call, targets, inp))


def _custom_call(out: str, target: str, operands: list[str], tensor: str, indent: int) -> str:
    """One StableHLO line calling a typed-FFI handler (API version 4) on 1-D operands of type `tensor`,
    row-major, with a result of that type."""
    row = "dense<[0]> : tensor<1xindex>"
    attributes = (f"api_version = 4 : i32, backend_config = {{}}, "
                  f"operand_layouts = [{', '.join([row] * len(operands))}], result_layouts = [{row}]")
    call = f"{out} = stablehlo.custom_call @{target}({', '.join(operands)}) {{{attributes}}}"
    return f"{' ' * indent}{call} : ({', '.join([tensor] * len(operands))}) -> {tensor}"


def _big_module(silu: str, silu_bwd: str, n: int, step: float, offset: int, stride: int) -> str:
    """Both handlers once on n float32 elements made in the program from an iota, x_i = f32(i - n/2) *
    step (one multiply: the parent computes the same x) and ct_i = f32(i mod 7 - 3); the result is
    the Silu output at offset, offset + stride, ... followed by the SiluBwd output there."""
    t_i, t_f = f"tensor<{n}xi32>", f"tensor<{n}xf32>"
    k = len(range(offset, n, stride))
    t_k, t_2k = f"tensor<{k}xf32>", f"tensor<{2 * k}xf32>"

    def sampled(out: str, src: str) -> str:
        return (f"    {out} = stablehlo.slice {src} [{offset}:{n}:{stride}] : ({t_f}) -> {t_k}")

    return "\n".join([
        "module @jaxgrade_big {", f"  func.func public @main() -> {t_2k} {{",
        f"    %i = stablehlo.iota dim = 0 : {t_i}",
        f"    %h = stablehlo.constant dense<{n // 2}> : {t_i}",
        f"    %d = stablehlo.subtract %i, %h : {t_i}",
        f"    %df = stablehlo.convert %d : ({t_i}) -> {t_f}",
        f"    %s = stablehlo.constant dense<{np.float32(step).item()!r}> : {t_f}",
        f"    %x = stablehlo.multiply %df, %s : {t_f}",
        f"    %seven = stablehlo.constant dense<7> : {t_i}",
        f"    %three = stablehlo.constant dense<3> : {t_i}",
        f"    %m = stablehlo.remainder %i, %seven : {t_i}",
        f"    %mc = stablehlo.subtract %m, %three : {t_i}",
        f"    %ct = stablehlo.convert %mc : ({t_i}) -> {t_f}",
        _custom_call("%y", silu, ["%x"], t_f, indent=4),
        _custom_call("%g", silu_bwd, ["%x", "%ct"], t_f, indent=4),
        sampled("%ys", "%y"), sampled("%gs", "%g"),
        f"    %r = stablehlo.concatenate %ys, %gs, dim = 0 : ({t_k}, {t_k}) -> {t_2k}",
        f"    return %r : {t_2k}", "  }", "}", ""])


def _big_case(xla: XlaCaller, call: Any, targets: dict[str, str], inp: dict) -> np.ndarray:
    """One XLA call of both handlers on `big_n` elements (`_big_module`): one compilation, 16 MiB per
    buffer, made and sampled inside the program (no large transfer)."""
    one = np.zeros((1,), np.float32)
    for symbol, args in (("Silu", (one,)), ("SiluBwd", (one, one))):
        if symbol not in targets:  # registered by the cases above unless they all raised
            call(symbol, *args)
    return xla.run(_big_module(targets["Silu"], targets["SiluBwd"], int(inp["big_n"]), float(inp["big_step"]),
                               int(inp["big_offset"]), int(inp["big_stride"])))


def _f32_constant(name: str, array: np.ndarray) -> str:
    data = np.asarray(array, "<f4")
    body = data.tobytes().hex().upper()
    return f'    {name} = stablehlo.constant dense<"0x{body}"> : tensor<{data.size}xf32>'


def _loop_module(silu: str, silu_bwd: str, x: np.ndarray, ct: np.ndarray, trips: int) -> str:
    """Both handlers `trips` times in one while loop, each on its own output: y <- Silu(y) from y = x,
    and u <- SiluBwd(u, ct) from u = x. The loop state lives in fixed buffers, so every call after
    the first meets its operand at the same address with other values (a handler that caches its
    last output by input pointer hands back the previous trip's); the result is both final states."""
    n = int(x.size)
    t, t2, ti = f"tensor<{n}xf32>", f"tensor<{2 * n}xf32>", "tensor<i32>"

    return "\n".join([
        "module @jaxgrade_loop {", f"  func.func public @main() -> {t2} {{",
        _f32_constant("%x", x), _f32_constant("%ct", ct),
        f"    %zero = stablehlo.constant dense<0> : {ti}",
        f"    %w:4 = stablehlo.while(%i = %zero, %y = %x, %u = %x, %g = %ct) : {ti}, {t}, {t}, {t}",
        "    cond {", f"      %lim = stablehlo.constant dense<{trips}> : {ti}",
        f"      %p = stablehlo.compare LT, %i, %lim, SIGNED : ({ti}, {ti}) -> tensor<i1>",
        "      stablehlo.return %p : tensor<i1>", "    } do {",
        f"      %one = stablehlo.constant dense<1> : {ti}",
        f"      %next = stablehlo.add %i, %one : {ti}",
        _custom_call("%ynext", silu, ["%y"], t, indent=6),
        _custom_call("%unext", silu_bwd, ["%u", "%g"], t, indent=6),
        f"      stablehlo.return %next, %ynext, %unext, %g : {ti}, {t}, {t}, {t}", "    }",
        f"    %r = stablehlo.concatenate %w#1, %w#2, dim = 0 : ({t}, {t}) -> {t2}",
        f"    return %r : {t2}", "  }", "}", ""])


def _loop_case(xla: XlaCaller, call: Any, targets: dict[str, str], inp: dict) -> np.ndarray:
    """One XLA call of both handlers, each in a loop on its own output (`_loop_module`)."""
    one = np.zeros((1,), np.float32)
    for symbol, args in (("Silu", (one,)), ("SiluBwd", (one, one))):
        if symbol not in targets:  # registered by the cases above unless they all raised
            call(symbol, *args)
    return xla.run(_loop_module(targets["Silu"], targets["SiluBwd"], inp["kx_loop"], inp["kct_loop"],
                                int(inp["loop_trips"])))
