"""What a fitted combination misses on a class it was not fitted on, and how deep (issue 46).

Used by `benchmarks/similarity_combination_fit.py --misses` and `--splits N`. Only aggregate
figures and the spent classes' own copies are printed: run it on spent classes only.

For each planted copy the model does not flag (a `silu_ffi` copy: in neither of its units), the line
says how far it is from being found:
  * `rank`: 1 + how many of its two students' other pairs in that unit score above it. A copy
    ranked 1 is the best partner of both its students: a TA reading each student's closest partner
    would see it, only the class-wide cut is too high;
  * `above`: how many independent pairs of its unit score above it. A copy with ten or more above
    is inside the honest bulk of its exercise: no cut on this score finds it at a budget of 0.5 %
    (190 pairs an exercise: one flagged pair is 0.5 %).
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import numpy as np

DEEP = 10  # independent pairs of its unit above a missed copy: inside the honest bulk


class FittedRows(Protocol):
    x: np.ndarray
    y: np.ndarray
    copy_keys: list[tuple[str, str, str] | None]
    pairs: list[tuple[str, str, str]]


@dataclass(frozen=True)
class Miss:
    exercise: str
    a: str
    b: str
    disguises: tuple[str, ...]
    output: float
    rank: int
    above: int


def disguises_of(folder: Path) -> dict[tuple[str, str, str], tuple[str, ...]]:
    """(exercise, a, b) with a < b -> the disguise kinds pairs.json lists for that copy."""
    copies = json.loads((folder / "pairs.json").read_text(encoding="utf-8")).get("copies", [])
    return {
        (c["exercise"], *sorted((c["original"], c["copy"]))): tuple(c.get("disguises", ())) for c in copies
    }


def misses(
    rows: FittedRows, outputs: np.ndarray, cut: float, kinds: dict[tuple[str, str, str], tuple[str, ...]]
) -> list[Miss]:
    """The copies of `rows` no row of which scores above `cut`, each read in its best unit."""
    best: dict[tuple[str, str, str], int] = {}
    for i, key in enumerate(rows.copy_keys):
        if key is not None and (key not in best or outputs[i] > outputs[best[key]]):
            best[key] = i
    found = []
    for key, i in sorted(best.items()):
        if outputs[i] > cut:
            continue
        unit, a, b = rows.pairs[i]
        same_unit = [j for j, p in enumerate(rows.pairs) if p[0] == unit and j != i]
        rank = 1 + sum(1 for j in same_unit if {a, b} & set(rows.pairs[j][1:]) and outputs[j] > outputs[i])
        above = sum(1 for j in same_unit if rows.y[j] == 0 and outputs[j] > outputs[i])
        found.append(Miss(key[0], a, b, kinds.get(key, ()), float(outputs[i]), rank, above))
    return found


def summary(missed: Sequence[Miss]) -> str:
    first = sum(1 for m in missed if m.rank == 1)
    deep = sum(1 for m in missed if m.above >= DEEP)
    return (
        f"{len(missed)} copies missed: {first} ranked first among their students' pairs, "
        f"{deep} with {DEEP} or more independent pairs of their exercise above them"
    )


def split_figures(
    classes: Sequence[str],
    size: int,
    fit_and_count: Callable[[Sequence[str], str], tuple[int, int, int, int]],
) -> str:
    """Fitted on every `size` of `classes`, measured on each class outside them: (found, copies,
    flagged, independent) summed over every split. Steadier than one split: a class's copiers differ."""
    found = copies = flagged = independent = splits = 0
    for train in itertools.combinations(classes, size):
        splits += 1
        for test in classes:
            if test not in train:
                f, c, fl, n = fit_and_count(train, test)
                found, copies, flagged, independent = found + f, copies + c, flagged + fl, independent + n
    return (
        f"fitted on each {size} of {','.join(classes)} ({splits} splits), measured on the others: "
        f"{found}/{copies} copies found ({100 * found / max(1, copies):.1f} %), "
        f"{flagged}/{independent} independent pairs flagged ({100 * flagged / max(1, independent):.2f} %)"
    )
