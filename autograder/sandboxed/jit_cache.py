"""Compile a student's function once per shape, and share that program between a probe's checks
(child side; docs/performance.md, "Paying for compilation once").

Calling a JAX function outside `jax.jit` runs it one primitive at a time, and each primitive is a
program XLA compiles for every new shape: one plain call of a ten-operation function costs about
ten compilations, and a `jax.grad` of it twenty. A `jax.jit` of the same call costs one, and a second
call with the same shapes and dtypes costs none. So a probe:

- asks `SharedJit.get(name, build)` for the jitted program of one function under one transform
  (`name` says which, e.g. "dist" or "grad_w_xy"), built once per probe and reused by every check
  that calls that function with that transform: a `jit.rect` observation and a plain `fwd.rect`
  observation of the same shapes share one compilation;
- draws the cases of a class in a few shape buckets (the parent's `inputs()`), so that cases of one
  bucket hit the same compiled program;
- moves the parent's NumPy inputs to the device with `device_array`, not `jnp.asarray`: in JAX 0.12
  `jnp.asarray` of a NumPy array copies it through a jitted program, one compilation per shape;
  `jax.device_put` transfers it without compiling, into the same kind of array;
- chapter 5's probes, which call the student's functions eagerly on many inputs, take all of them
  to the device at once with `device_inputs` (64-bit arrays excepted);
- runs each observation with `compiled_or_plain(program, plain, *args)`: the compiled program first,
  and, only when that raises, the call exactly as the probe made it before (outside jit). An answer
  that cannot be traced (NumPy on concrete values, a Python `if` on an array) is therefore observed
  as it always was, error message included; an answer that traces is observed through one
  compilation per shape. Right answers compute the same values both ways up to float rounding, which
  the parent's tolerances already allow for jit (the `jit_and_vmap` check compares jitted results
  with the same tolerances).

Nothing here computes a reference value; the parent judges what the probe records.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jax
import numpy as np

# bound at import, before student code (as in observe.py)
_jit, _block_until_ready, _device_put = jax.jit, jax.block_until_ready, jax.device_put
_Exception = Exception
_ndarray = np.ndarray


class SharedJit:
    """One jitted program per name, built on first use; one instance per probe run."""

    def __init__(self) -> None:
        self._programs: dict[str, Callable[..., Any]] = {}
        self.built: list[str] = []  # names in the order they were first asked for (for tests)

    def get(self, name: str, build: Callable[[], Callable[..., Any]]) -> Callable[..., Any]:
        """The jitted `build()` for `name`; `build` runs once. A function JAX cannot jit (unhashable,
        not callable) yields a program that raises when called, so the caller falls back."""
        program = self._programs.get(name)
        if program is None:
            try:
                program = _jit(build())
            except _Exception as exc:  # e.g. an unhashable callable object: raise at call time instead
                program = _raiser(exc)
            self._programs[name] = program
            self.built.append(name)
        return program


def _raiser(exc: BaseException) -> Callable[..., Any]:
    def program(*args: Any) -> Any:
        raise exc

    return program


def device_array(value: Any) -> Any:
    """A parent's NumPy array as a JAX array on the default device, without a compilation."""
    return _device_put(value)


def device_inputs(inp: dict[str, Any]) -> dict[str, Any]:
    """The parent's inputs with every NumPy array of at most 32 bits per element on the device
    (`device_array`), so a student's `jnp.asarray` of an input, or an eager call, compiles no copy.
    64-bit arrays stay NumPy: outside `jax.enable_x64` a transfer would make them 32-bit, and the
    probes hand them to the student's code under x64 only. Every other value is kept as it is."""
    return {k: _device_put(v) if type(v) is _ndarray and v.dtype.itemsize <= 4 and v.dtype.kind in "biuf"
            else v for k, v in inp.items()}


def compiled_or_plain(program: Callable[..., Any], plain: Callable[..., Any], *args: Any) -> Any:
    """`program(*args)` (the shared compiled call); when it raises, `plain(*args)`, whose result or
    exception is what the probe records."""
    try:
        out = program(*args)
        _block_until_ready(out)  # an asynchronous failure belongs to the compiled attempt
        return out
    except _Exception:
        return plain(*args)
