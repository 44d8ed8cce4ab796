"""Reading attempts back from the database, as they are stored (no grade hidden: the student's view
is `student_views.py`).

The reads that take a student id answer None (or {}) for an attempt that is not that student's,
so a caller can say 404 without telling whether the attempt exists.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from autograder.exercises import EXERCISE_IDS
from autograder.service.domain.course import graded_artefacts
from autograder.service.domain.course.assignment_lookup import AssignmentLookup
from autograder.service.records import Attempt
from autograder.service.storage import db, scores
from autograder.service.storage.blobs import BlobStore
from autograder.states import AttemptState


def in_registry_order(points: Mapping[str, float | None]) -> dict[str, float | None]:
    """An attempt's points per exercise in the registry's order (the order the worker records them
    in, and the pages show them), any other exercise after them by name."""
    known = [ex for ex in EXERCISE_IDS if ex in points]
    return {ex: points[ex] for ex in [*known, *sorted(set(points) - set(known))]}


def points_of(conn: sa.Connection, attempt_ids: Iterable[int]) -> dict[int, dict[str, float | None]]:
    """attempt id -> its points per exercise (`attempt_scores`), in the registry's order; an attempt
    never graded is absent."""
    return {aid: in_registry_order(points) for aid, points in scores.of_attempts(conn, attempt_ids).items()}


@dataclass(frozen=True)
class OwnPart:
    """The part of its release an attempt's assignment covers: only these chapters and exercises
    count (a chapter-2 assignment never reads `partial:not_submitted:ch05`)."""

    chapters: tuple[str, ...]
    points: Mapping[str, float]  # the assignment's exercises -> points possible


def own_status(status: str | None, chapters: tuple[str, ...]) -> str | None:
    """A graded attempt's status as its assignment reads it: a chapter the assignment does not
    cover is not missing (`partial:not_submitted:ch05` on a chapter-2 assignment is `ok`), nor is
    its notebook's size a refusal of this assignment (`partial:too_large:ch05`)."""
    for prefix in ("partial:not_submitted:", "partial:too_large:"):
        if status is not None and status.startswith(prefix) and status[len(prefix) :] not in chapters:
            return "ok"
    return status


def attempt_of(
    row: Any, points: Mapping[str, float | None] | None, *, named: bool = False, own: OwnPart | None = None
) -> Attempt:
    """An `attempts` row with its points per exercise (`points_of`; None or empty: never graded, every
    exercise None) as the API shows it (`named`: with its assignment id, in a term; `own`: the part of
    the release its assignment covers, None: the whole release)."""
    exercises = dict(points) if points else {ex: None for ex in EXERCISE_IDS}
    score, max_score, status = row.score, row.max_score, row.grade_status
    if own is not None:
        exercises = {ex: v for ex, v in exercises.items() if ex in own.points}
        status = own_status(status, own.chapters)
        max_score = float(sum(own.points.values())) if max_score is not None else None
        if score is not None and any(v is not None for v in exercises.values()):
            score = float(sum(v for v in exercises.values() if v is not None))
    return Attempt(
        id=row.id,
        student_id=row.student_id,
        status=AttemptState(row.status),
        submitted_at=row.submitted_at,
        graded_at=row.graded_at,
        late=bool(row.late),
        score=score,
        max_score=max_score,
        grade_status=status,
        exercises=exercises,
        files=tuple(f["name"] for f in json.loads(row.files)),
        assignment_id=(row.assignment_id or "") if named else None,
    )


# `attempts.id` is a 32-bit integer column on PostgreSQL; a larger id names no attempt (and would
# make the driver raise, a 500, if it reached the query).
MAX_ATTEMPT_ID = 2**31 - 1


def fits_id(attempt_id: int) -> bool:
    return 0 < attempt_id <= MAX_ATTEMPT_ID


class AttemptReads:
    def __init__(self, engine: sa.Engine, lookup: AssignmentLookup, blobs: BlobStore | None = None):
        self.engine, self.lookup = engine, lookup
        self.blobs = blobs  # graded attempts' artefacts (feedback, maxima); None: none shown

    def attempt(self, student_id: str, attempt_id: int) -> Attempt | None:
        """The attempt if it exists and belongs to `student_id`, else None."""
        if not fits_id(attempt_id):
            return None
        a = db.attempts.c
        with self.engine.connect() as conn:
            row = conn.execute(
                sa.select(db.attempts).where(a.id == attempt_id, a.student_id == student_id)
            ).first()
            points = points_of(conn, [attempt_id]) if row is not None else {}
        if row is None:
            return None
        return attempt_of(row, points.get(row.id), named=self.lookup.named, own=self.own_part(row))

    def attempts(self, student_id: str, assignment_id: str | None = None) -> list[Attempt]:
        """The student's attempts (of one assignment, or all with None), newest first."""
        a = db.attempts.c
        mine = a.student_id == student_id
        if assignment_id is not None:
            mine = mine & (a.assignment_id == assignment_id)
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(db.attempts).where(mine).order_by(a.submitted_at.desc(), a.id.desc())
            ).all()
            points = points_of(conn, [r.id for r in rows])
        return [attempt_of(r, points.get(r.id), named=self.lookup.named, own=self.own_part(r)) for r in rows]

    def own_part(self, row: Any) -> OwnPart | None:
        """The part of the release the row's assignment covers; None when it is the whole release
        (the attempt's own numbers are the assignment's, a regrade run's moved maximum included)."""
        assignment = self.lookup.assignments.get(row.assignment_id or "") if row.assignment_id else None
        if assignment is None or self.lookup.releases.whole_release(assignment):
            return None
        release = self.lookup.releases.of(assignment).points
        points = {ex: float(release[ex]) for ex in assignment.exercises if ex in release}
        return OwnPart(self.lookup.releases.chapters(assignment), points)

    def rows_by_student(self, assignment_id: str | None = None) -> dict[str, list[Any]]:
        """Every attempt row of the assignment, grouped by student, in id order (for the exports)."""
        wanted = self.lookup.assignment(assignment_id).id
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(db.attempts).where(db.attempts.c.assignment_id == wanted).order_by(db.attempts.c.id)
            ).all()
        by: dict[str, list[Any]] = {}
        for r in rows:
            by.setdefault(r.student_id, []).append(r)
        return by

    def _graded_artefacts(self, student_id: str, attempt_id: int) -> str | None:
        """The artefact digests (`attempts.artefacts`) of a graded attempt of the student's, else None."""
        if not fits_id(attempt_id):
            return None
        a = db.attempts.c
        with self.engine.connect() as conn:
            row = conn.execute(
                sa.select(a.artefacts, a.status).where(a.id == attempt_id, a.student_id == student_id)
            ).first()
        if row is None or row.status != AttemptState.GRADED:
            return None
        return row.artefacts

    def feedback_html(self, student_id: str, attempt_id: int) -> str | None:
        """The attempt's feedback page (the batch's own, kept in the blob store when the grade was
        recorded) if it is the student's and graded."""
        stored = self._graded_artefacts(student_id, attempt_id)
        return graded_artefacts.text(self.blobs, stored, "feedback_html") if stored else None

    def exercise_maxima(self, student_id: str, attempt_id: int) -> dict[str, float]:
        """Each exercise's maximum in the release the attempt's result was graded under (kept with
        its artefacts), so a service restarted on another release shows a student the points their
        result was given out of until a regrade is published. {} when not graded or unknown."""
        stored = self._graded_artefacts(student_id, attempt_id)
        return graded_artefacts.maxima(self.blobs, stored) if stored else {}
