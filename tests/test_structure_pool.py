"""The structure pool: a submission's compiled programs come from one of POOL_SIZE structures per
release and exercise, its array values from its own fresh seed (exercises/structure_pool.py)."""

from __future__ import annotations

import json

import numpy as np
import pytest

from autograder.exercises import EXERCISE_IDS, load
from autograder.exercises.base import ProbeInputs
from autograder.exercises.structure_pool import POOL_SIZE, structure_seed

POOLED = [ex for ex in EXERCISE_IDS if not load(ex).EXERCISE.per_student]


def program_signature(inp: ProbeInputs) -> str:
    """What the child's compiled programs depend on: the parameters and every array's shape and dtype."""
    shapes = {k: [list(a.shape), str(a.dtype)] for k, a in inp.arrays.items()}
    return json.dumps({"params": inp.params, "arrays": shapes}, sort_keys=True)


def test_a_fresh_seed_picks_its_pool_entry() -> None:
    seeds = [structure_seed("2026-fall", "fusion", 0, index=k) for k in range(POOL_SIZE)]
    assert len(set(seeds)) == POOL_SIZE
    for seed in (0, 7, 12345, 2**32 - 1):
        assert structure_seed("2026-fall", "fusion", seed) == seeds[seed % POOL_SIZE]
    assert structure_seed("2026-fall", "fusion", 3) == structure_seed("2026-fall", "fusion", 3 + POOL_SIZE)
    assert structure_seed("2026-fall", "histogram", 0) != seeds[0]  # each exercise has its own pool
    assert structure_seed("2027-spring", "fusion", 0) != seeds[0]  # and each release
    for bad in (-1, POOL_SIZE):
        with pytest.raises(ValueError):
            structure_seed("2026-fall", "fusion", 0, index=bad)


@pytest.mark.parametrize("exercise", POOLED)
def test_values_are_fresh_and_programs_come_from_the_structure(exercise: str) -> None:
    mod = load(exercise)
    for structure in range(3):
        drawn = [mod.inputs(seed, structure_seed=structure) for seed in (11, 12, 13)]
        assert len({program_signature(inp) for inp in drawn}) == 1, structure
        assert all(inp.seed == seed for inp, seed in zip(drawn, (11, 12, 13), strict=True))
        if drawn[0].arrays:  # histogram and fusion trace fixed ramps: they draw no values
            for a, b in ((drawn[0], drawn[1]), (drawn[1], drawn[2])):
                assert any(not np.array_equal(a.arrays[k], b.arrays[k]) for k in a.arrays), structure


@pytest.mark.parametrize("exercise", POOLED)
def test_the_shipped_release_pool_has_distinct_structures(exercise: str) -> None:
    mod = load(exercise)
    signatures = {
        program_signature(mod.inputs(0, structure_seed=structure_seed("2026-fall", exercise, 0, index=k)))
        for k in range(POOL_SIZE)
    }
    assert len(signatures) == POOL_SIZE


def _whitespace_resubmissions(exercise: str) -> tuple[int, int]:
    """The fresh seeds of two submissions of one answer that differ only in trailing whitespace,
    picked so that their seeds name different pool entries (what a re-roll would exploit)."""
    from autograder.grade.intake import content_hash
    from autograder.grade.run.settings import exercise_seed
    from autograder.model import ChapterNotebook

    def seed_of(source: str) -> int:
        cell = {"cell_type": "code", "metadata": {"jaxgrade": {"role": "answer", "exercise": exercise}},
                "source": source, "outputs": [], "execution_count": None}
        nb = ChapterNotebook("ch02", "hw.ipynb", {"cells": [cell], "metadata": {}, "nbformat": 4})
        return exercise_seed("2026-fall", exercise, content_hash({"ch02": nb}, {}))

    first = seed_of("answer = 1\n")
    for n in range(1, 64):
        again = seed_of("answer = 1\n" + " " * n)
        if again % POOL_SIZE != first % POOL_SIZE:
            return first, again
    raise AssertionError("64 whitespace variants all landed on one pool entry")


@pytest.mark.parametrize("exercise", ["fusion", "safe_distance"])
def test_a_whitespace_resubmission_of_a_student_draws_the_same_structure(exercise: str) -> None:
    first, again = _whitespace_resubmissions(exercise)
    assert first != again
    mod = load(exercise)
    for student in ("s001", "张三", "Alice"):
        a = structure_seed("2026-fall", exercise, first, student_id=student)
        b = structure_seed("2026-fall", exercise, again, student_id=student)
        assert a == b
        assert program_signature(mod.inputs(first, structure_seed=a)) == program_signature(
            mod.inputs(again, structure_seed=b))
    # the id is normalised as the per-student variants normalise it
    assert structure_seed("2026-fall", exercise, first, student_id=" ALICE ") == structure_seed(
        "2026-fall", exercise, again, student_id="alice")
    # without an id the fresh seed still picks the entry
    no_id = structure_seed("2026-fall", exercise, first, student_id="")
    assert no_id == structure_seed("2026-fall", exercise, first)


def test_students_spread_over_the_whole_pool() -> None:
    """Each student's entry is still one of the pool's (so the warm cache serves it), and the
    students of a course cover every entry."""
    pool = {structure_seed("2026-fall", "fusion", 0, index=k) for k in range(POOL_SIZE)}
    drawn = [structure_seed("2026-fall", "fusion", 0, student_id=f"s{i:03d}") for i in range(200)]
    assert set(drawn) == pool
    assert max(drawn.count(s) for s in pool) < 200 / POOL_SIZE * 2
