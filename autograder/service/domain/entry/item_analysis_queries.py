"""What the item analysis page (`GET /ta/items`, web/items_page.py) reads, as plain data: the page
draws the charts from these and opens no connection of its own.

    counted_graded(service, assignment_id) -> [item_stats.Graded]   each roster student's counted
                                                                    attempt, if it is graded
    run_graded(service, run_id) -> [item_stats.Graded]              a regrade run's counted candidates
    quiz_question_stats(service, assignment, records) -> [QuestionStats] (quiz on)
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

import sqlalchemy as sa

from autograder.service.domain.core import Service
from autograder.service.domain.course.attempt_reads import points_of
from autograder.service.domain.gradebook import item_stats, quiz_export
from autograder.service.domain.gradebook.grade_record import GradeRecord
from autograder.service.domain.quiz import quiz_item_stats
from autograder.service.storage import db
from autograder.states import AttemptState
from autograder.term.course import Assignment


def _graded(row: Any, points: Mapping[str, float | None]) -> item_stats.Graded:
    return item_stats.Graded(
        student_id=row.student_id,
        total=float(row.score or 0.0),
        subchecks={k: bool(v) for k, v in json.loads(row.subchecks or "{}").items()},
        exercises=points,
    )


def counted_graded(service: Service, assignment_id: str) -> list[item_stats.Graded]:
    """Each roster student's counted attempt of the assignment, if it is graded, with its points."""
    by = service.attempt_reads.rows_by_student(assignment_id)
    counted = [
        service.counting.counted_row(by.get(s.student_id, []), assignment_id)
        for s in service.identity.students()
    ]
    graded = [row for row in counted if row is not None and row.status == AttemptState.GRADED]
    with service.engine.connect() as conn:
        points = points_of(conn, [row.id for row in graded])
    return [_graded(row, points.get(row.id, {})) for row in graded]


def run_graded(service: Service, run_id: int) -> list[item_stats.Graded]:
    """The graded candidates of a regrade run (its counted ones when the run covers all attempts)."""
    r = db.regrade_results.c
    with service.engine.connect() as conn:
        rows = conn.execute(
            sa.select(db.regrade_results).where(r.run_id == run_id, r.status == AttemptState.GRADED)
        ).all()
    return [_graded(x, json.loads(x.exercises or "{}")) for x in rows if x.counted]


def quiz_question_stats(
    service: Service, assignment: Assignment, records: Sequence[GradeRecord]
) -> list[quiz_item_stats.QuestionStats]:
    """The quiz questions' difficulty and discrimination against these records' final totals
    ([] while the quiz is off)."""
    with service.engine.connect() as conn:
        return quiz_export.item_stats(conn, assignment, service.releases.chapters(assignment), records)


__all__ = ["counted_graded", "quiz_question_stats", "run_graded"]
