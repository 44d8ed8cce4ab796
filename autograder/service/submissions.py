"""Students' attempts: accepting an upload, reading attempts back, and which attempt counts.

Every student-facing read takes the caller's student id and answers None for anything that is not
theirs, so the API can say 404 without telling whether the attempt exists.

Durability: `submit` stores every file in the blob store (fsynced) and commits the attempt row
before it returns; only then does the API answer 202. The attempt limit is checked and the row
inserted in one transaction that locks the student's row (`SELECT ... FOR UPDATE` on PostgreSQL),
so two service processes cannot both let an upload past the limit; on SQLite, where one process
serves, a lock in the process does the same.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import sqlalchemy as sa

from autograder.exercises import CHAPTERS, EXERCISE_IDS
from autograder.grade.gradebook import safe_id
from autograder.model import ReleaseInfo
from autograder.release.personalise import personalise_notebook
from autograder.service import audit, db, extensions
from autograder.service.blobs import BlobStore
from autograder.service.config import ServiceConfig
from autograder.service.records import Attempt, refusal
from autograder.service.upload_rules import check_files
from autograder.states import AttemptState
from autograder.term.counting import Candidate, Counted, Deadlines, counted_attempt, deadlines_for
from autograder.term.course import Assignment


def attempt_of(row: Any) -> Attempt:
    """An `attempts` row as the API shows it."""
    exercises = json.loads(row.exercises) if row.exercises else {ex: None for ex in EXERCISE_IDS}
    return Attempt(
        id=row.id,
        student_id=row.student_id,
        status=AttemptState(row.status),
        submitted_at=row.submitted_at,
        graded_at=row.graded_at,
        late=bool(row.late),
        score=row.score,
        max_score=row.max_score,
        grade_status=row.grade_status,
        exercises=exercises,
        files=tuple(f["name"] for f in json.loads(row.files)),
    )


# `attempts.id` is a 32-bit integer column on PostgreSQL; a larger id names no attempt (and would
# make the driver raise, a 500, if it reached the query).
MAX_ATTEMPT_ID = 2**31 - 1


def fits_id(attempt_id: int) -> bool:
    return 0 < attempt_id <= MAX_ATTEMPT_ID


class Submissions:
    def __init__(
        self,
        engine: sa.Engine,
        cfg: ServiceConfig,
        clock: Callable[[], float],
        blobs: BlobStore,
        release: ReleaseInfo,
        on_new_work: Callable[[], None],
        assignment: Assignment,
    ):
        self.engine, self.cfg, self.clock = engine, cfg, clock
        self.blobs, self.release, self.assignment = blobs, release, assignment
        self._on_new_work = on_new_work
        self._submit_lock = threading.Lock()  # SQLite: attempt-limit check and insert as one step

    # -- accepting an upload

    def check_upload_allowed(self, student_id: str) -> None:
        """Raise the Refusal an upload by this student would get now (deadline, attempt limit, a
        full storage quota), before any byte of the body is read. Pages call it to explain the form."""
        now = self.clock()
        self._check_deadline(now, student_id)
        with self.engine.connect() as conn:
            self._check_rate(conn, student_id, now)
            self._check_quota(conn, student_id, 0)

    def _check_quota(self, conn: sa.Connection, student_id: str, incoming: int) -> None:
        """Refuse (413) an upload that would take the student's stored bytes past the quota."""
        quota = self.cfg.max_student_storage_bytes
        listed = conn.execute(sa.select(db.attempts.c.files).where(db.attempts.c.student_id == student_id))
        stored = sum(int(f["size"]) for (files,) in listed for f in json.loads(files))
        if stored + incoming > quota or (incoming == 0 and stored >= quota):
            mb = f"{quota / 2**20:g}"
            raise refusal(413, "storage_quota", f"student storage quota of {mb} MB used up", mb=mb)

    def deadlines(self, student_id: str) -> Deadlines:
        """The student's deadlines for the service's assignment (their extension's, if any)."""
        with self.engine.connect() as conn:
            ext = extensions.of_student(conn, self.assignment.id, student_id)
        return deadlines_for(self.assignment, ext)

    def local_time(self, t: float) -> str:
        """A time for students and TAs, in the time zone of `--deadline` (else UTC), to the minute."""
        tz = self.cfg.deadline.tzinfo if self.cfg.deadline is not None else UTC
        return datetime.fromtimestamp(t, tz).isoformat(timespec="minutes")

    def _check_deadline(self, now: float, student_id: str) -> Deadlines:
        deadlines = self.deadlines(student_id)
        if deadlines.closed_at(now):
            closing = deadlines.late_until if deadlines.late_until is not None else deadlines.due_at
            when = self.local_time(closing)  # type: ignore[arg-type]  # closed_at implies one is set
            raise refusal(403, "closed", f"submissions closed at {when}", when=when)
        return deadlines

    def _check_rate(self, conn: sa.Connection, student_id: str, now: float) -> None:
        limit = self.cfg.max_attempts_per_hour
        a = db.attempts.c
        recent = (
            conn.execute(
                sa.select(a.submitted_at)
                .where(a.student_id == student_id, a.submitted_at > now - 3600)
                .order_by(a.submitted_at)
            )
            .scalars()
            .all()
        )
        if len(recent) >= limit:
            wait = max(1.0, recent[len(recent) - limit] + 3600 - now)
            raise refusal(
                429,
                "rate",
                f"at most {limit} attempts per hour; the next one is allowed in {wait:.0f} s",
                retry_after=wait,
                limit=limit,
                minutes=max(1, round(wait / 60)),
            )

    def check_files(self, files: list[tuple[str, bytes]]) -> list[tuple[str, bytes]]:
        return check_files(files, max_files=self.cfg.max_files, max_upload_bytes=self.cfg.max_upload_bytes)

    def submit(self, student_id: str, files: list[tuple[str, bytes]]) -> Attempt:
        """Store the files and queue an attempt; durable (blobs fsynced, row committed) on return.

        Raises Refusal: 403 after the (late) deadline, 429 over the attempt limit, 400/413/422 for
        an unusable upload. A notebook that intake will reject is accepted here: its attempt is
        graded to its malformed status, so nothing a student sent is lost.
        """
        now = self.clock()
        late = self._check_deadline(now, student_id).lateness_s(now) > 0
        checked = self.check_files(files)
        with self._submit_lock, self.engine.begin() as conn:
            # Serialises this student's uploads across processes (PostgreSQL; a no-op on SQLite).
            conn.execute(
                sa.select(db.students.c.student_id)
                .where(db.students.c.student_id == student_id)
                .with_for_update()
            )
            self._check_rate(conn, student_id, now)
            self._check_quota(conn, student_id, sum(len(data) for _, data in checked))
            # Blobs only now, under this student's lock: a refused upload keeps no byte.
            stored = [{"name": n, "sha256": self.blobs.put(data), "size": len(data)} for n, data in checked]
            attempt_id = conn.execute(
                db.attempts.insert().values(
                    student_id=student_id,
                    assignment_id=self.assignment.id,
                    submitted_at=now,
                    late=late,
                    files=json.dumps(stored),
                    status=AttemptState.QUEUED,
                    tries=0,
                    not_before=0.0,
                )
            ).inserted_primary_key[0]
            audit.record(
                conn,
                actor=audit.student_actor(student_id),
                action="upload",
                assignment_id=self.assignment.id,
                student_id=student_id,
                attempt_id=int(attempt_id),
                detail=f"attempt {int(attempt_id)} uploaded" + (" (late)" if late else ""),
                old=None,
                new={"files": [f["name"] for f in stored], "late": late, "status": str(AttemptState.QUEUED)},
                at=now,
            )
        self._on_new_work()
        found = self.attempt(student_id, int(attempt_id))
        assert found is not None
        return found

    # -- the counted attempt (term/counting.py: deadlines, extensions, the late schedule, the policy)

    def counted_detail_of(self, rows: list[Any]) -> Counted | None:
        if not rows:
            return None
        graded = AttemptState.GRADED
        candidates = [Candidate(r.id, r.submitted_at, r.score if r.status == graded else None) for r in rows]
        return counted_attempt(self.assignment, self.deadlines(rows[0].student_id), candidates)

    def counted_row(self, rows: list[Any]) -> Any | None:
        """The row of the attempt that counts for a student."""
        detail = self.counted_detail_of(rows)
        return None if detail is None else next(r for r in rows if r.id == detail.attempt_id)

    def counted_detail(self, student_id: str) -> Counted | None:
        """The counted attempt of one student with its late factor (None: no attempt)."""
        return self.counted_detail_of(self.rows_by_student().get(student_id, []))

    # -- reading attempts (student side: always scoped to the caller)

    def attempt(self, student_id: str, attempt_id: int) -> Attempt | None:
        """The attempt if it exists and belongs to `student_id`, else None."""
        if not fits_id(attempt_id):
            return None
        a = db.attempts.c
        with self.engine.connect() as conn:
            row = conn.execute(
                sa.select(db.attempts).where(a.id == attempt_id, a.student_id == student_id)
            ).first()
        return None if row is None else attempt_of(row)

    def attempts(self, student_id: str) -> list[Attempt]:
        """The student's attempts, newest first."""
        a = db.attempts.c
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(db.attempts)
                .where(a.student_id == student_id)
                .order_by(a.submitted_at.desc(), a.id.desc())
            ).all()
        return [attempt_of(r) for r in rows]

    def feedback_html(self, student_id: str, attempt_id: int) -> str | None:
        """The attempt's feedback.html (the batch's own file) if it is the student's and graded."""
        if not fits_id(attempt_id):
            return None
        a = db.attempts.c
        with self.engine.connect() as conn:
            row = conn.execute(
                sa.select(a.out_dir, a.status).where(a.id == attempt_id, a.student_id == student_id)
            ).first()
        if row is None or row.status != AttemptState.GRADED or not row.out_dir:
            return None
        path = Path(row.out_dir) / safe_id(student_id) / "feedback.html"
        try:
            return path.read_text(encoding="utf-8")
        except OSError:
            return None

    def exercise_maxima(self, student_id: str, attempt_id: int) -> dict[str, float]:
        """Each exercise's maximum in the release the attempt's result was graded under (its batch
        `results.json`), so a service restarted on another release shows a student the points their
        result was given out of until a regrade is published. {} when not graded or unreadable."""
        if not fits_id(attempt_id):
            return {}
        a = db.attempts.c
        with self.engine.connect() as conn:
            row = conn.execute(
                sa.select(a.out_dir, a.status).where(a.id == attempt_id, a.student_id == student_id)
            ).first()
        if row is None or row.status != AttemptState.GRADED or not row.out_dir:
            return {}
        try:
            doc = json.loads((Path(row.out_dir) / safe_id(student_id) / "results.json").read_text("utf-8"))
            maxima: dict[str, float] = {}
            for test in doc["tests"]:
                exercise = str(test["name"]).split(":", 1)[0]
                maxima[exercise] = maxima.get(exercise, 0.0) + float(test["max_score"])
        except (OSError, ValueError, KeyError, TypeError):
            return {}
        return {ex: round(m, 4) for ex, m in maxima.items()}

    def release_notebook(self, student_id: str, chapter: str, *, known: bool) -> tuple[str, bytes]:
        """The released student notebook of `chapter` ("ch02"/"ch05") personalised for this student
        (their own per-student variants, e.g. the recompile sequence the grader will judge them on,
        chosen by the login id, never by anything the student typed): (file name, bytes).

        Raises KeyError for an unknown chapter or an unknown student (`known` False)."""
        if chapter not in CHAPTERS or not known:
            raise KeyError(chapter)
        path = self.release.notebooks[chapter]
        released = json.loads(path.read_text(encoding="utf-8"))
        personal = personalise_notebook(released, student_id, self.release.root)
        return path.name, (json.dumps(personal, indent=1, ensure_ascii=False) + "\n").encode("utf-8")

    def rows_by_student(self) -> dict[str, list[Any]]:
        """Every attempt row, grouped by student, in id order (for the exports)."""
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(db.attempts).order_by(db.attempts.c.id)).all()
        by: dict[str, list[Any]] = {}
        for r in rows:
            by.setdefault(r.student_id, []).append(r)
        return by
