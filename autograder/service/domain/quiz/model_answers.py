"""When a student may read the quiz's model answers and explanations (and a choice question's
points, which tell which options are right): once no student of the assignment can submit any more,
or once a TA published them (`term/visibility.answers_visibility`).

The closing time is the latest of every roster student's own (their extension's late-until, else
due-at; without one, the assignment's), so an `immediately` assignment shows its grades at once
but its model answers only when the last student's uploads close. Publishing early is a TA's
command (`publish`), one audit entry (`answers_published`), which is also where the publication is
read from: the log is append-only, so a publication cannot be taken back silently. No score
changes, so the LMS hears nothing.
"""

from __future__ import annotations

import sqlalchemy as sa

from autograder.service.domain.course import audit, extensions
from autograder.service.domain.course.service_database import HoldsDatabase
from autograder.service.storage import db
from autograder.term.course import Assignment
from autograder.term.visibility import Visibility, answers_visibility, closing_time

PUBLISHED = "answers_published"


def published_at(conn: sa.Connection, assignment_id: str) -> float | None:
    a = db.audit_log.c
    return conn.execute(
        sa.select(sa.func.min(a.at)).where(a.action == PUBLISHED, a.assignment_id == assignment_id)
    ).scalar_one()


def closes_at(conn: sa.Connection, assignment: Assignment) -> float | None:
    """The last moment any roster student may still submit to the assignment (None: never closes)."""
    own = (assignment.due_at, assignment.late_until)
    granted = extensions.load(conn, assignment.id)
    students = [r.student_id for r in conn.execute(sa.select(db.students.c.student_id))]
    deadlines = [(granted[s].due_at, granted[s].late_until) if s in granted else own for s in students]
    return closing_time(deadlines or [own])


def visibility(service: HoldsDatabase, assignment: Assignment, now: float) -> Visibility:
    """Whether the model answers show now, and from when (`shown_from`: the closing time)."""
    with service.engine.connect() as conn:
        return answers_visibility(closes_at(conn, assignment), published_at(conn, assignment.id), now)


def publish(service: HoldsDatabase, assignment: Assignment, ta: str, now: float) -> bool:
    """Show the assignment's model answers to its students from now on, before submissions close
    (audited); False: they were published already."""
    with service.engine.begin() as conn:
        if published_at(conn, assignment.id) is not None:
            return False
        still_open = closes_at(conn, assignment)
        audit.record(
            conn,
            actor=ta,
            action=PUBLISHED,
            assignment_id=assignment.id,
            student_id=None,
            detail=f"quiz model answers of {assignment.id} published"
            + ("" if still_open is not None and now > still_open else " while students can still submit"),
            old=None,
            new={"answers": "published"},
            at=now,
        )
    return True


__all__ = ["PUBLISHED", "closes_at", "publish", "published_at", "visibility"]
