"""Regrade runs: an assignment's attempts graded again under another release, reviewed, then published.

1. `start(assignment_id, release, scope, actor)` records a run and one queued candidate per attempt:
   scope `counted` takes each student's counted attempt that is graded; `all` every attempt that
   finished (graded or grader_error). Workers grade the candidates in the background, behind live
   uploads (regrade_queue.py); nothing a student sees changes, and no attempt is added.
2. `diff(run_id)` compares each candidate with the attempt's published result: total, per-exercise
   scores, submission status and which sub-checks flipped; `feedback_html` gives both feedback pages.
3. `publish(run_id, actor)` swaps the graded candidates into their attempts in ONE transaction, once
   every candidate has finished, and keeps each replaced result in the candidate's row (`replaced`)
   so the diff stays readable afterwards. Only the attempts and the run's own rows are written
   (and, in the same transaction, the LTI outbox queues each changed student's counted score for
   the LMS, and the assignment moves to the run's release for every later upload, `release_moves.py`):
   other tables (overrides, audit, extensions) are left as they are. An attempt that is queued or
   running again at that moment, or was graded again after the run started (a TA's per-student
   regrade), keeps its state and newer result and is reported as skipped.

Every operation that changes a grade or publishing takes the `actor` ("ta", "cli", ...).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import sqlalchemy as sa

from autograder.i18n import _
from autograder.model import GraderFault, ReleaseInfo
from autograder.service.domain.course import audit, graded_artefacts, release_moves
from autograder.service.domain.course.attempt_reads import fits_id, points_of
from autograder.service.domain.course.counting import Counting
from autograder.service.domain.gradebook import lti_outbox
from autograder.service.domain.regrades.regrade_queue import GRADED, GRADER_ERROR, OPEN, QUEUED, RUNNING
from autograder.service.records import Refusal
from autograder.service.storage import db, scores
from autograder.service.storage.blobs import BlobStore
from autograder.states import RegradeRunState

log = logging.getLogger("jaxgrade.service.regrade")
SCOPES = ("counted", "all")
PUBLISHED, CANCELLED = RegradeRunState.PUBLISHED, RegradeRunState.CANCELLED
RESULT_FIELDS = (
    "graded_at",
    "score",
    "max_score",
    "grade_status",
    "exercises",
    "subchecks",
    "flags",
    "artefacts",  # the digests of the graded try's artefacts (graded_artefacts.py): publish swaps them too
)
# what publishing copies into `attempts` (the points go to `attempt_scores`)
ATTEMPT_FIELDS = tuple(f for f in RESULT_FIELDS if f != "exercises")
TOLERANCE = 1e-9  # score differences below this are rounding, not a change


@dataclass(frozen=True)
class RunSummary:
    id: int
    assignment_id: str
    release: str
    release_version: str
    scope: str
    status: str  # open | published | cancelled
    created_by: str
    created_at: float
    closed_by: str | None
    closed_at: float | None
    counts: dict[str, int]  # candidate status -> how many

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    @property
    def finished(self) -> bool:
        return self.counts.get(QUEUED, 0) + self.counts.get(RUNNING, 0) == 0

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "assignment_id": self.assignment_id,
            "release": self.release,
            "release_version": self.release_version,
            "scope": self.scope,
            "status": self.status,
            "created_by": self.created_by,
            "created_at": self.created_at,
            "closed_by": self.closed_by,
            "closed_at": self.closed_at,
            "counts": self.counts,
            "total": self.total,
            "finished": self.finished,
        }


@dataclass(frozen=True)
class ExerciseChange:
    exercise: str
    old: float | None
    new: float | None

    @property
    def changed(self) -> bool:
        return _differs(self.old, self.new)


@dataclass(frozen=True)
class DiffRow:
    """One candidate against the result it would replace (or replaced, once published)."""

    attempt_id: int
    student_id: str
    counted: bool
    status: str  # the candidate's: queued | running | graded | grader_error
    error: str | None
    old_score: float | None
    new_score: float | None
    old_max: float | None
    new_max: float | None
    old_status: str | None  # the submission status (ok, malformed:..., ...)
    new_status: str | None
    exercises: tuple[ExerciseChange, ...]
    flipped: tuple[tuple[str, bool | None, bool | None], ...]  # (sub-check, old passed, new passed)
    published: bool = False
    graded_at: float | None = None  # when the candidate was graded

    @property
    def delta(self) -> float | None:
        if self.old_score is None or self.new_score is None:
            return None
        return self.new_score - self.old_score

    @property
    def changed(self) -> bool:
        return self.status == GRADED and (
            _differs(self.old_score, self.new_score)
            or _differs(self.old_max, self.new_max)
            or self.old_status != self.new_status
            or any(e.changed for e in self.exercises)
            or bool(self.flipped)
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "attempt_id": self.attempt_id,
            "student_id": self.student_id,
            "counted": self.counted,
            "status": self.status,
            "error": self.error,
            "changed": self.changed,
            "old": {"score": self.old_score, "max_score": self.old_max, "grade_status": self.old_status},
            "new": {"score": self.new_score, "max_score": self.new_max, "grade_status": self.new_status},
            "delta": self.delta,
            "exercises": {e.exercise: {"old": e.old, "new": e.new} for e in self.exercises if e.changed},
            "flipped": [{"subcheck": n, "old": o, "new": w} for n, o, w in self.flipped],
            "published": self.published,
            "graded_at": self.graded_at,
        }


@dataclass(frozen=True)
class Published:
    run_id: int
    replaced: list[int]  # attempt ids whose result was swapped
    skipped: list[int]  # attempts left alone (queued/running again, or the candidate failed)


def _differs(a: float | None, b: float | None) -> bool:
    if a is None or b is None:
        return a is not b
    return abs(a - b) > TOLERANCE


def _json(text: str | None, default: Any) -> Any:
    return json.loads(text) if text else default


def compare(old: dict[str, Any], new: dict[str, Any]) -> tuple[tuple[ExerciseChange, ...], tuple]:
    """Per-exercise scores (in the new result's order) and the sub-checks whose pass/fail differs."""
    old_ex, new_ex = _json(old.get("exercises"), {}), _json(new.get("exercises"), {})
    changes = tuple(
        ExerciseChange(ex, old_ex.get(ex), new_ex.get(ex)) for ex in dict.fromkeys([*new_ex, *old_ex])
    )
    old_sub, new_sub = _json(old.get("subchecks"), {}), _json(new.get("subchecks"), {})
    flipped = tuple(
        (name, old_sub.get(name), new_sub.get(name))
        for name in sorted(set(old_sub) | set(new_sub))
        if old_sub.get(name) != new_sub.get(name)
    )
    return changes, flipped


def sibling_releases(release: Path) -> list[Path]:
    """The releases next to the service's own (folders of its parent with a manifest.json), by name."""
    parent = release.resolve().parent
    return sorted(p for p in parent.iterdir() if (p / "manifest.json").is_file())


class RegradeRuns:
    def __init__(
        self,
        engine: sa.Engine,
        clock: Callable[[], float],
        counting: Counting,
        on_new_work: Callable[[], None],
        blobs: BlobStore | None = None,
    ):
        self.engine, self.clock, self.counting = engine, clock, counting
        self._on_new_work = on_new_work
        self.blobs = blobs  # the graded tries' artefacts (feedback pages); None: none shown

    # -- starting

    def _targets(self, conn: sa.Connection, assignment_id: str, scope: str) -> list[tuple[Any, bool]]:
        """(attempt row, counted) for every attempt the run regrades."""
        a = db.attempts.c
        rows = conn.execute(
            sa.select(db.attempts).where(a.assignment_id == assignment_id).order_by(a.id)
        ).all()
        by: dict[str, list[Any]] = {}
        for r in rows:
            by.setdefault(r.student_id, []).append(r)
        # each student's counted attempt by this assignment's own policy (`best` or `last`)
        found = (self.counting.counted_row(rs, assignment_id) for rs in by.values())
        counted = {c.id for c in found if c is not None}
        if scope == "counted":
            return [(r, True) for r in rows if r.id in counted and r.status == GRADED]
        return [(r, r.id in counted) for r in rows if r.status in (GRADED, GRADER_ERROR)]

    def start(self, assignment_id: str, release: Path, scope: str, actor: str) -> int:
        """Record a run and queue its candidates; returns the run id. Refusal (422) for a scope or
        release that cannot be used, (404) for an unknown assignment."""
        if scope not in SCOPES:
            raise Refusal(422, _("范围不对。"), f"scope must be one of {', '.join(SCOPES)}")
        try:
            info = ReleaseInfo.load(release)
        except GraderFault as exc:
            raise Refusal(422, _("这个版本无法使用。"), f"release {release}: {exc}") from None
        now = self.clock()
        with self.engine.begin() as conn:
            known = conn.execute(
                sa.select(db.assignments.c.id).where(db.assignments.c.id == assignment_id)
            ).first()
            if known is None:
                raise Refusal(404, _("没有这个作业。"), f"no assignment {assignment_id!r}")
            run_id = conn.execute(
                db.regrade_runs.insert().values(
                    assignment_id=assignment_id,
                    release=str(info.root.resolve()),
                    release_version=info.version,
                    scope=scope,
                    status=OPEN,
                    created_by=actor,
                    created_at=now,
                )
            ).inserted_primary_key[0]
            targets = self._targets(conn, assignment_id, scope)
            if targets:
                conn.execute(
                    db.regrade_results.insert(),
                    [
                        {
                            "run_id": run_id,
                            "attempt_id": r.id,
                            "assignment_id": assignment_id,
                            "student_id": r.student_id,
                            "counted": counted,
                            "status": QUEUED,
                            "tries": 0,
                            "not_before": 0.0,
                        }
                        for r, counted in targets
                    ],
                )
            audit.record(
                conn,
                actor=actor,
                action="regrade_run",
                assignment_id=assignment_id,
                student_id=None,
                detail=f"regrade run {run_id} under {info.version} ({scope}, {len(targets)} attempts)",
                old=None,
                new={"run": run_id, "release": info.version, "scope": scope, "attempts": len(targets)},
                at=self.clock(),
            )
        log.info(
            "regrade run %d of %s under %s (%s, %d attempts) started by %s",
            run_id,
            assignment_id,
            info.version,
            scope,
            len(targets),
            actor,
        )
        self._on_new_work()
        return int(run_id)

    def find_open(self, assignment_id: str, release: Path, scope: str) -> int | None:
        """An open run of the same assignment, release folder and scope (a restarted command line
        with the same --regrade-assignment must not queue everything again)."""
        u = db.regrade_runs.c
        with self.engine.connect() as conn:
            return conn.execute(
                sa.select(u.id)
                .where(
                    u.assignment_id == assignment_id,
                    u.release == str(release.resolve()),
                    u.scope == scope,
                    u.status == OPEN,
                )
                .order_by(u.id.desc())
            ).scalar()

    # -- reading

    def _summary(self, conn: sa.Connection, row: Any) -> RunSummary:
        r = db.regrade_results.c
        counts = dict(
            conn.execute(
                sa.select(r.status, sa.func.count()).where(r.run_id == row.id).group_by(r.status)
            ).all()
        )
        return RunSummary(
            row.id,
            row.assignment_id,
            row.release,
            row.release_version,
            row.scope,
            row.status,
            row.created_by,
            row.created_at,
            row.closed_by,
            row.closed_at,
            {str(k): int(v) for k, v in counts.items()},
        )

    def runs(self, assignment_id: str | None = None) -> list[RunSummary]:
        """Runs, newest first (of one assignment when given)."""
        u = db.regrade_runs.c
        query = sa.select(db.regrade_runs).order_by(u.id.desc())
        if assignment_id is not None:
            query = query.where(u.assignment_id == assignment_id)
        with self.engine.connect() as conn:
            return [self._summary(conn, row) for row in conn.execute(query).all()]

    def run(self, run_id: int) -> RunSummary | None:
        if not fits_id(run_id):
            return None
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(db.regrade_runs).where(db.regrade_runs.c.id == run_id)).first()
            return None if row is None else self._summary(conn, row)

    def _pairs(self, conn: sa.Connection, run_id: int) -> list[tuple[Any, Any, dict[str, Any]]]:
        """(candidate row, attempt row, the result the candidate is compared with) of every candidate."""
        r, a = db.regrade_results.c, db.attempts.c
        results = conn.execute(sa.select(db.regrade_results).where(r.run_id == run_id).order_by(r.id)).all()
        ids = [x.attempt_id for x in results]
        attempts = {x.id: x for x in conn.execute(sa.select(db.attempts).where(a.id.in_(ids)))} if ids else {}
        points = points_of(conn, ids)
        return [(x, attempts[x.attempt_id], self._old(x, attempts[x.attempt_id], points)) for x in results]

    @staticmethod
    def _old(result: Any, attempt: Any, points: dict[int, dict[str, float | None]]) -> dict[str, Any]:
        """The result the candidate is compared with: the attempt's (its replaced one once published),
        its points per exercise as the JSON text a candidate keeps (`regrade_results.exercises`)."""
        if result.replaced:
            return dict(json.loads(result.replaced))
        own = points.get(attempt.id)
        return (
            {f: getattr(attempt, f) for f in ATTEMPT_FIELDS}
            | {"exercises": json.dumps(own) if own else None}
            | {"status": attempt.status}
        )

    def diff(self, run_id: int) -> list[DiffRow]:
        """Every candidate of the run against its attempt's result: changed ones first, the largest score
        change first, then by student."""
        with self.engine.connect() as conn:
            pairs = self._pairs(conn, run_id)
        rows = []
        for result, attempt, old in pairs:
            new = {f: getattr(result, f) for f in RESULT_FIELDS}
            exercises, flipped = compare(old, new) if result.status == GRADED else ((), ())
            rows.append(
                DiffRow(
                    attempt_id=attempt.id,
                    student_id=attempt.student_id,
                    counted=bool(result.counted),
                    status=result.status,
                    error=result.error,
                    old_score=old.get("score"),
                    new_score=result.score,
                    old_max=old.get("max_score"),
                    new_max=result.max_score,
                    old_status=old.get("grade_status"),
                    new_status=result.grade_status,
                    exercises=exercises,
                    flipped=flipped,
                    published=result.replaced is not None,
                    graded_at=result.graded_at,
                )
            )
        return sorted(rows, key=lambda d: (not d.changed, -abs(d.delta or 0.0), d.student_id, d.attempt_id))

    def feedback_html(self, run_id: int, attempt_id: int, side: str) -> str | None:
        """The batch feedback page of the attempt's result (`old`) or of the candidate (`new`)."""
        r = db.regrade_results.c
        with self.engine.connect() as conn:
            result = conn.execute(
                sa.select(db.regrade_results).where(r.run_id == run_id, r.attempt_id == attempt_id)
            ).first()
            if result is None:
                return None
            attempt = conn.execute(sa.select(db.attempts).where(db.attempts.c.id == attempt_id)).one()
            points = points_of(conn, [attempt_id])
        if side == "new":
            stored = result.artefacts if result.status == GRADED else None
        else:
            old = self._old(result, attempt, points)
            stored = old.get("artefacts") if old.get("status", GRADED) == GRADED else None
        return graded_artefacts.text(self.blobs, stored, "feedback_html")

    # -- closing

    @staticmethod
    def _claim(conn: sa.Connection, run_id: int, actor: str, now: float) -> Any:
        """The run's row, marked published by `actor` (Refusal 404: no run; 409: not open, still
        grading, or closed meanwhile by another process)."""
        u, r = db.regrade_runs.c, db.regrade_results.c
        run = (
            conn.execute(sa.select(db.regrade_runs).where(u.id == run_id)).first()
            if fits_id(run_id)
            else None
        )
        if run is None:
            raise Refusal(404, _("没有这次重新评分。"), f"no regrade run {run_id}")
        pending = conn.execute(
            sa.select(sa.func.count()).where(r.run_id == run_id, r.status.in_((QUEUED, RUNNING)))
        ).scalar_one()
        if run.status != OPEN or pending:
            why = (
                f"is {run.status}" if run.status != OPEN else f"has {pending} candidate(s) still grading"
            )
            raise Refusal(409, _("这次重新评分现在不能发布。"), f"regrade run {run_id} {why}")
        # Claims the run first: a second publisher (another process) finds it no longer open.
        if (
            conn.execute(
                db.regrade_runs.update()
                .where(u.id == run_id, u.status == OPEN)
                .values(status=PUBLISHED, closed_by=actor, closed_at=now)
            ).rowcount
            != 1
        ):
            raise Refusal(409, _("这次重新评分现在不能发布。"), f"regrade run {run_id} was closed meanwhile")
        return run

    def publish(self, run_id: int, actor: str) -> Published:
        """Swap every graded candidate into its attempt, in one transaction (see the module doc).

        Refusal 404 (no run), 409 (not open, or candidates still queued or running)."""
        now = self.clock()
        r, a = db.regrade_results.c, db.attempts.c
        replaced: list[int] = []
        skipped: list[int] = []
        students: set[str] = set()
        with self.engine.begin() as conn:
            run = self._claim(conn, run_id, actor, now)
            for result, attempt, before in self._pairs(conn, run_id):
                if result.status != GRADED or attempt.status not in (GRADED, GRADER_ERROR):
                    skipped.append(attempt.id)
                    continue
                if attempt.graded_at is not None and attempt.graded_at > run.created_at:
                    skipped.append(attempt.id)  # graded again after the run started: its result is newer
                    continue
                swapped = conn.execute(
                    db.attempts.update()
                    .where(a.id == attempt.id, a.status == attempt.status)
                    .values(status=GRADED, error=None, **{f: getattr(result, f) for f in ATTEMPT_FIELDS})
                ).rowcount
                if swapped != 1:
                    skipped.append(attempt.id)
                    continue
                scores.replace(conn, attempt.id, _json(result.exercises, {}))  # the numbers the ledger reads
                conn.execute(
                    db.regrade_results.update().where(r.id == result.id).values(replaced=json.dumps(before))
                )
                replaced.append(attempt.id)
                students.add(attempt.student_id)
                audit.record(
                    conn,
                    actor=actor,
                    action="regrade_publish",
                    assignment_id=run.assignment_id,
                    student_id=attempt.student_id,
                    attempt_id=attempt.id,
                    detail=f"attempt {attempt.id}: result of regrade run {run_id} published",
                    old={k: before.get(k) for k in ("score", "max_score", "grade_status")},
                    new={
                        "score": result.score,
                        "max_score": result.max_score,
                        "grade_status": result.grade_status,
                    },
                    at=self.clock(),
                )
            # The run's release is the assignment's from now on: later uploads are graded under it
            # and its points are the points possible everywhere (release_moves.py).
            release_moves.move(
                conn, assignment_id=run.assignment_id, release=run.release, version=run.release_version,
                run_id=run_id, actor=actor, now=now,
            )  # fmt: skip
            for student_id in sorted(students):  # the LMS gradebook gets the published counted score
                lti_outbox.counted_grade_changed(conn, run.assignment_id, student_id)
        log.info(
            "regrade run %d published by %s: %d attempt(s) replaced, %d skipped",
            run_id,
            actor,
            len(replaced),
            len(skipped),
        )
        return Published(run_id, replaced, skipped)

    def cancel(self, run_id: int, actor: str) -> None:
        """Close an open run without publishing (its queued candidates are never graded)."""
        u = db.regrade_runs.c
        if not fits_id(run_id):
            raise Refusal(404, _(_("没有这次重新评分。")), f"no regrade run {run_id}")
        with self.engine.begin() as conn:
            n = conn.execute(
                db.regrade_runs.update()
                .where(u.id == run_id, u.status == OPEN)
                .values(status=CANCELLED, closed_by=actor, closed_at=self.clock())
            ).rowcount
            if n == 1:
                audit.record(
                    conn,
                    actor=actor,
                    action="regrade_run_cancelled",
                    assignment_id=None,
                    student_id=None,
                    detail=f"regrade run {run_id} cancelled",
                    old=str(OPEN),
                    new=str(CANCELLED),
                    at=self.clock(),
                )
        if n != 1:
            raise Refusal(409, _("这次重新评分现在不能取消。"), f"regrade run {run_id} is not open")
        log.info("regrade run %d cancelled by %s", run_id, actor)
