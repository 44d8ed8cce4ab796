"""The fit script's account of what a combination misses (benchmarks/similarity_fit_misses.py)."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from benchmarks import similarity_fit_misses as misses

ROOT = Path(__file__).resolve().parents[1]


@dataclass
class _Rows:
    x: np.ndarray
    y: np.ndarray
    copy_keys: list[tuple[str, str, str] | None]
    pairs: list[tuple[str, str, str]] = field(default_factory=list)


def _rows(table: list[tuple[str, str, str, bool, float]]) -> tuple[_Rows, np.ndarray]:
    """(unit, a, b, is a copy, model output) per row; a copy of unit `silu.cc` is one of `silu_ffi`."""
    keys = [((("silu_ffi" if u == "silu.cc" else u), a, b) if copy else None) for u, a, b, copy, _ in table]
    rows = _Rows(
        np.zeros((len(table), 1)),
        np.array([float(copy) for *_, copy, _ in table]),
        keys,
        [(u, a, b) for u, a, b, *_ in table],
    )
    return rows, np.array([out for *_, out in table])


def test_a_missed_copy_says_its_rank_and_the_independent_pairs_above_it() -> None:
    rows, out = _rows(
        [
            ("fusion", "s1", "s2", True, 0.50),  # the copy, below the cut 0.8
            ("fusion", "s1", "s3", False, 0.60),  # s1's other pair above it: rank 2
            ("fusion", "s3", "s4", False, 0.70),  # above it, but neither of its students
            ("fusion", "s2", "s4", False, 0.40),
            ("histogram", "s1", "s3", False, 0.95),  # another exercise: not counted
            ("histogram", "s5", "s6", True, 0.90),  # found
        ]
    )
    kinds = {("fusion", "s1", "s2"): ("inline_outline",)}
    [miss] = misses.misses(rows, out, 0.8, kinds)
    assert (miss.exercise, miss.a, miss.b, miss.disguises) == ("fusion", "s1", "s2", ("inline_outline",))
    assert (miss.rank, miss.above) == (2, 2)
    assert misses.summary([miss]).startswith("1 copies missed: 0 ranked first")


def test_a_kernel_copy_is_missed_only_when_neither_unit_finds_it() -> None:
    found, out = _rows([("silu_ffi", "s1", "s2", True, 0.1), ("silu.cc", "s1", "s2", True, 0.9)])
    assert misses.misses(found, out, 0.8, {}) == []
    lost, out = _rows([("silu_ffi", "s1", "s2", True, 0.1), ("silu.cc", "s1", "s2", True, 0.3)])
    [miss] = misses.misses(lost, out, 0.8, {})
    assert miss.output == 0.3  # read in its better unit
    assert (miss.rank, miss.above) == (1, 0)


def test_splits_measure_every_class_outside_every_fit() -> None:
    seen: list[tuple[tuple[str, ...], str]] = []

    def fit_and_count(train: tuple[str, ...], test: str) -> tuple[int, int, int, int]:
        seen.append((tuple(train), test))
        return 1, 2, 1, 100

    line = misses.split_figures(["d", "e", "f"], 2, fit_and_count)
    assert sorted(seen) == [(("d", "e"), "f"), (("d", "f"), "e"), (("e", "f"), "d")]
    assert "(3 splits)" in line and "3/6 copies found (50.0 %)" in line and "3/300" in line


def test_the_fit_script_lists_what_it_misses_on_spent_classes() -> None:
    out = subprocess.run(
        [
            sys.executable,
            str(ROOT / "benchmarks" / "similarity_combination_fit.py"),
            "--classes",
            "d,e",
            "--cross",
            "--misses",
        ],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    ).stdout
    missed = [line for line in out.splitlines() if line.startswith("  missed ")]
    summary = next(line for line in out.splitlines() if "copies missed:" in line)
    assert missed and summary.startswith(f"{len(missed)} copies missed")
    assert all(" rank " in line and " independent above" in line for line in missed)
