"""Input classes declared per exercise (autograder/exercises/input_classes.py): every drawn class is in
the inputs of every grading, every sub-check is judged on at least one drawn class, and the docs'
table is the one the script generates."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from autograder.exercises import EXERCISE_IDS, load
from autograder.exercises.input_classes import InputClass, coverage, declared, pool_draws, render_markdown

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("exercise", EXERCISE_IDS)
def test_every_drawn_class_is_in_every_grading(exercise: str) -> None:
    """On every structure of the pool and with fresh seeds, the inputs contain each drawn class."""
    mod = load(exercise)
    for seed in (0, 20261129):
        for row in coverage(mod, pool_draws(mod, seed)):
            if row.input_class.drawn:
                assert row.structures_witnessed == row.structures, (row.input_class.name, seed)


@pytest.mark.parametrize("exercise", EXERCISE_IDS)
def test_every_subcheck_is_judged_on_a_drawn_class(exercise: str) -> None:
    mod = load(exercise)
    classes = declared(mod)
    assert classes  # every exercise declares its classes (drawn, gaps, or outside the task)
    judged = {n for c in classes for n in c.checks}
    gates = {s.name for s in mod.EXERCISE.subchecks if s.gate}
    structural = {"primitive kept", "forward via pure_callback", "derivative via callback",
                  "forward via FFI", "backward via FFI", "lowers to rms_norm", "optimized_hlo"}
    missing = {s.name for s in mod.EXERCISE.subchecks} - judged - gates - structural
    assert not missing, missing


def test_a_class_is_drawn_with_a_witness_or_declared_as_a_gap() -> None:
    with pytest.raises(ValueError):
        InputClass("x", "shape", "checks without a witness", ("jvp",))
    with pytest.raises(ValueError):
        InputClass("x", "shape", "a witness without checks", (), lambda i: True)
    with pytest.raises(ValueError):
        InputClass("x", "colour", "an unknown kind")


def test_docs_table_is_generated() -> None:
    path = ROOT / "scripts" / "input_classes.py"
    spec = importlib.util.spec_from_file_location("input_classes_script", path)
    assert spec and spec.loader
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    rows = {ex: coverage(load(ex), pool_draws(load(ex))) for ex in EXERCISE_IDS}
    assert (ROOT / "docs" / "input-classes.md").read_text(encoding="utf-8") == render_markdown(rows)
    assert script.main(["--check"]) == 0
