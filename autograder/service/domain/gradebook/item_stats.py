"""Item analysis of graded attempts: plain numbers in, plain numbers out (no database, no web).

For every sub-check ("<exercise>: <sub-check>", as the gradebook names the tests):

- difficulty: the share of attempts that passed it (classical test theory's p value);
- discrimination: the point-biserial correlation between passing it (0/1) and the attempt's total
  score, i.e. Pearson's r of the two (`numpy.corrcoef`). A sound check is passed more often by
  students who score well overall, so r is clearly positive. A check that correct work fails and
  weak work passes (r < 0), or that has nothing to do with the rest (r near 0), may be broken.

The total includes the sub-check's own points, which adds a little to r for every check alike; with
the small weight of one sub-check in a total over eight exercises that is accepted (and the issue's
definition) rather than the item-rest variant. A check passed by everyone or by no one has no
discrimination (r undefined); "no one passed" is flagged, as a check that fails everything is the
other shape a broken check takes, but only in an exercise where some other sub-check was passed: an
exercise nobody has reached yet (a chapter nobody submitted) fails all its checks for that reason
alone, and is listed apart (`unreached`). Correlations over few attempts are noise: `MIN_N` and the
page say so.

Per recompile variant (each student predicts the compiles of their own call sequence): the share of
attempts with full points on `recompile`, to show whether one sequence is harder than the others.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

NEAR_ZERO = 0.1  # |r| below this: "near-zero discrimination"
MIN_N = 10  # below this many attempts the page warns that r is noise


@dataclass(frozen=True)
class Graded:
    """One graded attempt as item analysis needs it."""

    student_id: str
    total: float
    subchecks: Mapping[str, bool]  # "<exercise>: <sub-check>" -> passed
    exercises: Mapping[str, float | None]  # exercise -> score (None: not graded)


@dataclass(frozen=True)
class Item:
    name: str  # "<exercise>: <sub-check>"
    n: int
    passed: int
    discrimination: float | None  # point-biserial r; None when everyone (or no one) passed
    flag: str | None  # why the check may be broken, or None

    @property
    def exercise(self) -> str:
        return _exercise(self.name)

    @property
    def difficulty(self) -> float:
        return self.passed / self.n if self.n else 0.0


@dataclass(frozen=True)
class VariantRate:
    variant: int
    n: int
    full: int  # attempts with full points on the exercise

    @property
    def rate(self) -> float:
        return self.full / self.n if self.n else 0.0


def point_biserial(passed: Sequence[bool], totals: Sequence[float]) -> float | None:
    """Pearson's r between 0/1 `passed` and `totals`; None when either has no variance."""
    x = np.asarray(passed, dtype=float)
    y = np.asarray(totals, dtype=float)
    if len(x) < 2 or np.ptp(x) == 0 or np.ptp(y) == 0:
        return None
    return float(np.corrcoef(x, y)[0, 1])


def _flag(item_passed: int, n: int, r: float | None, reached: bool) -> str | None:
    if n and item_passed == 0:
        return "no attempt passed it" if reached else None
    if r is None:
        return None
    if r < 0:
        return "negative discrimination"
    if r < NEAR_ZERO:
        return "near-zero discrimination"
    return None


def items(graded: Sequence[Graded]) -> list[Item]:
    """Every sub-check met in `graded`, each over the attempts that report it, sorted by name."""
    names = sorted({name for g in graded for name in g.subchecks})
    reached = {_exercise(name) for g in graded for name, ok in g.subchecks.items() if ok}
    out = []
    for name in names:
        having = [g for g in graded if name in g.subchecks]
        passed = [bool(g.subchecks[name]) for g in having]
        r = point_biserial(passed, [g.total for g in having])
        flag = _flag(sum(passed), len(having), r, _exercise(name) in reached)
        out.append(Item(name, len(having), sum(passed), r, flag))
    return out


def unreached(graded: Sequence[Graded]) -> list[str]:
    """Exercises none of whose sub-checks any attempt passed (not flagged check by check)."""
    names = {_exercise(name) for g in graded for name in g.subchecks}
    passed = {_exercise(name) for g in graded for name, ok in g.subchecks.items() if ok}
    return sorted(names - passed)


def _exercise(name: str) -> str:
    return name.split(":", 1)[0]


def variant_rates(
    graded: Sequence[Graded], variant_of: Mapping[str, int], exercise: str, full_points: float
) -> list[VariantRate]:
    """Per variant (student id -> variant), how many attempts got full points on `exercise`."""
    counts: dict[int, list[bool]] = {}
    for g in graded:
        score = g.exercises.get(exercise)
        if g.student_id in variant_of and score is not None:
            counts.setdefault(variant_of[g.student_id], []).append(score >= full_points - 1e-9)
    return [VariantRate(v, len(f), sum(f)) for v, f in sorted(counts.items())]
