"""What the student's code did when the probe traced it: the primitive sequence of each jaxpr (child side).

A behavioural fingerprint for the similarity report (parent side: autograder/similarity/behaviour.py).
Renaming, comments, dead code, `jnp` against `lax` and Python loops unrolled at trace time all vanish
in a jaxpr; what remains is the sequence of primitives the student's code bound.

`JaxprTap.install()` (once, before any student code runs) wraps JAX's one tracing entry point,
`jax._src.interpreters.partial_eval.trace_to_jaxpr`, which `jit`, `make_jaxpr`, `grad` under `jit` and
`vmap` under `jit` all go through. Between `start()` and `finish()` (around one probe) every outermost
trace is walked:
  * only equations whose traceback passes through an answer cell (a code object compiled from
    `<ipython-input-...>`) are kept: a probe's own wrapper and its input chains are not the student's;
  * dead code is dropped first (JAX's own dead-code elimination, `dce_jaxpr`), and layout-only
    primitives (broadcasts, reshapes, dtype casts) are left out;
  * call-like wrappers (`jit`/`pjit`, `closed_call`, `custom_jvp_call`, `remat`, ...) are flattened
    into their bodies, so a helper split off or inlined, jitted or not, gives the same sequence;
    control flow (`cond`, `while`, `scan`) keeps its name and its bodies follow it;
  * a sequence is kept once (the same function traced twice is one entry).
Eager calls are not traced by JAX as a whole and leave nothing here.

The result is sent as the exercise's observation BEHAVIOUR_KEY (wire.py), after the probe:
  {"jaxprs": [[primitive name, ...], ...]}   at most MAX_JAXPRS sequences of at most MAX_PRIMITIVES
                                              names (each at most MAX_NAME_CHARS), in trace order
It may be missing (no probe ran, or student code broke the tap); student code shares the process and
can forge it, so the parent validates it like any observation and nothing scores on it.
"""

from __future__ import annotations

from typing import Any

from .notebook_frames import DISGUISED_FILES

MAX_JAXPRS = 32
MAX_PRIMITIVES = 1000
MAX_TAKEN = 4096  # trace results remembered per probe, so a trace-cache hit is not walked again
MAX_NAME_CHARS = 24  # a primitive name is short (`broadcast_in_dim`); 32 x 1000 x 24 chars < 1 MB
CELL_PREFIX = "<ipython-input-"  # IPython's file name for a cell's code (InteractiveShell.compile)
# Wrappers whose name says nothing about the computation: their body is walked in their place.
CALL_PRIMITIVES = frozenset({
    "pjit", "jit", "closed_call", "core_call", "remat", "checkpoint", "custom_jvp_call", "custom_vjp_call",
    "custom_vjp_call_jaxpr", "custom_lin", "remat2", "name",
})

# Layout-only primitives: `x[:, None]`, `expand_dims`, `reshape`, a scalar broadcast or a dtype cast
# are ways of writing the same computation, so they are left out of the sequence.
LAYOUT_PRIMITIVES = frozenset({
    "broadcast_in_dim", "reshape", "squeeze", "expand_dims", "convert_element_type", "copy", "copy_p",
})

_isinstance, _len, _str, _getattr, _tuple, _list, _id = isinstance, len, str, getattr, tuple, list, id


def _sub_jaxprs(params: dict[str, Any]) -> list[Any]:
    """The jaxprs an equation's parameters hold (a call's body, a cond's branches, a scan's body)."""
    out = []
    for value in params.values():
        for item in value if _isinstance(value, (_tuple, _list)) else (value,):
            inner = _getattr(item, "jaxpr", None)  # ClosedJaxpr -> Jaxpr
            if inner is not None and _getattr(inner, "eqns", None) is not None:
                out.append(inner)
            elif _getattr(item, "eqns", None) is not None and _getattr(item, "outvars", None) is not None:
                out.append(item)
    return out


def _from_cell(eqn: Any) -> bool:
    tb = _getattr(eqn.source_info, "traceback", None)
    if tb is None:
        return False
    return any(f.file_name.startswith(CELL_PREFIX) and f.file_name not in DISGUISED_FILES for f in tb.frames)


def primitive_sequence(jaxpr: Any, limit: int = MAX_PRIMITIVES) -> list[str]:
    """The primitives of `jaxpr` that answer cells bound, in order, wrappers flattened (at most `limit`)."""
    out: list[str] = []
    stack = [iter(_getattr(jaxpr, "jaxpr", jaxpr).eqns)]
    while stack and _len(out) < limit:
        eqn = next(stack[-1], None)
        if eqn is None:
            stack.pop()
            continue
        name = _str(eqn.primitive.name)[:MAX_NAME_CHARS]
        subs = _sub_jaxprs(eqn.params)
        if name not in CALL_PRIMITIVES and name not in LAYOUT_PRIMITIVES and _from_cell(eqn):
            out.append(name)
        for sub in reversed(subs):
            stack.append(iter(sub.eqns))
    return out


class JaxprTap:
    """Collects one probe's traced primitive sequences; `install()` once per process, then
    `start`/`finish` around each probe."""

    def __init__(self) -> None:
        self._active = False
        self._depth = 0
        self._seen: set[tuple[str, ...]] = set()
        self._jaxprs: list[list[str]] = []
        self._dce: Any = None
        # results already walked in this probe: JAX's trace cache hands back the same object on a
        # hit, and walking it again (dead-code pass included) cost 3 ms per call of a 400-equation
        # trace (benchmarks/bench_jaxpr_tap.py); the objects are held so that their ids stay theirs
        self._taken: dict[int, Any] = {}

    def install(self) -> None:
        from jax._src.interpreters import partial_eval

        self._dce = partial_eval.dce_jaxpr
        traced = partial_eval.trace_to_jaxpr
        tap = self

        def trace_to_jaxpr(*args: Any, **kwargs: Any) -> Any:
            tap._depth += 1
            try:
                result = traced(*args, **kwargs)
            finally:
                tap._depth -= 1
            if tap._active and tap._depth == 0:
                tap._take(result)
            return result

        for name in ("evict_weakref", "cache_clear", "cache_info"):  # the cache's own methods stay reachable
            if hasattr(traced, name):
                setattr(trace_to_jaxpr, name, getattr(traced, name))
        partial_eval.trace_to_jaxpr = trace_to_jaxpr

    def _take(self, result: Any) -> None:
        if _len(self._jaxprs) >= MAX_JAXPRS or _id(result) in self._taken:
            return
        if _len(self._taken) < MAX_TAKEN:
            self._taken[_id(result)] = result
        try:
            jaxpr = result[0] if _isinstance(result, _tuple) else result
            jaxpr = _getattr(jaxpr, "jaxpr", jaxpr)
            try:
                jaxpr = self._dce(jaxpr, True)[0]  # dead code the student added never reaches XLA
            except Exception:
                pass
            seq = primitive_sequence(jaxpr)
        except Exception:  # a fingerprint is never worth failing the probe for
            return
        key = _tuple(seq)
        if seq and key not in self._seen:
            self._seen.add(key)
            self._jaxprs.append(seq)

    def start(self) -> None:
        self._seen, self._jaxprs, self._taken = set(), [], {}
        self._active = True

    def finish(self) -> dict[str, Any]:
        """The probe's fingerprint (plain data); stops collecting."""
        self._active = False
        self._taken = {}
        return {"jaxprs": self._jaxprs}
