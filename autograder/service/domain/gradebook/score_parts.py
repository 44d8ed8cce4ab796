"""A grade record's total with its parts beside it, as every page shows it (issue 42).

    parts_of(record, choice_max=..., written_max=...) -> ScoreParts

The ledger (`ledger.py` with `quiz_ledger.py`) computes every number; this only names them so that
a reader sees how the final total is made of its parts:

    final_total = (override_total, or exercises × factor) + (choice + written) × factor

`exercises` is the exercise points after the TA's exercise overrides (the record's `raw_total`),
`choice`/`written` the quiz's points before the late factor, `quiz_points` after it. The maximum
(`max_total`) includes the quiz's whenever the quiz counts. No number here is computed twice: the
quiz's late share is `quiz_raw - quiz_points`, both the ledger's.
"""

from __future__ import annotations

from dataclasses import dataclass

from autograder.service.domain.gradebook.grade_record import GradeRecord


@dataclass(frozen=True)
class ScoreParts:
    exercises: float | None  # the exercise points after exercise overrides; None: not graded
    exercises_max: float
    quiz_on: bool  # the assignment's quiz counts (its parts below are 0/None otherwise)
    choice: float | None  # the quiz's choice points, before the late factor
    choice_max: float
    written: float | None  # the quiz's graded written points, before the late factor
    written_max: float
    quiz_points: float | None  # (choice + written) × factor, as the final total adds it
    quiz_max: float
    quiz_pending: int  # written answers not graded yet
    factor: float  # the late factor
    late_penalty: float | None  # points the late factor took, exercises and quiz together
    override_total: float | None  # a TA's total override: it replaces exercises × factor
    final_total: float | None
    max_total: float  # exercises_max + quiz_max

    @property
    def quiz_raw(self) -> float | None:
        if self.choice is None and self.written is None:
            return None
        return (self.choice or 0.0) + (self.written or 0.0)


def parts_of(record: GradeRecord, *, choice_max: float = 0.0, written_max: float = 0.0) -> ScoreParts:
    """The record's parts (`choice_max`/`written_max`: the assignment's quiz questions' points by
    kind, `quiz_ledger.questions_of`)."""
    quiz_on = record.quiz_points is not None or record.quiz_max > 0
    penalty = record.late_penalty
    quiz_raw = None
    if record.quiz_choice is not None:
        quiz_raw = record.quiz_choice + (record.quiz_written or 0.0)
    if penalty is not None and quiz_raw is not None and record.quiz_points is not None:
        penalty = penalty + (quiz_raw - record.quiz_points)
    if record.override_total is not None:  # the override stands for the exercises after lateness
        penalty = 0.0 if quiz_raw is None or record.quiz_points is None else quiz_raw - record.quiz_points
    return ScoreParts(
        exercises=record.raw_total,
        exercises_max=record.max_total - record.quiz_max,
        quiz_on=quiz_on,
        choice=record.quiz_choice,
        choice_max=choice_max,
        written=record.quiz_written,
        written_max=written_max,
        quiz_points=record.quiz_points,
        quiz_max=record.quiz_max,
        quiz_pending=record.quiz_pending,
        factor=record.factor,
        late_penalty=penalty,
        override_total=record.override_total,
        final_total=record.final_total,
        max_total=record.max_total,
    )


__all__ = ["ScoreParts", "parts_of"]
