"""An assignment's release after a published regrade run: the run's release grades from then on.

A regrade run grades an assignment's attempts under another release (`regrade_runs.py`). Once it
is published, that release is the assignment's: later uploads are graded under it, its points are
the points possible (pages, CSVs, Canvas/Moodle, LTI AGS), and the regrade page names it. The move
is written in the publish transaction, into the `assignments` row (what every reader of the
assignment reads) and `release_moves` (which run moved it, and what the course file named then).

A service restart writes the course file's settings into the rows again (`assignments.store`): it
keeps a moved release while the course file still names the release the move replaced, and drops
the move once the course file names another release (the instructor's later choice wins).
"""

from __future__ import annotations

from dataclasses import dataclass

import sqlalchemy as sa

from autograder.service.domain.course import audit
from autograder.service.storage import db


@dataclass(frozen=True)
class Move:
    assignment_id: str
    release: str  # the release folder that grades the assignment now
    release_version: str
    course_release: str  # what the course file named when the run moved it
    run_id: int
    moved_by: str
    moved_at: float


def of(conn: sa.Connection, assignment_id: str) -> Move | None:
    m = db.release_moves.c
    r = conn.execute(sa.select(db.release_moves).where(m.assignment_id == assignment_id)).first()
    return None if r is None else Move(*(getattr(r, c.name) for c in db.release_moves.columns))


def move(
    conn: sa.Connection,
    *,
    assignment_id: str,
    release: str,
    version: str,
    run_id: int,
    actor: str,
    now: float,
) -> bool:
    """Make `release` the assignment's (in the caller's transaction, audited); False when it
    already was."""
    a = db.assignments.c
    current = conn.execute(sa.select(a.release).where(a.id == assignment_id)).scalar_one()
    if current == release:
        return False
    before = of(conn, assignment_id)
    course_release = before.course_release if before is not None else current
    conn.execute(db.release_moves.delete().where(db.release_moves.c.assignment_id == assignment_id))
    conn.execute(
        db.release_moves.insert().values(
            assignment_id=assignment_id, release=release, release_version=version,
            course_release=course_release, run_id=run_id, moved_by=actor, moved_at=now,
        )
    )  # fmt: skip
    conn.execute(db.assignments.update().where(a.id == assignment_id).values(release=release))
    audit.record(
        conn,
        actor=actor,
        action="release_moved",
        assignment_id=assignment_id,
        student_id=None,
        detail=f"assignment {assignment_id} now graded under {version} (regrade run {run_id})",
        old={"release": current},
        new={"release": release, "run": run_id},
        at=now,
    )
    return True


def stored_release(conn: sa.Connection, assignment_id: str, course_release: str) -> str:
    """The release `assignments.store` writes for a course file naming `course_release`: the moved
    one while the course file is unchanged since the move; else the course file's (the move is
    dropped)."""
    found = of(conn, assignment_id)
    if found is None:
        return course_release
    if found.course_release == course_release:
        return found.release
    conn.execute(db.release_moves.delete().where(db.release_moves.c.assignment_id == assignment_id))
    return course_release


def current(conn: sa.Connection, assignment_id: str) -> str | None:
    """The release folder the assignment is graded under now (None: an assignment not stored)."""
    a = db.assignments.c
    return conn.execute(sa.select(a.release).where(a.id == assignment_id)).scalar_one_or_none()
