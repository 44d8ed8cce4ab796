"""A student's grade of an assignment as the gradebook of record (`ledger.py`) computed it.

The ledger builds it and `quiz_ledger.py` adds the quiz's share; the record lives apart from both
so that neither imports the other for its type (the service has no import cycle,
`tests/test_import_layers.py`). See `ledger.py`'s docstring for what each field means to a reader.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from autograder.service.domain.gradebook import overrides
from autograder.states import AttemptState


@dataclass(frozen=True)
class GradeRecord:
    assignment_id: str
    student_id: str
    attempt_id: int | None  # the counted attempt's database id (internal); None: no attempt counts
    attempt_number: int | None  # its number among the student's attempts of the assignment, from 1
    attempts: int  # how many attempts the student uploaded to the assignment
    state: str  # the counted attempt's state, or "not_submitted"
    grade_status: str | None  # the graded attempt's status, about the assignment's own chapters only
    late: bool
    factor: float  # the late factor (1.0 on time, or without an attempt)
    points_possible: Mapping[str, float]  # the assignment's exercises -> their points
    raw_exercises: Mapping[str, float | None]  # the attempt's own points (empty: not graded)
    exercises: Mapping[str, float | None]  # with the bound exercise overrides applied
    overrides: tuple[overrides.Entry, ...]  # the overrides that count (bound to this attempt)
    set_aside: tuple[overrides.Entry, ...]  # overrides made on another attempt: shown, not counted
    raw_total: float | None  # the attempt's total after exercise overrides; None: not graded
    late_penalty: float | None
    override_total: float | None  # a TA's total override, when one counts
    final_total: float | None  # what the gradebook keeps; None: nothing to count yet
    max_total: float  # points possible: the graded attempt's own maximum when it was graded on the
    # assignment's whole release (a regrade run under changed points moves it), else the assignment's
    visible: bool  # whether the student may see the grade now
    shown_from: float | None = None  # when it becomes visible while hidden (None: on release)
    hidden: bool = field(default=False)  # True: this is the student's view of a hidden grade
    # ---- the quiz's share (quiz_ledger.py joins it; all 0/None while the assignment's quiz is off):
    # `final_total` and `max_total` above include `quiz_points` and `quiz_max`
    quiz_points: float | None = None  # the counted attempt's quiz points (late factor applied)
    quiz_choice: float | None = None  # its choice questions' points, before the late factor
    quiz_written: float | None = None  # its graded written answers' points, before the late factor
    quiz_max: float = 0.0
    quiz_pending: int = 0  # written answers not graded yet: the grade is incomplete

    @property
    def graded(self) -> bool:
        return self.state == AttemptState.GRADED and not self.hidden

    @property
    def submitted(self) -> bool:
        return self.attempts > 0

    def for_student(self) -> GradeRecord:
        """What the student may read now: everything while visible; while hidden, that they
        submitted and how many times, and nothing that is or ranks a score."""
        if self.visible:
            return self
        return replace(
            self, attempt_id=None, attempt_number=None, grade_status=None, late=False, factor=1.0,
            raw_exercises={}, exercises={}, overrides=(), set_aside=(), raw_total=None,
            late_penalty=None, override_total=None, final_total=None, hidden=True,
            quiz_points=None, quiz_choice=None, quiz_written=None, quiz_pending=0,
        )  # fmt: skip

    def to_json(self) -> dict[str, Any]:
        return {
            "assignment_id": self.assignment_id,
            "student_id": self.student_id,
            "attempt_number": self.attempt_number,
            "attempts": self.attempts,
            "state": self.state,
            "late": self.late,
            "factor": self.factor,
            "exercises": dict(self.exercises),
            "raw_total": self.raw_total,
            "late_penalty": self.late_penalty,
            "override_total": self.override_total,
            "final_total": self.final_total,
            "max_total": self.max_total,
            "points_possible": dict(self.points_possible),
            "overrides": [e.to_json() for e in self.overrides],
            "set_aside_overrides": [e.to_json() for e in self.set_aside],
            "grades_hidden": self.hidden,
            "quiz_points": self.quiz_points,
            "quiz_choice": self.quiz_choice,
            "quiz_written": self.quiz_written,
            "quiz_max": self.quiz_max,
            "quiz_pending": self.quiz_pending,
        }
