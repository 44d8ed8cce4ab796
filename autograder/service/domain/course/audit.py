"""The audit log: every change to a grade or a deadline, append-only (#22).

`record` is called by the code that makes the change, with the change's own connection, so the
entry is committed or rolled back with it: no change without its entry, no entry without its
change. There is no function here (or anywhere) that updates or deletes an entry, and the
database refuses to (triggers of `db.AUDIT_APPEND_ONLY_DDL`).

An entry says who (`actor`: a TA's name, "student:<id>" for a student's own upload, "system" for
the grading workers and the service's start-up), when, what (`action` and an English `detail`),
for which assignment, student and attempt, and the value before and after (`old`, `new`: plain
JSON, None when there was nothing before or after).

Reading: `entries()` for everything (TAs) or one student's (the student sees only theirs);
`to_csv()` for the export, safe against CSV injection like the other exports.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from autograder.grade.reports import neutralize_cell
from autograder.service.records import iso
from autograder.service.storage import db

ACTIONS = (
    "upload",  # a student's new attempt (it may become the counted one)
    "grading",  # a worker recorded an attempt's score (first grading or after a regrade)
    "regrade",  # a TA queued a student's attempts again
    "override",  # a TA set an exercise's or the total's score
    "override_removed",
    "override_carried",  # a TA made overrides of an earlier attempt count on the counted one (ledger.py)
    "extension",  # a TA gave a student their own due-at / late-until
    "extension_removed",
    "policy",  # the assignment's deadlines or counting rule changed
    "publish",  # a TA released an assignment's grades (its visibility rule)
    "regrade_run",  # a regrade of the assignment under another release started (candidates only)
    "regrade_publish",  # a regrade run's new result replaced an attempt's published one
    "regrade_run_cancelled",  # a regrade run closed without publishing
    # the quiz (rubric_grading.py): turned on, a written answer graded, a rubric item edited (with the
    # answers it re-scored), the names of a question's answers shown on the anonymous grading page
    "quiz_enabled",
    "rubric_grade",
    "rubric_item",
    "names_shown",
    "answers_published",  # a TA showed the quiz's model answers before submissions closed (model_answers.py)
    "lti_link",  # an LMS user (sub) of a platform was linked to the student's account (lti/links.py)
    "release_moved",  # a published regrade run made its release the assignment's (release_moves.py)
    "unpublish",  # a TA un-released an assignment's grades: hidden again, seen marks cleared
    "grade_kept_shown",  # an extension came after the student's grade was visible: it stays so
    # a TA commented on lines of an attempt, edited or deleted such a comment (line_comments.py)
    "line_comment",
    "line_comment_edited",
    "line_comment_deleted",
    "line_comment_carried",  # an earlier attempt's comment carried to a later one (line_comment_carry.py)
)
SYSTEM = "system"


def student_actor(student_id: str) -> str:
    return f"student:{student_id}"


@dataclass(frozen=True)
class Entry:
    id: int
    at: float
    actor: str
    action: str
    assignment_id: str | None
    student_id: str | None
    attempt_id: int | None
    detail: str
    old: Any
    new: Any

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "at": iso(self.at),
            "actor": self.actor,
            "action": self.action,
            "assignment_id": self.assignment_id,
            "student_id": self.student_id,
            "attempt_id": self.attempt_id,
            "detail": self.detail,
            "old": self.old,
            "new": self.new,
        }


def _json(value: Any) -> str | None:
    return None if value is None else json.dumps(value, sort_keys=True, ensure_ascii=False)


def record(
    conn: sa.Connection,
    *,
    actor: str,
    action: str,
    assignment_id: str | None,
    student_id: str | None,
    detail: str,
    old: Any,
    new: Any,
    attempt_id: int | None = None,
    at: float,
) -> None:
    """Append one entry in the caller's transaction (`conn` inside `engine.begin()`)."""
    if action not in ACTIONS:
        raise ValueError(f"unknown audit action {action!r}")
    if not actor:
        raise ValueError("an audit entry needs an actor")
    conn.execute(
        db.audit_log.insert().values(
            at=at,
            actor=actor,
            action=action,
            assignment_id=assignment_id,
            student_id=student_id,
            attempt_id=attempt_id,
            detail=detail,
            old=_json(old),
            new=_json(new),
        )
    )


def _entry(row: Any) -> Entry:
    return Entry(
        id=row.id,
        at=row.at,
        actor=row.actor,
        action=row.action,
        assignment_id=row.assignment_id,
        student_id=row.student_id,
        attempt_id=row.attempt_id,
        detail=row.detail,
        old=None if row.old is None else json.loads(row.old),
        new=None if row.new is None else json.loads(row.new),
    )


def entries(
    engine: sa.Engine, *, student_id: str | None = None, after_id: int = 0, limit: int | None = None
) -> list[Entry]:
    """Entries in the order they were written; only `student_id`'s when given (a student's view)."""
    t = db.audit_log.c
    query = sa.select(db.audit_log).where(t.id > after_id).order_by(t.id)
    if student_id is not None:
        query = query.where(t.student_id == student_id)
    if limit is not None:
        query = query.limit(limit)
    with engine.connect() as conn:
        return [_entry(r) for r in conn.execute(query)]


CSV_COLUMNS = (
    "id",
    "at",
    "actor",
    "action",
    "assignment_id",
    "student_id",
    "attempt_id",
    "detail",
    "old",
    "new",
)


def to_csv(rows: Iterable[Entry]) -> str:
    """The log as CSV; every text cell goes through `neutralize_cell` (no formula reaches a sheet)."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(CSV_COLUMNS)
    for e in rows:
        cells = [
            str(e.id),
            iso(e.at),
            e.actor,
            e.action,
            e.assignment_id or "",
            e.student_id or "",
            "" if e.attempt_id is None else str(e.attempt_id),
            e.detail,
            _json(e.old) or "",
            _json(e.new) or "",
        ]
        w.writerow([neutralize_cell(c) for c in cells])
    return buf.getvalue()
