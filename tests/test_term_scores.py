"""The final score (raw total, late penalty, a TA's override) and the grade-visibility rule: plain
Python, no service."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pytest

from autograder.term.course import Assignment
from autograder.term.final_score import final_score
from autograder.term.visibility import grade_visibility

RELEASE = Path(__file__).resolve().parents[1] / "assignments" / "2026-fall"


@dataclass(frozen=True)
class Override:
    exercise_scores: dict[str, float] = field(default_factory=dict)
    total: float | None = None


def test_late_factor_gives_the_penalty_and_the_final_total() -> None:
    s = final_score(40.0, 0.9, None)
    assert (s.raw_total, s.override, s.final_total) == (40.0, None, 36.0)
    assert s.late_penalty == pytest.approx(4.0)
    on_time = final_score(40.0, 1.0, None)
    assert on_time.late_penalty == 0.0 and on_time.final_total == 40.0


def test_not_graded_has_no_score_and_no_penalty() -> None:
    s = final_score(None, 0.5, None)
    assert (s.raw_total, s.late_penalty, s.final_total) == (None, None, None)


def test_exercise_override_replaces_points_before_the_late_factor() -> None:
    s = final_score(30.0, 0.5, Override({"fusion": 10.0}), {"fusion": 0.0, "histogram": 10.0})
    assert s.raw_total == 40.0 and s.final_total == 20.0 and s.late_penalty == 20.0


def test_total_override_is_final_without_late_factor() -> None:
    s = final_score(30.0, 0.5, Override(total=33.0))
    assert s.override == 33.0 and s.final_total == 33.0 and s.late_penalty == 15.0
    assert final_score(None, 1.0, Override(total=12.0)).final_total == 12.0


def _assignment(visibility: str, due_at: float | None = 1000.0) -> Assignment:
    return Assignment("hw", "作业", RELEASE, ("histogram",), None, due_at, None, visibility=visibility)


@pytest.mark.parametrize(
    ("visibility", "student_due", "released", "now", "visible", "shown_from"),
    [
        ("immediately", None, None, 0.0, True, None),
        ("after_due", None, None, 999.0, False, 1000.0),
        ("after_due", None, None, 1001.0, True, 1000.0),
        ("after_due", 2000.0, None, 1500.0, False, 2000.0),  # an extension: the later due-at
        ("after_due", 2000.0, 1200.0, 1500.0, True, None),  # a TA's release opens it early
        ("on_release", None, None, 10**10, False, None),
        ("on_release", None, 5.0, 6.0, True, None),
    ],
)
def test_grade_visibility(
    visibility: str,
    student_due: float | None,
    released: float | None,
    now: float,
    visible: bool,
    shown_from: float | None,
) -> None:
    v = grade_visibility(_assignment(visibility), student_due, released, now)
    assert v.visible is visible
    if not visible:
        assert v.shown_from == shown_from
