"""The per-check profile: the child's ProbeProfiler (sandboxed/profiling.py) on real JAX compilations,
and the parent's reader (grade/run/probe_profile.py), which takes it as untrusted input.

The end-to-end path (a sandboxed child sends `__profile__`, the parent writes it, the benchmark prints
it) runs in tests/test_benchmarks_smoke.py (`bench_grading.py --profile`).
"""

from __future__ import annotations

import math

import jax
import jax.numpy as jnp
import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from autograder.grade.run.probe_profile import load_profiles, read_profile, write_profiles
from autograder.observations import Observations
from autograder.sandboxed.profiling import END_LABEL, FIELDS, ProbeProfiler
from autograder.sandboxed.wire import PROFILE_KEY

_PROFILER = ProbeProfiler()
_PROFILER.install()  # once per process, as the child does (JAX keeps its listeners for good)


def test_each_recorded_key_gets_its_own_compilations() -> None:
    @jax.jit
    def f(x):
        return jnp.sin(x) * 2.0

    three, five = np.ones(3, np.float32), np.ones(5, np.float32)  # numpy inputs: only f compiles
    _PROFILER.start()
    f(three).block_until_ready()
    f(five).block_until_ready()  # a second shape: a second compilation
    _PROFILER.mark("two_shapes")
    f(three).block_until_ready()  # the same shape again: no compilation
    _PROFILER.mark("again")
    profile = _PROFILER.finish()
    keys = [s["key"] for s in profile["segments"]]
    assert keys == ["two_shapes", "again", END_LABEL]
    first, again = profile["segments"][0], profile["segments"][1]
    assert first["compiles"] == 2 and first["trace_s"] > 0 and first["compile_s"] > 0
    assert again["compiles"] == 0 and again["compile_s"] == 0
    assert profile["total"]["compiles"] == 2
    for seg in profile["segments"]:
        assert set(FIELDS) <= set(seg)
        parts = seg["trace_s"] + seg["lower_s"] + seg["compile_s"] + seg["run_s"]
        assert math.isclose(parts, seg["wall_s"], abs_tol=1e-5) or seg["run_s"] == 0


def test_compilations_outside_a_probe_are_not_counted() -> None:
    jax.jit(lambda x: x + 1)(np.ones(7, np.float32)).block_until_ready()  # before start: not this probe's
    _PROFILER.start()
    profile = _PROFILER.finish()
    assert profile["total"]["compiles"] == 0 and [s["key"] for s in profile["segments"]] == [END_LABEL]


def test_the_parent_keeps_a_well_formed_profile(tmp_path) -> None:
    _PROFILER.start()
    jax.jit(lambda x: x * 3)(np.ones(11, np.float32)).block_until_ready()
    _PROFILER.mark("k")
    sent = _PROFILER.finish()
    write_profiles(tmp_path, "ch02", {"fusion": Observations("fusion", {PROFILE_KEY: sent, "k": 1.0})})
    (got,) = load_profiles(tmp_path)
    assert (got.chapter, got.exercise) == ("ch02", "fusion")
    assert [s.key for s in got.segments] == ["k", END_LABEL] and got.total.compiles == 1


@given(st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
                    lambda kids: st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=10), kids,
                                                                                max_size=4)))
def test_any_plain_value_is_a_profile_or_none(raw) -> None:
    """Whatever the child sent under the key: read_profile never raises, and keeps only sound numbers."""
    profile = read_profile("ch02", Observations("x", {PROFILE_KEY: raw}))
    if profile is not None:
        for cost in (profile.total, *(s.cost for s in profile.segments)):
            assert all(math.isfinite(getattr(cost, f)) and getattr(cost, f) >= 0 for f in FIELDS)


def test_forged_numbers_are_refused() -> None:
    good = {f: 0 if f in ("compiles", "cache_hits") else 0.5 for f in FIELDS}
    ok = {"total": good, "segments": [{"key": "a", **good}]}
    assert read_profile("ch02", Observations("x", {PROFILE_KEY: ok})) is not None
    missing = {k: v for k, v in good.items() if k != "run_s"}
    for bad in ({**good, "wall_s": -1.0}, {**good, "cpu_s": float("nan")}, {**good, "compiles": True},
                {**good, "compiles": 1.5}, {**good, "trace_s": "1"}, missing):
        bad_total = {"total": bad, "segments": []}
        bad_segment = {**ok, "segments": [{"key": "a", **bad}]}
        assert read_profile("ch02", Observations("x", {PROFILE_KEY: bad_total})) is None
        assert read_profile("ch02", Observations("x", {PROFILE_KEY: bad_segment})) is None
    assert read_profile("ch02", Observations("x", {PROFILE_KEY: np.zeros(3)})) is None
    assert read_profile("ch02", None) is None
