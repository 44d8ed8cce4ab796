"""Score overrides: a TA's own points for one exercise, or for the total, of a student's assignment.

An override belongs to (assignment, student, target), target an exercise id or "total", and is kept
apart from the attempts: regrading rewrites the attempt's scores and the override still stands,
until a TA removes it. Setting or removing one requires a comment (the student sees it next to
the score) and writes its audit entry in the same transaction.

`current()` is what the final score reads (`term/final_score.py`): an `Override` whose
`exercise_scores` replace those exercises' points in the raw total (before the late factor) and
whose `total` is the final total (after everything, no late factor on it). `apply()` is this
module's own reading of those rules, used by the views until they read the final score.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import sqlalchemy as sa

from autograder.service.domain.course import audit
from autograder.service.records import iso
from autograder.service.storage import db

TOTAL = "total"
MAX_COMMENT_CHARS = 2000


@dataclass(frozen=True)
class Entry:
    target: str  # an exercise id, or TOTAL
    points: float
    comment: str
    set_by: str
    set_at: float
    attempt_id: int | None

    def to_json(self) -> dict[str, Any]:
        return {
            "target": self.target,
            "points": self.points,
            "comment": self.comment,
            "set_by": self.set_by,
            "set_at": iso(self.set_at),
            "attempt_id": self.attempt_id,
        }


@dataclass(frozen=True)
class Override:
    exercise_scores: Mapping[str, float]
    total: float | None
    entries: tuple[Entry, ...] = field(default=())  # with comments, for the views

    def comment(self, target: str) -> str | None:
        return next((e.comment for e in self.entries if e.target == target), None)


class OverrideError(ValueError):
    """A request the store refuses (the message is English, for the API)."""


def _key(assignment_id: str, student_id: str) -> Any:
    o = db.overrides.c
    return (o.assignment_id == assignment_id) & (o.student_id == student_id)


def current(conn: sa.Connection, assignment_id: str, student_id: str) -> Override | None:
    """The student's override for the assignment, or None when a TA set none."""
    rows = conn.execute(
        sa.select(db.overrides).where(_key(assignment_id, student_id)).order_by(db.overrides.c.target)
    ).all()
    if not rows:
        return None
    entries = tuple(Entry(r.target, r.points, r.comment, r.set_by, r.set_at, r.attempt_id) for r in rows)
    return Override(
        exercise_scores={e.target: e.points for e in entries if e.target != TOTAL},
        total=next((e.points for e in entries if e.target == TOTAL), None),
        entries=entries,
    )


def all_current(conn: sa.Connection, assignment_id: str) -> dict[str, Override]:
    """Student id -> override, for every student of the assignment that has one."""
    students = conn.execute(
        sa.select(db.overrides.c.student_id).where(db.overrides.c.assignment_id == assignment_id).distinct()
    ).scalars()
    found = {sid: current(conn, assignment_id, sid) for sid in students}
    return {sid: o for sid, o in found.items() if o is not None}


def _checked(target: str, points: float, comment: str, max_points: Mapping[str, float]) -> str:
    if target != TOTAL and target not in max_points:
        raise OverrideError(f"no exercise {target!r} (or {TOTAL!r})")
    top = sum(max_points.values()) if target == TOTAL else max_points[target]
    if not (0 <= points <= top):
        raise OverrideError(f"points must be between 0 and {top:g}")
    comment = comment.strip()
    if not comment:
        raise OverrideError("a comment is required (the student sees it)")
    if len(comment) > MAX_COMMENT_CHARS:
        raise OverrideError(f"the comment is longer than {MAX_COMMENT_CHARS} characters")
    return comment


def put(
    conn: sa.Connection,
    *,
    assignment_id: str,
    student_id: str,
    target: str,
    points: float,
    comment: str,
    attempt_id: int | None,
    actor: str,
    now: float,
    max_points: Mapping[str, float],
) -> None:
    """Set (or replace) one override, with its audit entry, in the caller's transaction.
    Raises OverrideError for an unknown target, points out of range or no comment."""
    comment = _checked(target, points, comment, max_points)
    key = _key(assignment_id, student_id) & (db.overrides.c.target == target)
    before = conn.execute(sa.select(db.overrides).where(key)).first()
    values = {"points": float(points), "comment": comment, "attempt_id": attempt_id, "set_by": actor}
    if before is None:
        conn.execute(
            db.overrides.insert().values(
                assignment_id=assignment_id, student_id=student_id, target=target, set_at=now, **values
            )
        )
    else:
        conn.execute(db.overrides.update().where(key).values(set_at=now, **values))
    audit.record(
        conn,
        actor=actor,
        action="override",
        assignment_id=assignment_id,
        student_id=student_id,
        attempt_id=attempt_id,
        detail=f"override of {target}: {comment}",
        old=None
        if before is None
        else {"target": target, "points": before.points, "comment": before.comment},
        new={"target": target, "points": float(points), "comment": comment},
        at=now,
    )


def remove(
    conn: sa.Connection, *, assignment_id: str, student_id: str, target: str, actor: str, now: float
) -> bool:
    """Remove one override (False: there was none), with its audit entry."""
    key = _key(assignment_id, student_id) & (db.overrides.c.target == target)
    before = conn.execute(sa.select(db.overrides).where(key)).first()
    if before is None:
        return False
    conn.execute(db.overrides.delete().where(key))
    audit.record(
        conn,
        actor=actor,
        action="override_removed",
        assignment_id=assignment_id,
        student_id=student_id,
        attempt_id=before.attempt_id,
        detail=f"override of {target} removed",
        old={"target": target, "points": before.points, "comment": before.comment},
        new=None,
        at=now,
    )
    return True


@dataclass(frozen=True)
class Applied:
    exercises: dict[str, float | None]  # the exercise scores with the overridden ones replaced
    raw_total: float | None  # their sum (None: not graded and no exercise override covers it)
    total: float | None  # the total override if any, else raw_total


def apply(exercises: Mapping[str, float | None] | None, override: Override | None) -> Applied:
    """The scores with an override applied (no late factor: grades.csv and the pages show raw
    scores on this branch; the final score with the late factor is `term/final_score.py`'s)."""
    scores: dict[str, float | None] = dict(exercises or {})
    if override is not None:
        scores.update(override.exercise_scores)
    graded = exercises is not None
    raw = sum(v for v in scores.values() if v is not None) if graded else None
    total = override.total if override is not None and override.total is not None else raw
    return Applied(scores, raw, total)
