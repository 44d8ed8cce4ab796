"""Jaxpr walking shared by the probes (child side): which primitives an output depends on."""

from __future__ import annotations

from typing import Any

from jax._src import callback as _callback
from jax._src import ffi as _ffi
from jax.extend.core import Literal

MAX_NAMES = 2000

# The genuine primitive objects, taken when the child imports the probes, before any student code
# runs. Gates look for these names; a student's own Primitive that merely borrows a name is reported
# as "<name>(impostor)" so it cannot pass for the real mechanism.
_GENUINE = {p.name: p for p in (_callback.pure_callback_p, _ffi.ffi_call_p)}


def primitive_name(prim: Any) -> str:
    name = str(prim.name)
    genuine = _GENUINE.get(name)
    return f"{name}(impostor)" if genuine is not None and prim is not genuine else name


def _names_in(eqn: Any, out: list[str], depth: int = 0) -> None:
    """The eqn's primitive name and those of every equation of its sub-jaxprs."""
    if depth > 20 or len(out) >= MAX_NAMES:
        return
    out.append(primitive_name(eqn.primitive))
    for value in eqn.params.values():
        for sub in value if isinstance(value, (tuple, list)) else (value,):
            jaxpr = sub if hasattr(sub, "eqns") else getattr(sub, "jaxpr", None)
            if hasattr(jaxpr, "eqns"):
                for inner in jaxpr.eqns:
                    _names_in(inner, out, depth + 1)


def needed_primitives(closed: Any, out_index: int) -> list[str]:
    """Primitive names of the equations output `out_index` of a ClosedJaxpr depends on."""
    jaxpr = closed.jaxpr
    needed = {v for v in [jaxpr.outvars[out_index]] if not isinstance(v, Literal)}
    names: list[str] = []
    for eqn in reversed(jaxpr.eqns):
        if any(v in needed for v in eqn.outvars):
            _names_in(eqn, names)
            needed.update(v for v in eqn.invars if not isinstance(v, Literal))
    return names
