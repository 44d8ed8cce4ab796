"""A student's final score for one assignment: raw total, late penalty, a TA's override, final total.

    final_score(raw_total, late_factor, override) -> FinalScore

- `override` None: final = raw * factor; the penalty is raw - final.
- `override.exercise_scores` replaces those exercises' points in the raw total (before the late
  factor: a corrected exercise is as late as the attempt it corrects).
- `override.total` (not None) is the final total, after everything: no late factor applies to it,
  and the penalty shown is the one of the (possibly corrected) raw total, for the record.

The raw total's per-exercise points come with the override call (`exercise_points`), since only the
graded attempt knows them; without per-exercise points an exercise override is added as a delta of
0 (nothing to replace), which the caller avoids by passing them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol


class Override(Protocol):
    """What an override store hands back (the shape is agreed between the term's parts)."""

    @property
    def exercise_scores(self) -> Mapping[str, float]: ...

    @property
    def total(self) -> float | None: ...


@dataclass(frozen=True)
class FinalScore:
    raw_total: float | None  # the counted attempt's own total (after exercise overrides); None: not graded
    late_penalty: float | None  # points taken for lateness; None: not graded
    override: float | None  # the TA's final total, when one is set
    final_total: float | None  # what the gradebook gets; None: nothing to count yet


def _corrected_raw(
    raw_total: float, exercise_points: Mapping[str, float | None], override: Override | None
) -> float:
    if override is None or not override.exercise_scores:
        return raw_total
    delta = sum(new - (exercise_points.get(ex) or 0.0) for ex, new in override.exercise_scores.items())
    return raw_total + delta


def final_score(
    raw_total: float | None,
    late_factor: float,
    override: Override | None,
    exercise_points: Mapping[str, float | None] | None = None,
) -> FinalScore:
    """The final score of a counted attempt (`raw_total` None: not graded, or no attempt)."""
    total_override = override.total if override is not None else None
    if raw_total is None:
        return FinalScore(None, None, total_override, total_override)
    raw = _corrected_raw(raw_total, exercise_points or {}, override)
    late = raw * late_factor
    final = total_override if total_override is not None else late
    return FinalScore(raw, raw - late, total_override, final)
