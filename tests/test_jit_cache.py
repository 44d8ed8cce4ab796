"""Compilation paid once (autograder/sandboxed/jit_cache.py): one jitted program per function and
transform shared by a probe's checks, the plain call kept for answers that cannot be traced."""

from __future__ import annotations

import tempfile
from pathlib import Path

import jax.numpy as jnp
import numpy as np
import pytest

from autograder.exercises import safe_distance
from autograder.exercises.base import score_outcomes
from autograder.observations import read_observations
from autograder.sandboxed.jit_cache import SharedJit, compiled_or_plain, device_inputs
from autograder.sandboxed.observe import Recorder
from autograder.sandboxed.probes.safe_distance import probe
from autograder.sandboxed.profiling import ProbeProfiler


def _double_where(X, Y):
    """The course's answer (the double `where`), written here: no answer file is executed in a test."""
    sq = jnp.sum((X[:, None, :] - Y[None, :, :]) ** 2, axis=-1)
    is_zero = sq == 0.0
    return jnp.where(is_zero, 0.0, jnp.sqrt(jnp.where(is_zero, 1.0, sq)))


def _numpy_on_host(X, Y):
    """Right numbers for concrete arrays, but NumPy on the host: jit, grad and vmap cannot trace it."""
    dtype = np.result_type(X, Y)  # as v1: float32 points give float32 distances, float64 (x64) float64
    X, Y = np.asarray(X, np.float64), np.asarray(Y, np.float64)
    return jnp.asarray(np.linalg.norm(X[:, None, :] - Y[None, :, :], axis=-1), dtype=dtype)


def test_one_program_per_name_built_once() -> None:
    shared, builds = SharedJit(), []

    def build():
        builds.append(1)
        return lambda x: x * 2

    a, b = shared.get("double", build), shared.get("double", build)
    assert a is b and len(builds) == 1 and shared.built == ["double"]
    assert float(a(jnp.float32(2.0))) == 4.0


def test_an_untraceable_function_is_called_plainly() -> None:
    def host(x):  # NumPy on concrete values: raises under jit, right when called plainly
        return jnp.asarray(np.asarray(x) + 1.0)

    program = SharedJit().get("host", lambda: host)
    out = compiled_or_plain(program, host, jnp.arange(3.0))
    assert np.array_equal(np.asarray(out), [1.0, 2.0, 3.0])


def test_when_both_fail_the_plain_call_raises_its_own_error() -> None:
    def broken(x):
        raise ValueError("the student's own message")

    with pytest.raises(ValueError, match="the student's own message"):
        compiled_or_plain(SharedJit().get("b", lambda: broken), broken, jnp.zeros(2))


def test_an_unhashable_callable_falls_back_too() -> None:
    class Unhashable:
        __hash__ = None  # type: ignore[assignment]

        def __call__(self, x):
            return x + 1

    f = Unhashable()
    assert float(compiled_or_plain(SharedJit().get("u", lambda: f), f, jnp.float32(1.0))) == 2.0


def _grade(answer, seed: int = 0) -> tuple[float, dict[str, int]]:
    """Score and compilations (per observation key) of the safe_distance probe on one of the answers
    above."""
    ns = {"safe_pairwise_distance": answer}
    inp = safe_distance.inputs(1000 + seed, structure_seed=seed)
    folder = Path(tempfile.mkdtemp(prefix="jaxgrade-test-"))
    profiler = ProbeProfiler()
    profiler.install()
    profiler.start()
    rec = Recorder(folder, "safe_distance", on_record=profiler.mark)
    probe(ns, {**inp.params, **inp.arrays}, rec)
    compiles: dict[str, int] = {}
    for segment in profiler.finish()["segments"]:
        compiles[segment["key"]] = compiles.get(segment["key"], 0) + segment["compiles"]
    rec.flush()
    obs = read_observations(folder, "safe_distance")
    assert obs is not None
    return score_outcomes(safe_distance.EXERCISE, safe_distance.verdict(inp, obs)).score, compiles


def test_safe_distance_compiles_once_per_shape_and_transform() -> None:
    """Plain calls ran op by op (69 compilations per grading of the reference answer, docs/performance.md);
    through the shared programs a fresh shape set costs one compilation per shape and transform. The
    eager call sequence (`calls.*`, memo traps: a memo skips traced inputs, so it must run op by op)
    compiles the answer's operations on at most three shape and dtype sets (float32, the same bytes as
    points of dimension 1, float64), which `fwd.d1` and `fwd.f64` then share."""
    score, compiles = _grade(_double_where, seed=7)
    assert score == safe_distance.EXERCISE.max_points
    eager = {"fwd.f64", "fwd.d1"}  # run op by op on the sequence's float64 and dimension-1 sets
    shared = sum(n for key, n in compiles.items() if not key.startswith("calls.") and key not in eager)
    sequence = sum(n for key, n in compiles.items() if key.startswith("calls.") or key in eager)
    # fwd: rect (= big = jit.rect), self, far, square, row1, empty; vmap; grad.self; grad_w_xy
    assert shared <= 12, compiles
    eager_ops = 8  # _double_where: subtract, square, reduce_sum, eq, two selects, sqrt, broadcast
    assert 0 < sequence <= 3 * eager_ops, compiles


def test_an_answer_that_only_works_eagerly_is_judged_as_before() -> None:
    """NumPy on the host: the forward checks see its plain results (right), the transforms fail."""
    inp = safe_distance.inputs(1000, structure_seed=0)
    folder = Path(tempfile.mkdtemp(prefix="jaxgrade-test-"))
    rec = Recorder(folder, "safe_distance")
    probe({"safe_pairwise_distance": _numpy_on_host}, {**inp.params, **inp.arrays}, rec)
    rec.flush()
    obs = read_observations(folder, "safe_distance")
    assert obs is not None
    outcomes = {o.name: o.passed for o in safe_distance.verdict(inp, obs)}
    assert outcomes["forward_matches_v1"] and outcomes["far_from_origin"]  # the plain calls, as before
    assert not outcomes["jit_and_vmap"] and not outcomes["finite_grad_at_zero"]
    assert obs.error("grad.x") is not None


def test_device_inputs_move_32_bit_arrays_and_keep_64_bit_ones_on_the_host() -> None:
    """Chapter 5's probes take their inputs to the device at once: a student's jnp.asarray of one
    then compiles nothing (of a NumPy array it compiles a copy per shape). float64 and int64 arrays
    stay NumPy, which the probes hand over under x64 only (a transfer outside it makes them 32-bit)."""
    import jax

    inp = {"x": np.linspace(0, 1, 7, dtype=np.float32), "i": np.arange(5, dtype=np.int32),
           "f64": np.linspace(0, 1, 3), "i64": np.arange(3, dtype=np.int64), "axis": [0, 1], "eps": 1e-5}
    out = device_inputs(inp)
    assert isinstance(out["x"], jax.Array) and isinstance(out["i"], jax.Array)
    assert out["x"].dtype == np.float32 and out["i"].dtype == np.int32
    assert out["f64"] is inp["f64"] and out["i64"] is inp["i64"]
    assert out["axis"] is inp["axis"] and out["eps"] == 1e-5
    profiler = ProbeProfiler()
    profiler.install()
    profiler.start()
    jnp.asarray(out["x"]), jnp.asarray(out["i"])
    on_device = profiler.finish()["total"]["compiles"]
    profiler.start()
    jnp.asarray(np.linspace(0, 1, 11, dtype=np.float32).reshape(1, 11, 1))  # a shape new to the process
    from_host = profiler.finish()["total"]["compiles"]
    assert (on_device, from_host) == (0, 1)
