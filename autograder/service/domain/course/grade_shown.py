"""Visibility that never moves backwards: a grade that has been visible to its student stays so.

Under `after_due` a grade shows once the student's own due date has passed (`term/visibility.py`).
An extension granted afterwards moves that due date into the future, which by the rule alone would
hide again a grade the student has already read. Before an extension changes a student's
deadlines (`extensions.py`, in its transaction), `keep_if_shown` records that the grade was
visible (`grade_shown`), and every visibility read counts such a student as visible.

Only a TA takes it back: un-releasing an assignment's grades (`grade_release.GradeRelease.unrelease`,
audited) removes the release and every such mark of the assignment.
"""

from __future__ import annotations

import sqlalchemy as sa

from autograder.service.domain.course import audit
from autograder.service.storage import db
from autograder.states import AttemptState
from autograder.term.course import Assignment
from autograder.term.visibility import grade_visibility


def kept(conn: sa.Connection, assignment_id: str) -> frozenset[str]:
    """The students whose grade of the assignment stays visible whatever their deadlines."""
    g = db.grade_shown.c
    return frozenset(conn.execute(sa.select(g.student_id).where(g.assignment_id == assignment_id)).scalars())


def is_kept(conn: sa.Connection, assignment_id: str, student_id: str) -> bool:
    g = db.grade_shown.c
    found = conn.execute(
        sa.select(g.student_id).where(g.assignment_id == assignment_id, g.student_id == student_id)
    ).first()
    return found is not None


def keep_if_shown(
    conn: sa.Connection,
    assignment: Assignment,
    student_id: str,
    due_at: float | None,
    *,
    actor: str,
    now: float,
) -> bool:
    """Before the student's deadlines change: when a graded attempt's grade is visible to them now
    (under `due_at`, their due date so far), record that it stays visible (audited). True: recorded."""
    if assignment.visibility == "immediately" or is_kept(conn, assignment.id, student_id):
        return False
    released = conn.execute(
        sa.select(db.grade_releases.c.released_at).where(db.grade_releases.c.assignment_id == assignment.id)
    ).scalar_one_or_none()
    if not grade_visibility(assignment, due_at, released, now).visible:
        return False
    a = db.attempts.c
    graded = conn.execute(
        sa.select(a.id).where(
            a.assignment_id == assignment.id, a.student_id == student_id, a.status == AttemptState.GRADED
        )
    ).first()
    if graded is None:  # nothing was there to see
        return False
    conn.execute(
        db.grade_shown.insert().values(
            assignment_id=assignment.id, student_id=student_id, shown_at=now, why="deadline_changed"
        )
    )
    audit.record(
        conn,
        actor=actor,
        action="grade_kept_shown",
        assignment_id=assignment.id,
        student_id=student_id,
        detail="the grade was visible before the deadline changed: it stays visible",
        old=None,
        new="visible",
        at=now,
    )
    return True


def clear(conn: sa.Connection, assignment_id: str) -> int:
    """Forget every mark of the assignment (a TA un-released its grades); returns how many."""
    return conn.execute(
        db.grade_shown.delete().where(db.grade_shown.c.assignment_id == assignment_id)
    ).rowcount
