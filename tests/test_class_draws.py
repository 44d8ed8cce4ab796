"""The class drawers (autograder/exercises/class_draws.py): the boundary of every class comes from
the student's pool entry, so a resubmission (a fresh seed) meets the same boundary cases."""

from __future__ import annotations

import numpy as np
import pytest

from autograder.exercises import ffi_lowering, gammaln_callback, reduce_sum_rules
from autograder.exercises.class_draws import (
    cancelling,
    class_rng,
    log_uniform_with_ends,
    shape_with_repeated_dims,
    shape_with_unit_axis,
)
from autograder.exercises.input_classes import InputClass


def test_class_rng_depends_on_entry_exercise_and_class_only() -> None:
    def draw(*key: object) -> float:
        return float(class_rng(*key).random())

    assert draw(5, "ex", "a") == draw(5, "ex", "a")
    assert len({draw(5, "ex", "a"), draw(6, "ex", "a"), draw(5, "other", "a"), draw(5, "ex", "b")}) == 4


@pytest.mark.parametrize("seed", range(20))
def test_drawers_hold_their_boundary(seed: int) -> None:
    r, v = class_rng(seed, "t", "c"), np.random.default_rng(seed)
    unit = shape_with_unit_axis(r, 3)
    assert unit.count(1) == 1 and len(set(unit)) == 3
    rep = shape_with_repeated_dims(r, 3)
    assert len(rep) == 3 and len(set(rep)) == 1
    shape = (3, 4, 5)
    for axis in ((0,), (1, 2), (0, 1, 2)):
        x = cancelling(r, v, shape, axis, 1e4)
        assert x.dtype == np.float32 and x.shape == shape
        assert not np.any(np.sum(x.astype(np.float64), axis=axis))  # exactly 0 in every reduced cell
        assert np.abs(x).max() >= 5e3
    y = log_uniform_with_ends(r, v, (6,), 172.0, 1e4)
    assert y.min() == np.float32(172.0) and y.max() == np.float32(1e4)


def test_a_resubmission_meets_the_same_boundary_cases() -> None:
    """Same pool entry, fresh seed: every class case has the same shapes, axes and boundary
    positions (values around them may differ)."""
    for structure in (1, 2, 3):
        a = reduce_sum_rules.inputs(7, structure_seed=structure)
        b = reduce_sum_rules.inputs(8, structure_seed=structure)
        assert a.params["classes"] == b.params["classes"]
        for k in a.arrays:
            if k.startswith("c_"):
                assert a.arrays[k].shape == b.arrays[k].shape
        cancel_axis = tuple(a.params["classes"]["cancel"]["axis"])
        for inp in (a, b):
            assert not np.any(np.sum(inp.arrays["c_cancel_x"].astype(np.float64), axis=cancel_axis))
        g1 = gammaln_callback.inputs(7, structure_seed=structure)
        g2 = gammaln_callback.inputs(8, structure_seed=structure)
        assert np.argmax(g1.arrays["xo"]) == np.argmax(g2.arrays["xo"])
        assert np.argmin(g1.arrays["xo"]) == np.argmin(g2.arrays["xo"])
        f1 = ffi_lowering.inputs(7, structure_seed=structure)
        f2 = ffi_lowering.inputs(8, structure_seed=structure)
        assert f1.params["eps_vmap_cases"] == f2.params["eps_vmap_cases"]


def test_a_class_outside_the_task_is_never_drawn() -> None:
    c = InputClass("dtype.x", "dtype", "inputs the interface excludes", outside_task="float32 only")
    assert not c.drawn and not c.gap
    with pytest.raises(ValueError):
        InputClass("dtype.x", "dtype", "drawn anyway", ("values",), lambda i: True,
                   outside_task="float32 only")
