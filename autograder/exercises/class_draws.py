"""Concrete inputs drawn from declared input classes (trusted parent side, JAX-free).

An exercise's `inputs()` takes the boundary of each class it declares (where an axis of length 1
sits, which dimension sizes repeat, which entries cancel, where a magnitude past an overflow point
sits) from `class_rng(structure_seed, exercise, class_name)`: a generator seeded from the student's
pool entry (structure_pool.py) and the class's name only. So every grading draws every class, a
resubmission meets the same boundary cases again (it cannot re-roll them under `--policy best`),
and adding or reordering the draws of one class leaves every other class's cases unchanged. The
fresh submission seed still fills in the values around a boundary where the class leaves them free.

The drawers return plain NumPy data; the expected values stay in the parent (the verdicts compute
them from these arrays, or read them from reference_memo).
"""

from __future__ import annotations

import hashlib

import numpy as np

__all__ = ["class_rng", "shape_with_unit_axis", "shape_with_repeated_dims", "cancelling",
           "log_uniform_with_ends"]


def class_rng(structure_seed: int, exercise: str, class_name: str) -> np.random.Generator:
    """The generator of one input class's boundary cases for one pool entry."""
    key = "\0".join(("class-draw", exercise, class_name, str(structure_seed)))
    digest = hashlib.sha256(key.encode()).digest()
    return np.random.default_rng(int.from_bytes(digest[:8], "big"))


def shape_with_unit_axis(rng: np.random.Generator, ndim: int, *, low: int = 2, high: int = 7,
                         keep: tuple[int, ...] = ()) -> tuple[int, ...]:
    """A shape of `ndim` distinct sizes in [low, high) with one axis (not in `keep`) of length 1."""
    sizes = [int(d) for d in rng.choice(np.arange(low, high), size=ndim, replace=False)]
    unit = int(rng.choice([a for a in range(ndim) if a not in keep]))
    sizes[unit] = 1
    return tuple(sizes)


def shape_with_repeated_dims(rng: np.random.Generator, ndim: int, *, low: int = 2,
                             high: int = 7) -> tuple[int, ...]:
    """A shape of `ndim` equal sizes in [low, high): an axis found by its size is ambiguous in every
    direction (with a single equal pair, matching sizes left to right is wrong when the first of the
    pair is reduced and right when the second is; with all sizes equal, reducing a middle axis
    defeats matching from either end)."""
    size = int(rng.integers(low, high))
    return (size,) * ndim


def cancelling(rng: np.random.Generator, values: np.random.Generator, shape: tuple[int, ...],
               axis: tuple[int, ...], magnitude: float) -> np.ndarray:
    """float32 values of size ~`magnitude` whose sum over `axis` is exactly 0 in every reduced cell:
    each cell's terms come in (v, -v) pairs (a leftover term is 0), at positions shuffled by `rng`.
    `values` (the fresh seed) picks the magnitudes of the pairs."""
    moved = np.moveaxis(np.zeros(shape, np.float32), axis, tuple(range(-len(axis), 0)))
    n = int(np.prod([shape[a] for a in axis]))
    rows = moved.reshape(-1, n)
    half = n // 2
    v = (values.uniform(0.5, 1.0, size=(rows.shape[0], half)) * magnitude).astype(np.float32)
    terms = np.concatenate([v, -v, np.zeros((rows.shape[0], n - 2 * half), np.float32)], axis=1)
    for r in range(rows.shape[0]):
        rows[r] = terms[r, rng.permutation(n)]
    back = rows.reshape(moved.shape)
    return np.ascontiguousarray(np.moveaxis(back, tuple(range(-len(axis), 0)), axis))


def log_uniform_with_ends(rng: np.random.Generator, values: np.random.Generator, shape: tuple[int, ...],
                          low: float, high: float) -> np.ndarray:
    """float32 values log-uniform in [low, high]; `low` and `high` themselves sit at positions `rng`
    picks (arrays of 2+ elements)."""
    x = np.exp(values.uniform(np.log(low), np.log(high), size=shape)).astype(np.float32)
    if x.size >= 2:
        ends = rng.choice(x.size, size=2, replace=False)
        x.flat[ends[0]], x.flat[ends[1]] = low, high
    return x
