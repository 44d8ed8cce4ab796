"""Made-up StudentResults and gradebook rows for the report renderers (grades.csv, feedback, TA report)."""

from __future__ import annotations

from autograder.exercises import EXERCISE_IDS
from autograder.exercises.base import ExerciseScore
from autograder.exercises.base import TestResult as Check
from autograder.grade import reports
from autograder.grade.gradebook import SubmissionRow
from autograder.model import Phase, StudentResult


def result(
    sid: str,
    *,
    total_per_ex: float = 7.5,
    status: str = "ok",
    output: str = "最大误差 1e-3",
    skipped: tuple[str, ...] = (),
    flags: tuple[str, ...] = (),
    messages: tuple[str, ...] = (),
) -> StudentResult:
    scores = {}
    for ex in EXERCISE_IDS:
        if ex in skipped:
            scores[ex] = ExerciseScore(ex, 0.0, 0.0, (), "skipped", "")
            continue
        tests = (
            Check(f"{ex}: value", total_per_ex, 7.5, "数值正确:通过", True),
            Check(f"{ex}: grad", 0.0, 2.5, f"梯度:未通过。{output}", False),
        )
        scores[ex] = ExerciseScore(ex, total_per_ex, 10.0, tests, "ok", "")
    phases = (
        Phase("intake", 0.0, 0.25, "ok"),
        Phase("ch05/child#1", 1.0, 30.5, "ok"),
        Phase("ch05/child#2", 40.0, 2.0, "timeout"),
    )
    return StudentResult(sid, "h", "2026-fall", scores, status, phases, messages, flags)


def row(
    sid: str, state: str = "graded", status: str | None = "ok", error: str | None = None
) -> SubmissionRow:
    return SubmissionRow(
        sid,
        reports.printable(sid).replace("/", "_") or "x",
        "h",
        "2026-fall",
        "all",
        state,
        1.0,
        2.0,
        3.0,
        4.0,
        status,
        60.0,
        80.0,
        (),
        (),
        error,
    )


def grow(sid: str, **kw: object) -> reports.GradeRow:
    return reports.GradeRow(row(sid), result(sid, **kw))  # type: ignore[arg-type]
