"""Extensions as the service stores them, and what they change at once.

Granting or removing an extension rewrites the `late` flag of the student's attempts of that
assignment in the same transaction; the counted attempt and its late factor are computed on
every read from submission times (`term/counting.py`), so nothing else needs rewriting. Each
student's change is one audit entry (old -> new deadlines), in that transaction too.
"""

from __future__ import annotations

import sqlalchemy as sa

from autograder.service.domain.course import audit, grade_shown
from autograder.service.domain.course.service_database import HoldsDatabase
from autograder.service.records import iso
from autograder.service.storage import db
from autograder.term.counting import Deadlines, Extension, deadlines_for
from autograder.term.course import Assignment


def load(conn: sa.Connection, assignment_id: str) -> dict[str, Extension]:
    rows = conn.execute(sa.select(db.extensions).where(db.extensions.c.assignment_id == assignment_id))
    return {r.student_id: Extension(r.due_at, r.late_until) for r in rows}


def of_student(conn: sa.Connection, assignment_id: str, student_id: str) -> Extension | None:
    r = conn.execute(
        sa.select(db.extensions).where(
            db.extensions.c.assignment_id == assignment_id, db.extensions.c.student_id == student_id
        )
    ).first()
    return None if r is None else Extension(r.due_at, r.late_until)


def current(service: HoldsDatabase, assignment_id: str, student_id: str) -> Extension | None:
    """The student's extension of the assignment now (a query of its own, for pages and the API)."""
    with service.engine.connect() as conn:
        return of_student(conn, assignment_id, student_id)


def _relabel_late(conn: sa.Connection, assignment: Assignment, student_id: str, deadlines: Deadlines) -> None:
    mine = (db.attempts.c.assignment_id == assignment.id) & (db.attempts.c.student_id == student_id)
    if deadlines.due_at is None:
        conn.execute(db.attempts.update().where(mine).values(late=False))
        return
    conn.execute(db.attempts.update().where(mine).values(late=db.attempts.c.submitted_at > deadlines.due_at))


def grant(
    engine: sa.Engine, assignment: Assignment, student_id: str, ext: Extension, by: str, now: float
) -> None:
    """Set (or replace) the student's extension. Raises KeyError for an unknown student."""
    grant_many(engine, assignment, {student_id: ext}, by, now)


def grant_many(
    engine: sa.Engine, assignment: Assignment, granted: dict[str, Extension], by: str, now: float
) -> None:
    """Set these students' extensions in one transaction: all or none. Raises KeyError naming the
    first unknown student (nothing applied)."""
    with engine.begin() as conn:
        grant_many_in(conn, assignment, granted, by, now)


def grant_many_in(
    conn: sa.Connection, assignment: Assignment, granted: dict[str, Extension], by: str, now: float
) -> None:
    """`grant_many` inside the caller's transaction (`extension_commands` adds the LMS score)."""
    known = {r.student_id for r in conn.execute(sa.select(db.students.c.student_id))}
    unknown = [sid for sid in granted if sid not in known]
    if unknown:
        raise KeyError(unknown[0])
    for student_id, ext in granted.items():
        _put(conn, assignment, student_id, ext, by, now)


def _deadlines_json(ext: Extension | None) -> dict[str, str | None] | None:
    if ext is None:
        return None
    return {"due_at": iso(ext.due_at), "late_until": None if ext.late_until is None else iso(ext.late_until)}


def _put(
    conn: sa.Connection, assignment: Assignment, student_id: str, ext: Extension, by: str, now: float
) -> None:
    before = of_student(conn, assignment.id, student_id)
    # a grade the student could already see stays visible under the later due date (grade_shown.py)
    due_so_far = deadlines_for(assignment, before).due_at
    grade_shown.keep_if_shown(conn, assignment, student_id, due_so_far, actor=by, now=now)
    key = (db.extensions.c.assignment_id == assignment.id) & (db.extensions.c.student_id == student_id)
    values = {"due_at": ext.due_at, "late_until": ext.late_until, "granted_by": by, "granted_at": now}
    if conn.execute(db.extensions.update().where(key).values(**values)).rowcount == 0:
        conn.execute(
            db.extensions.insert().values(assignment_id=assignment.id, student_id=student_id, **values)
        )
    _relabel_late(conn, assignment, student_id, deadlines_for(assignment, ext))
    audit.record(
        conn,
        actor=by,
        action="extension",
        assignment_id=assignment.id,
        student_id=student_id,
        detail="extension granted" if before is None else "extension changed",
        old=_deadlines_json(before),
        new=_deadlines_json(ext),
        at=now,
    )


def revoke(engine: sa.Engine, assignment: Assignment, student_id: str, by: str, now: float) -> bool:
    """Remove the student's extension (False: there was none)."""
    with engine.begin() as conn:
        return revoke_in(conn, assignment, student_id, by, now)


def revoke_in(conn: sa.Connection, assignment: Assignment, student_id: str, by: str, now: float) -> bool:
    """`revoke` inside the caller's transaction (`extension_commands` adds the LMS score)."""
    before = of_student(conn, assignment.id, student_id)
    key = (db.extensions.c.assignment_id == assignment.id) & (db.extensions.c.student_id == student_id)
    if conn.execute(db.extensions.delete().where(key)).rowcount == 0:
        return False
    _relabel_late(conn, assignment, student_id, deadlines_for(assignment, None))
    audit.record(
        conn,
        actor=by,
        action="extension_removed",
        assignment_id=assignment.id,
        student_id=student_id,
        detail="extension removed",
        old=_deadlines_json(before),
        new=None,
        at=now,
    )
    return True
