"""Where a probe's time goes, measured in the notebook child around each probe (docs/performance.md).

A probe is cut into stretches at its records: the stretch that ends with recording key K (a
`rec.observe(K, fn)` call, or the work before a `rec.put(K, ...)`) is K's sub-check cost. The stretch
after the last record is labelled END_LABEL. For each stretch:
  wall_s     wall time (time.perf_counter)
  cpu_s      CPU time of the whole process (time.process_time: XLA's compile threads included)
  trace_s    JAX tracing to a jaxpr           (monitoring event JAXPR_TRACE_EVENT)
  lower_s    jaxpr to MLIR lowering           (LOWER_EVENT)
  compile_s  XLA backend compile              (COMPILE_EVENT; a persistent-cache hit is a short one)
  run_s      wall_s minus the three above: running the compiled code and the probe's own Python
  compiles   executables obtained (COMPILE_EVENT count), cache_hits of them from the persistent cache
Durations come from `jax.monitoring` listeners registered once, before any student code runs.

The profile is sent as the exercise's observation PROFILE_KEY (wire.py), after the probe:
  {"total": {<the fields above>}, "segments": [{"key": str, <the fields above>}, ...]}
It is informational only: student code shares the process and can skew or silence it, so nothing
scores on it; the parent validates it like any observation (grade/run/probe_profile.py).
"""

from __future__ import annotations

import time
from typing import Any

TRACE_EVENT = "/jax/core/compile/jaxpr_trace_duration"
LOWER_EVENT = "/jax/core/compile/jaxpr_to_mlir_module_duration"
COMPILE_EVENT = "/jax/core/compile/backend_compile_duration"
CACHE_HIT_EVENT = "/jax/compilation_cache/cache_hits"
END_LABEL = "(after the last record)"
MAX_SEGMENTS = 200  # a probe records a few dozen keys; a flood only loses detail, the total stays

# bound at import, before student code (as in observe.py): a replaced builtin or time function later
# changes nothing here
_perf_counter, _process_time = time.perf_counter, time.process_time
_max, _round, _float, _str, _len, _isinstance, _int = max, round, float, str, len, isinstance, int
_DURATION_FIELD = {TRACE_EVENT: "trace_s", LOWER_EVENT: "lower_s", COMPILE_EVENT: "compile_s"}
FIELDS = ("wall_s", "cpu_s", "trace_s", "lower_s", "compile_s", "run_s", "compiles", "cache_hits")
COUNT_FIELDS = ("compiles", "cache_hits")


def _zero() -> dict[str, float]:
    return {"trace_s": 0.0, "lower_s": 0.0, "compile_s": 0.0, "compiles": 0, "cache_hits": 0}


class ProbeProfiler:
    """Collects one probe's stretches; `install()` once per process, then `start`/`mark`/`finish`."""

    def __init__(self) -> None:
        self._active = False
        self._acc = _zero()
        self._t = self._c = 0.0
        self._segments: list[dict[str, Any]] = []
        self._total: dict[str, float] = {}

    def install(self) -> None:
        from jax import monitoring

        monitoring.register_event_duration_secs_listener(self._on_duration)
        monitoring.register_event_listener(self._on_event)

    def _on_duration(self, event: str, duration: float, **_: Any) -> None:
        field = _DURATION_FIELD.get(event)
        if self._active and field is not None:
            self._acc[field] += duration
            if event == COMPILE_EVENT:
                self._acc["compiles"] += 1

    def _on_event(self, event: str, **_: Any) -> None:
        if self._active and event == CACHE_HIT_EVENT:
            self._acc["cache_hits"] += 1

    def start(self) -> None:
        self._segments, self._total = [], {f: 0 if f in COUNT_FIELDS else 0.0 for f in FIELDS}
        self._acc = _zero()
        self._t, self._c = _perf_counter(), _process_time()
        self._active = True

    def mark(self, key: str) -> None:
        """Close the stretch that ended with recording `key`."""
        if not self._active:
            return
        t, c = _perf_counter(), _process_time()
        seg = {"wall_s": t - self._t, "cpu_s": c - self._c, **self._acc}
        seg["run_s"] = _max(0.0, seg["wall_s"] - seg["trace_s"] - seg["lower_s"] - seg["compile_s"])
        for f in FIELDS:
            self._total[f] += seg[f]
        if _len(self._segments) < MAX_SEGMENTS:
            self._segments.append({"key": _str(key)[:200], **{f: _rounded(seg[f]) for f in FIELDS}})
        self._acc = _zero()
        self._t, self._c = t, c  # the stretches add up to the probe's whole time

    def finish(self) -> dict[str, Any]:
        """The probe's profile (plain data); stops collecting."""
        if not self._active:
            return {"total": {f: 0 for f in FIELDS}, "segments": []}
        self.mark(END_LABEL)
        self._active = False
        return {"total": {f: _rounded(v) for f, v in self._total.items()}, "segments": self._segments}


def _rounded(v: float) -> float | int:
    return v if _isinstance(v, _int) else _round(_float(v), 6)
