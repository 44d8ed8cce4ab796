"""Accepting a student's upload: which assignment it goes to, the checks that may refuse it (deadline,
attempt rate, storage quota, the files, the assignment's chapters), storing its files and queueing
its attempt.

Durability: `submit` stores every file in the blob store (fsynced) and commits the attempt row
before it returns; only then does the API answer 202. The attempt limit is checked and the row
inserted in one transaction that locks the student's row (`SELECT ... FOR UPDATE` on PostgreSQL),
so two service processes cannot both let an upload past the limit; on SQLite, where one process
serves, a lock in the process does the same.
"""

from __future__ import annotations

import functools
import json
import threading
from collections.abc import Callable
from pathlib import Path

import sqlalchemy as sa

from autograder.i18n import _
from autograder.messages import chapter_zh
from autograder.service.domain.course import audit
from autograder.service.domain.course.assignment_lookup import AssignmentLookup
from autograder.service.domain.course.assignments import Releases
from autograder.service.domain.course.attempt_reads import AttemptReads
from autograder.service.domain.course.config import ServiceConfig
from autograder.service.domain.course.counting import Counting
from autograder.service.domain.intake.upload_rules import check_files
from autograder.service.records import Attempt, refusal
from autograder.service.storage import db
from autograder.service.storage.blobs import BlobStore
from autograder.service.storage.layout import chapters_in_layout, chapters_present
from autograder.states import AttemptState
from autograder.term.counting import Deadlines
from autograder.term.course import Assignment


class UploadIntake:
    def __init__(
        self,
        engine: sa.Engine,
        cfg: ServiceConfig,
        clock: Callable[[], float],
        blobs: BlobStore,
        releases: Releases,
        lookup: AssignmentLookup,
        counting: Counting,
        reads: AttemptReads,
        on_new_work: Callable[[], None],
    ):
        self.engine, self.cfg, self.clock = engine, cfg, clock
        self.blobs, self.releases, self.lookup = blobs, releases, lookup
        self.counting, self.reads = counting, reads
        self._on_new_work = on_new_work
        self._submit_lock = threading.Lock()  # SQLite: attempt-limit check and insert as one step
        self._chapters_in: Callable[[Path], set[str]] = chapters_in_layout

    def read_chapters_with(self, chapters_in: Callable[[Path], set[str]]) -> None:
        """Intake's reading of an upload laid out on disk goes through `chapters_in` from now on
        (the service's process pool, `intake_pool.py`; by default it runs in the calling thread)."""
        self._chapters_in = chapters_in

    # -- accepting an upload

    def check_upload_allowed(self, student_id: str, assignment_id: str | None = None) -> Assignment | None:
        """Raise the Refusal an upload by this student would get now (no such assignment, not open,
        deadline, attempt limit, a full storage quota), before any byte of the body is read; else
        the assignment it goes to (None: the upload's chapters will choose among the open ones).
        Pages call it to explain the form."""
        now = self.clock()
        target = self.lookup.upload_target(assignment_id)
        if target is not None:
            self._check_deadline(now, student_id, target)
        with self.engine.connect() as conn:
            self._check_rate(conn, student_id, now)
            self._check_quota(conn, student_id, 0)
        return target

    def _check_quota(self, conn: sa.Connection, student_id: str, incoming: int) -> None:
        """Refuse (413) an upload that would take the student's stored bytes past the quota."""
        quota = self.cfg.max_student_storage_bytes
        listed = conn.execute(sa.select(db.attempts.c.files).where(db.attempts.c.student_id == student_id))
        stored = sum(int(f["size"]) for (files,) in listed for f in json.loads(files))
        if stored + incoming > quota or (incoming == 0 and stored >= quota):
            mb = f"{quota / 2**20:g}"
            raise refusal(413, "storage_quota", f"student storage quota of {mb} MB used up", mb=mb)

    def _check_deadline(self, now: float, student_id: str, assignment: Assignment) -> Deadlines:
        if assignment.opens_at is not None and now < assignment.opens_at:
            when = self.counting.local_time(assignment.opens_at)
            raise refusal(
                403, "not_open_yet", f"{assignment.id} opens at {when}", title=assignment.title, when=when
            )
        deadlines = self.counting.deadlines(student_id, assignment.id)
        if deadlines.closed_at(now):
            closing = deadlines.late_until if deadlines.late_until is not None else deadlines.due_at
            when = self.counting.local_time(closing)  # type: ignore[arg-type]  # closed_at implies one is set
            raise refusal(403, "closed", f"submissions closed at {when}", when=when)
        return deadlines

    def _check_chapters(self, assignment: Assignment, present: Callable[[], set[str]]) -> None:
        """Refuse (422) notebooks of a chapter outside the assignment, as the batch's intake sees them
        (`present()`; an assignment that is its whole release takes any upload, as a single-assignment
        service does)."""
        if self.releases.whole_release(assignment):
            return
        own = self.releases.chapters(assignment)
        foreign = sorted(present() - set(own))
        if foreign:
            raise refusal(
                422,
                "wrong_chapters",
                f"{', '.join(foreign)} not part of assignment {assignment.id} ({', '.join(own)})",
                chapters=_("、").join(chapter_zh(c) for c in foreign),
                title=assignment.title,
                own=_("、").join(chapter_zh(c) for c in own),
            )

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

    def submit(
        self, student_id: str, files: list[tuple[str, bytes]], assignment_id: str | None = None
    ) -> Attempt:
        """Store the files and queue an attempt of the assignment; durable (blobs fsynced, row
        committed) on return.

        Without `assignment_id`, the only open assignment, else the one the upload's chapters name.
        Raises Refusal: 404/400 for no such (or no chosen) assignment, 403 before it opens or after
        the (late) deadline, 429 over the attempt limit, 400/413/422 for an unusable upload or one
        of another assignment's chapters. A notebook that intake will reject is accepted here: its
        attempt is graded to its malformed status, so nothing a student sent is lost.
        """
        now = self.clock()
        checked = self.check_files(files)
        # The chapters intake finds: the upload laid out in the spool and read once, only if asked.
        present = functools.cache(
            lambda: chapters_present(checked, now, self.cfg.spool_dir, self._chapters_in)
        )
        target = self.lookup.upload_target(assignment_id) or self.lookup.target_by_chapters(present())
        late = self._check_deadline(now, student_id, target).lateness_s(now) > 0
        self._check_chapters(target, present)
        with self._submit_lock, self.engine.begin() as conn:
            # Serialises this student's uploads across processes (PostgreSQL; a no-op on SQLite).
            conn.execute(
                sa.select(db.students.c.student_id)
                .where(db.students.c.student_id == student_id)
                .with_for_update()
            )
            self._check_rate(conn, student_id, now)
            self._check_quota(conn, student_id, sum(len(data) for _unused, data in checked))
            # Blobs only now, under this student's lock: a refused upload keeps no byte.
            stored = [{"name": n, "sha256": self.blobs.put(data), "size": len(data)} for n, data in checked]
            attempt_id = conn.execute(
                db.attempts.insert().values(
                    student_id=student_id,
                    assignment_id=target.id,
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
                assignment_id=target.id,
                student_id=student_id,
                attempt_id=int(attempt_id),
                detail=f"attempt {int(attempt_id)} uploaded" + (" (late)" if late else ""),
                old=None,
                new={"files": [f["name"] for f in stored], "late": late, "status": str(AttemptState.QUEUED)},
                at=now,
            )
        self._on_new_work()
        found = self.reads.attempt(student_id, int(attempt_id))
        assert found is not None
        return found
