"""The gradebook of record: the one place a student's grade of an assignment is computed.

    read(conn, assignment, student_id, points=..., released_at=..., now=...) -> GradeRecord
    Ledger(engine, releases, identity, lookup, clock).record(aid, sid) / .records(aid)

A `GradeRecord` is frozen and holds everything a page, an export or an LMS message needs:

- the counted attempt by the assignment's policy (`best`/`last`, with the student's extension) and
  its per-student attempt number (1, 2, 3 ... in upload order; the database id stays internal);
- the raw points per exercise of that attempt, only the assignment's own exercises;
- the overrides bound to that attempt (an override belongs to the attempt it was made on; one made
  on another attempt is kept in `set_aside` and counts only when a TA carries it, `carry()`);
- the late factor and penalty, the total override, the final total (`term/final_score.py`'s rules);
- the points possible (per exercise and in total) of the assignment's release;
- whether the student may see the grade now (`term/visibility.py`), and `for_student()`, the record
  as the student may read it: while hidden, no score, no override, and not which attempt counts
  (under `best` that would rank the attempts).

Consumers read this record and compute nothing of their own: the exports (every CSV), the
students' score line, the LTI outbox (AGS `scoreGiven`/`scoreMaximum`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from autograder.service.domain.course import audit, extensions, grade_shown
from autograder.service.domain.course.assignment_lookup import AssignmentLookup
from autograder.service.domain.course.assignments import Releases
from autograder.service.domain.course.attempt_reads import own_status
from autograder.service.domain.gradebook import overrides, quiz_ledger
from autograder.service.domain.gradebook.grade_record import GradeRecord
from autograder.service.domain.gradebook.score_parts import ScoreParts, parts_of
from autograder.service.domain.identity.identity import Identity
from autograder.service.storage import db, scores
from autograder.states import AttemptState
from autograder.term.counting import Candidate, Extension, counted_attempt, deadlines_for
from autograder.term.course import Assignment
from autograder.term.final_score import final_score
from autograder.term.visibility import grade_visibility


@dataclass(frozen=True)
class _Bound:
    """An override store's answer for one attempt (the shape `final_score` reads)."""

    exercise_scores: Mapping[str, float]
    total: float | None


def _binds(entry: overrides.Entry, attempt_id: int | None) -> bool:
    """An override counts on the attempt it was made on; one made while nothing counted (no
    attempt) counts only while that is still so: a later upload never inherits it silently."""
    return entry.attempt_id == attempt_id


@dataclass(frozen=True)
class Context:
    """What every record of one assignment is computed against (read once per assignment)."""

    points: Mapping[str, float]  # the assignment's exercises -> points possible
    chapters: tuple[str, ...]  # the assignment's chapters
    released_at: float | None  # a TA's grade release (None: not released)
    now: float
    whole_release: bool = False  # the assignment is every exercise of its release
    kept: frozenset[str] = frozenset()  # students whose grade stays visible (grade_shown.py)


_ATTEMPT_COLUMNS = (
    "id", "student_id", "submitted_at", "status", "score", "max_score", "grade_status",
)  # fmt: skip


def _raw_points(conn: sa.Connection, rows: list[Any]) -> dict[int, dict[str, float | None]]:
    """The graded attempts' points per exercise, as numbers (`attempt_scores`)."""
    return scores.of_attempts(conn, (r.id for r in rows if r.status == AttemptState.GRADED))


def _entries(rows: list[Any]) -> tuple[overrides.Entry, ...]:
    return tuple(
        overrides.Entry(r.target, r.points, r.comment, r.set_by, r.set_at, r.attempt_id)
        for r in sorted(rows, key=lambda r: r.target)
    )


def read(
    conn: sa.Connection,
    assignment: Assignment,
    student_id: str,
    *,
    points: Mapping[str, float],
    chapters: tuple[str, ...],
    released_at: float | None,
    now: float,
    whole_release: bool = False,
) -> GradeRecord:
    """The student's grade record of the assignment, read in the caller's connection (so a
    transaction sees its own override before it commits)."""
    a, o = db.attempts.c, db.overrides.c
    rows = conn.execute(
        sa.select(*(a[c] for c in _ATTEMPT_COLUMNS))
        .where(a.assignment_id == assignment.id, a.student_id == student_id)
        .order_by(a.id)
    ).all()
    found = conn.execute(
        sa.select(db.overrides).where(o.assignment_id == assignment.id, o.student_id == student_id)
    ).all()
    ext = extensions.of_student(conn, assignment.id, student_id)
    kept = frozenset({student_id}) if grade_shown.is_kept(conn, assignment.id, student_id) else frozenset()
    record = compute(
        assignment,
        student_id,
        list(rows),
        ext,
        _entries(list(found)),
        Context(points, chapters, released_at, now, whole_release, kept),
        _raw_points(conn, list(rows)),
    )
    return quiz_ledger.join(conn, assignment, chapters, [record])[0]


def read_all(
    conn: sa.Connection, assignment: Assignment, student_ids: list[str], context: Context
) -> list[GradeRecord]:
    """The records of these students (in this order), in four queries whatever their number."""
    a, o = db.attempts.c, db.overrides.c
    rows: dict[str, list[Any]] = {}
    for r in conn.execute(
        sa.select(*(a[c] for c in _ATTEMPT_COLUMNS)).where(a.assignment_id == assignment.id).order_by(a.id)
    ):
        rows.setdefault(r.student_id, []).append(r)
    found: dict[str, list[Any]] = {}
    for r in conn.execute(sa.select(db.overrides).where(o.assignment_id == assignment.id)):
        found.setdefault(r.student_id, []).append(r)
    granted = extensions.load(conn, assignment.id)
    raw_points = _raw_points(conn, [r for sid in student_ids for r in rows.get(sid, [])])
    records = [
        compute(
            assignment,
            sid,
            rows.get(sid, []),
            granted.get(sid),
            _entries(found.get(sid, [])),
            context,
            raw_points,
        )  # fmt: skip
        for sid in student_ids
    ]
    return quiz_ledger.join(conn, assignment, context.chapters, records)


def compute(
    assignment: Assignment,
    student_id: str,
    rows: list[Any],
    extension: Extension | None,
    entries: tuple[overrides.Entry, ...],
    context: Context,
    raw_points: Mapping[int, Mapping[str, float | None]] | None = None,
) -> GradeRecord:
    """The record from what the database holds (pure: the one place the rules meet).
    `rows`: the student's attempts of the assignment in id order; `raw_points`: attempt id -> its
    points per exercise (`attempt_scores`, numbers)."""
    points, chapters, released_at, now = context.points, context.chapters, context.released_at, context.now
    deadlines = deadlines_for(assignment, extension)
    graded_state = AttemptState.GRADED
    candidates = [
        Candidate(r.id, r.submitted_at, r.score if r.status == graded_state else None) for r in rows
    ]
    counted = counted_attempt(assignment, deadlines, candidates)
    row = None if counted is None else next(r for r in rows if r.id == counted.attempt_id)
    own = {ex: float(points[ex]) for ex in assignment.exercises if ex in points}
    attempt_id = None if counted is None else counted.attempt_id
    bound = tuple(e for e in entries if _binds(e, attempt_id))
    aside = tuple(e for e in entries if not _binds(e, attempt_id))
    override = _Bound(  # an override of a quiz question counts in the quiz's share (quiz_ledger.py)
        {e.target: e.points for e in bound if e.target in own},
        next((e.points for e in bound if e.target == overrides.TOTAL), None),
    )
    graded = row is not None and row.status == graded_state
    raw_exercises: dict[str, float | None] = {}
    if graded:
        stored = (raw_points or {}).get(row.id, {})  # type: ignore[union-attr]
        raw_exercises = {ex: stored.get(ex) for ex in own}
    elif row is None:  # nothing handed in: 0 points each (a TA may still award some by override)
        raw_exercises = {ex: 0.0 for ex in own}
    exercises = {**raw_exercises, **override.exercise_scores} if raw_exercises else {}
    if row is None:
        raw: float | None = 0.0  # no attempt: 0 points, as the batch's grades.csv gives an empty entry
    elif not graded:
        raw = None
    elif any(v is not None for v in raw_exercises.values()):
        raw = sum(v for v in raw_exercises.values() if v is not None)  # the assignment's own points
    else:
        raw = row.score  # a result recorded without per-exercise points: its total
    max_total = float(sum(own.values()))
    if graded and context.whole_release and row.max_score is not None:  # type: ignore[union-attr]
        max_total = float(row.max_score)  # type: ignore[union-attr]  # the release that graded it
    factor = 1.0 if counted is None else counted.factor
    score = final_score(raw, factor, override, raw_exercises)
    visibility = grade_visibility(
        assignment, deadlines.due_at, released_at, now, kept=student_id in context.kept
    )
    return GradeRecord(
        assignment_id=assignment.id,
        student_id=student_id,
        attempt_id=attempt_id,
        attempt_number=None if row is None else 1 + [r.id for r in rows].index(row.id),
        attempts=len(rows),
        state="not_submitted" if row is None else str(row.status),
        grade_status=own_status(row.grade_status, chapters) if graded else None,  # type: ignore[union-attr]
        late=bool(counted and counted.late),
        factor=factor,
        points_possible=own,
        raw_exercises=raw_exercises,
        exercises=exercises,
        overrides=bound,
        set_aside=aside,
        max_total=max_total,
        raw_total=score.raw_total,
        late_penalty=score.late_penalty,
        override_total=score.override,
        final_total=score.final_total,
        visible=visibility.visible,
        shown_from=None if visibility.visible else visibility.shown_from,
    )


def released_at(conn: sa.Connection, assignment_id: str) -> float | None:
    g = db.grade_releases.c
    return conn.execute(sa.select(g.released_at).where(g.assignment_id == assignment_id)).scalar_one_or_none()


def carry(
    conn: sa.Connection, *, assignment_id: str, student_id: str, to_attempt: int, actor: str, now: float
) -> int:
    """A TA's explicit choice: the student's overrides made on other attempts now count on
    `to_attempt` (audited, one entry per carried override, naming the attempt it came from).
    Returns how many were carried."""
    o = db.overrides.c
    key = (o.assignment_id == assignment_id) & (o.student_id == student_id)
    moved = conn.execute(
        sa.select(o.target, o.points, o.attempt_id).where(
            key, (o.attempt_id != to_attempt) | o.attempt_id.is_(None)
        )
    ).all()
    for r in moved:
        conn.execute(db.overrides.update().where(key, o.target == r.target).values(attempt_id=to_attempt))
        audit.record(
            conn,
            actor=actor,
            action="override_carried",
            assignment_id=assignment_id,
            student_id=student_id,
            attempt_id=to_attempt,
            detail=f"override of {r.target} carried to a later attempt",
            old={"target": r.target, "points": r.points, "attempt_id": r.attempt_id},
            new={"target": r.target, "points": r.points, "attempt_id": to_attempt},
            at=now,
        )
    return len(moved)


class Ledger:
    """The records of the service's assignments, over its database (one read per call; only each
    release's points and chapters are kept, they do not change while the service runs)."""

    def __init__(
        self,
        engine: sa.Engine,
        releases: Releases,
        identity: Identity,
        lookup: AssignmentLookup,
        clock: Callable[[], float],
    ):
        self.engine, self.releases = engine, releases
        self.identity, self.lookup, self.clock = identity, lookup, clock
        self._static: dict[tuple[str, str], tuple[dict[str, float], tuple[str, ...], bool]] = {}

    def _static_of(self, assignment: Assignment) -> tuple[dict[str, float], tuple[str, ...], bool]:
        # keyed by the release folder too: a published regrade run moves the assignment to another
        key = (assignment.id, str(self.releases.folder(assignment)))
        if key not in self._static:
            release = self.releases.of(assignment).points
            points = {ex: float(release[ex]) for ex in assignment.exercises if ex in release}
            whole = self.releases.whole_release(assignment)
            self._static[key] = (points, self.releases.chapters(assignment), whole)
        return self._static[key]

    def points(self, assignment: Assignment) -> dict[str, float]:
        return dict(self._static_of(assignment)[0])

    def max_total(self, assignment_id: str | None = None) -> float:
        assignment = self.lookup.assignment(assignment_id)
        with self.engine.connect() as conn:  # the quiz's points too, once its quiz is on
            quiz = quiz_ledger.enabled(conn, assignment.id)
        extra = quiz_ledger.max_points(assignment, self._static_of(assignment)[1]) if quiz else 0.0
        return float(sum(self.points(assignment).values())) + extra

    def parts(self, record: GradeRecord) -> ScoreParts:
        """The record's total beside its parts (exercises, the quiz's choice and written points,
        the late factor, a total override), with each part's maximum."""
        assignment = self.lookup.assignment(record.assignment_id)
        chapters = self._static_of(assignment)[1]
        questions = quiz_ledger.questions_of(assignment, chapters) if record.quiz_max else []
        return parts_of(
            record,
            choice_max=float(sum(q.points for q in questions if q.kind == "choice")),
            written_max=float(sum(q.points for q in questions if q.kind == "written")),
        )

    def context(self, conn: sa.Connection, assignment: Assignment) -> Context:
        points, chapters, whole = self._static_of(assignment)
        return Context(
            points, chapters, released_at(conn, assignment.id), self.clock(), whole,
            grade_shown.kept(conn, assignment.id),
        )  # fmt: skip

    def record_in(self, conn: sa.Connection, assignment: Assignment, student_id: str) -> GradeRecord:
        c = self.context(conn, assignment)
        return read(
            conn,
            assignment,
            student_id,
            points=c.points,
            chapters=c.chapters,
            released_at=c.released_at,
            now=c.now,
            whole_release=c.whole_release,
        )

    def record(self, assignment_id: str | None, student_id: str) -> GradeRecord:
        assignment = self.lookup.assignment(assignment_id)
        with self.engine.connect() as conn:
            return self.record_in(conn, assignment, student_id)

    def records(self, assignment_id: str | None = None) -> list[GradeRecord]:
        """Every roster student's record of the assignment, by student id."""
        assignment = self.lookup.assignment(assignment_id)
        students = [s.student_id for s in self.identity.students()]
        with self.engine.connect() as conn:
            return read_all(conn, assignment, students, self.context(conn, assignment))
