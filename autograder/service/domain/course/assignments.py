"""The assignments table: the term's assignments as the service stores them.

With `--course course.toml` the service serves the course file's assignments (`term/course.py`),
each graded against its own release. Without it a service has one assignment, FIRST_ASSIGNMENT,
made from its `--release`, `--deadline`, `--late-until` and `--policy`; it is also the assignment
the schema migration gives the attempts of a database from before assignments existed (same id),
so those attempts stay counted. Every start-up writes the current settings into the rows.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import sqlalchemy as sa

from autograder.model import ReleaseInfo
from autograder.service.domain.course import audit, release_moves
from autograder.service.domain.course.config import ServiceConfig
from autograder.service.domain.course.service_database import HoldsDatabase
from autograder.service.storage import db
from autograder.term.course import Assignment, load_course, release_exercises
from autograder.term.late import parse_policy

FIRST_ASSIGNMENT = "a1"  # the id migration 0002 gives a single-assignment database's attempts


def from_config(cfg: ServiceConfig) -> Assignment:
    """The one assignment of a service started without a course file."""
    release = cfg.release.resolve()
    return Assignment(
        id=FIRST_ASSIGNMENT,
        title=release.name,
        release=release,
        exercises=tuple(ex for ex, _ in release_exercises(release)),
        opens_at=None,
        due_at=cfg.deadline.timestamp() if cfg.deadline else None,
        late_until=cfg.late_until.timestamp() if cfg.late_until else None,
        late_policy=None,
        counting=cfg.policy,
        visibility="immediately",
    )


def for_config(cfg: ServiceConfig) -> tuple[Assignment, ...]:
    """The assignments a service serves: the course file's, else the one of --release/--deadline.
    Raises `term.course.CourseError` (a ValueError) for a course file that cannot be served."""
    return load_course(cfg.course) if cfg.course is not None else (from_config(cfg),)


class Releases:
    """Each assignment's release (manifest, notebooks, points), read once per folder.

    With the service's `engine`, an assignment's release is the one its stored row names now: a
    published regrade run moves it (`release_moves.py`), in every process sharing the database.
    Without one (a reader holding a stored `Assignment`), the assignment's own."""

    def __init__(self, engine: sa.Engine | None = None) -> None:
        self._by_folder: dict[Path, ReleaseInfo] = {}
        self.engine = engine

    def folder(self, assignment: Assignment) -> Path:
        """The release folder that grades the assignment now."""
        if self.engine is not None:
            with self.engine.connect() as conn:
                stored = release_moves.current(conn, assignment.id)
            if stored is not None:
                return Path(stored)
        return assignment.release

    def of(self, assignment: Assignment) -> ReleaseInfo:
        folder = self.folder(assignment).resolve()
        if folder not in self._by_folder:
            self._by_folder[folder] = ReleaseInfo.load(folder)
        return self._by_folder[folder]

    def chapters(self, assignment: Assignment) -> tuple[str, ...]:
        """The chapters the assignment's exercises come from, in the release's order."""
        own = set(assignment.exercises)
        found = [ch for ex, ch in release_exercises(self.folder(assignment)) if ex in own]
        return tuple(dict.fromkeys(found))

    def whole_release(self, assignment: Assignment) -> bool:
        """True when the assignment is every exercise of its release (nothing to choose by chapter)."""
        return set(assignment.exercises) == {ex for ex, _ in release_exercises(self.folder(assignment))}


def _row(a: Assignment, position: int, now: float) -> dict[str, Any]:
    return {
        "position": position,
        "title": a.title,
        "release": str(a.release),
        "exercises": json.dumps(list(a.exercises)),
        "opens_at": a.opens_at,
        "due_at": a.due_at,
        "late_until": a.late_until,
        "late_policy": json.dumps(a.late_policy.to_json() if a.late_policy else None),
        "counting": a.counting,
        "visibility": a.visibility,
        "updated_at": now,
    }


# The settings that decide grades and deadlines: a change of one is a "policy" audit entry.
POLICY_COLUMNS = ("opens_at", "due_at", "late_until", "late_policy", "counting", "visibility")


def store(
    engine: sa.Engine, assignments: Sequence[Assignment], now: float, actor: str = audit.SYSTEM
) -> None:
    """Insert or update these assignments (positions in the given order); others are kept. A
    changed deadline or counting rule of a stored assignment is audited (by `actor`)."""
    with engine.begin() as conn:
        known = {r.id: r for r in conn.execute(sa.select(db.assignments))}
        for position, a in enumerate(assignments, start=1):
            values = _row(a, position, now)
            values["release"] = release_moves.stored_release(conn, a.id, values["release"])
            if a.id not in known:
                conn.execute(db.assignments.insert().values(id=a.id, **values))
                continue
            conn.execute(db.assignments.update().where(db.assignments.c.id == a.id).values(**values))
            before = known[a.id]
            old = {c: getattr(before, c) for c in POLICY_COLUMNS if getattr(before, c) != values[c]}
            if old:
                audit.record(
                    conn,
                    actor=actor,
                    action="policy",
                    assignment_id=a.id,
                    student_id=None,
                    detail=f"assignment {a.id}: {', '.join(sorted(old))} changed",
                    old=old,
                    new={c: values[c] for c in old},
                    at=now,
                )


def load(service: HoldsDatabase) -> list[Assignment]:
    """The stored assignments, in page order."""
    with service.engine.connect() as conn:
        return stored(conn)


def stored(conn: sa.Connection) -> list[Assignment]:
    """The stored assignments, in page order, on the caller's connection."""
    rows = conn.execute(sa.select(db.assignments).order_by(db.assignments.c.position, db.assignments.c.id))
    return [
        Assignment(
            id=r.id,
            title=r.title,
            release=Path(r.release),
            exercises=tuple(json.loads(r.exercises)),
            opens_at=r.opens_at,
            due_at=r.due_at,
            late_until=r.late_until,
            late_policy=parse_policy(steps) if (steps := json.loads(r.late_policy)) is not None else None,
            counting=r.counting,
            visibility=r.visibility,
        )
        for r in rows
    ]
