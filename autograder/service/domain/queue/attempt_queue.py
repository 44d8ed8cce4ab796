"""The grading queue in the database, shared by every worker of every service process.

A worker claims the oldest queued attempt whose student has none running (FIFO across students)
and takes a lease on it: its process-unique worker id and `lease_until`. While it grades, its
heartbeat moves `lease_until` forward; `finish_*` only writes if the worker still holds the lease.
An attempt whose lease ran out (its process was killed, its host lost) goes back to the queue,
taken back by any worker of any process (`requeue_expired`, run at start-up and before claims);
a live lease is never taken back, so two processes never grade one attempt at once nor requeue
each other's work. An attempt whose lease ran out `max_tries` times stays `grader_error` (a
submission that brings its worker down must not do so forever).

Claims are conditional UPDATEs (`status='queued'` -> `running`, rowcount checked) and a partial
unique index allows one running attempt per student, so concurrent workers, threads or processes,
on SQLite or PostgreSQL, never claim the same attempt twice. Each claim is recorded in `gradings`
with how it ended.

Recording a graded attempt is one command in one transaction (`finish_graded`): the grade, its
points, the audit entry, the artefacts' digests (their bytes are put in the blob store first,
`graded_artefacts.py`), the grader's quiz answers and the student's LMS score
(`lti_outbox.counted_grade_changed`). A failure anywhere leaves none of them.

Waking idle workers is per process (a condition variable); a worker also polls every few seconds,
which is how an upload to another process reaches it.
"""

from __future__ import annotations

import json
import os
import secrets
import socket
import threading
from collections.abc import Callable, Mapping
from typing import Any

import sqlalchemy as sa

from autograder.service.domain.course import audit, graded_artefacts
from autograder.service.domain.course.config import ServiceConfig
from autograder.service.domain.gradebook import lti_outbox
from autograder.service.domain.queue import leases
from autograder.service.domain.quiz import quiz_answers
from autograder.service.records import ClaimedAttempt, GradedOutcome
from autograder.service.storage import db, scores
from autograder.service.storage.blobs import BlobStore
from autograder.states import AttemptState

QUEUED, RUNNING = AttemptState.QUEUED, AttemptState.RUNNING
_PROCESS = f"{socket.gethostname()[:24]}:{os.getpid()}:{secrets.token_hex(3)}"


def worker_id(name: str) -> str:
    """A worker id unique across processes and hosts (at most 64 characters, the column's width)."""
    return f"{_PROCESS}/{name}"[:64]


class AttemptQueue:
    def __init__(self, engine: sa.Engine, cfg: ServiceConfig, clock: Callable[[], float]):
        self.engine, self.cfg, self.clock = engine, cfg, clock
        self.blobs = BlobStore(cfg.blobs_dir)  # where a graded attempt's artefacts are kept
        self._work_ready = threading.Condition()
        self._workers: dict[str, int | None] = {}  # this process: worker id -> attempt it grades

    # -- leases

    def requeue_expired(self) -> int:
        """Attempts whose lease ran out go back to the queue (or to grader_error after max_tries
        such losses); returns how many were taken back."""
        now = self.clock()
        a, expired = db.attempts.c, leases.expired(db.attempts, now)
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(a.id, a.worker, a.tries).where(a.status == RUNNING, expired)).all()
        n = 0
        for row in rows:
            final = row.tries >= self.cfg.max_tries
            with self.engine.begin() as conn:
                if leases.take_back(conn, db.attempts, self.cfg, row, now):
                    self._end_grading(conn, row.id, row.worker, "lease_expired")
                    if final:
                        self._audit_grading(conn, row.id, {"status": str(AttemptState.GRADER_ERROR)})
                    n += 1
        return n

    def extend_lease(self, worker: str, attempt_id: int) -> bool:
        """The heartbeat: the lease runs `lease_s` from now. False if the worker lost it."""
        return leases.extend_lease(
            self.engine, db.attempts, attempt_id, worker, self.clock() + self.cfg.lease_s
        )

    # -- claiming and finishing

    def claim_next(self, worker: str) -> ClaimedAttempt | None:
        """Claim the oldest ready queued attempt whose student has none running, with a lease."""
        self.requeue_expired()
        now = self.clock()
        a = db.attempts.c
        running = sa.select(a.student_id).where(a.status == RUNNING)
        oldest = sa.func.min(a.id)
        with self.engine.connect() as conn:
            # Each waiting student's oldest ready attempt, oldest first: a student with many queued
            # attempts takes one place in this list, so nobody else waits behind their flood.
            candidates = (
                conn.execute(
                    sa.select(oldest)
                    .where(a.status == QUEUED, a.not_before <= now, a.student_id.not_in(running))
                    .group_by(a.student_id)
                    .order_by(oldest)
                    .limit(16)
                )
                .scalars()
                .all()
            )
        for attempt_id in candidates:
            claimed = self._try_claim(worker, attempt_id, now)
            if claimed is not None:
                with self._work_ready:
                    self._workers[worker] = attempt_id
                return claimed
        return None

    def _try_claim(self, worker: str, attempt_id: int, now: float) -> ClaimedAttempt | None:
        a = db.attempts.c
        try:
            with self.engine.begin() as conn:
                if not leases.claim(conn, db.attempts, attempt_id, worker, now, self.cfg.lease_s):
                    return None
                row = conn.execute(sa.select(db.attempts).where(a.id == attempt_id)).one()
                conn.execute(
                    db.gradings.insert().values(
                        attempt_id=attempt_id, worker=worker, claimed_at=now, **{"try": row.tries}
                    )
                )
        except sa.exc.IntegrityError:  # the student got a running attempt meanwhile
            return None
        files = tuple((f["name"], f["sha256"]) for f in json.loads(row.files))
        return ClaimedAttempt(
            row.id, row.student_id, row.submitted_at, files, row.tries, worker, row.assignment_id or ""
        )

    def _end_grading(self, conn: sa.Connection, attempt_id: int, worker: str | None, outcome: str) -> None:
        g = db.gradings.c
        conn.execute(
            db.gradings.update()
            .where(g.attempt_id == attempt_id, g.worker == (worker or ""), g.finished_at.is_(None))
            .values(finished_at=self.clock(), outcome=outcome)
        )

    def _audit_grading(
        self, conn: sa.Connection, attempt_id: int, new: dict[str, Any], before: Any | None = None
    ) -> None:
        """The audit entry of a grading's end (graded, or grader_error for good), `before` the
        attempt's row as it was (read now when not given: the score columns are not touched then)."""
        a = db.attempts.c
        if before is None:
            before = conn.execute(sa.select(db.attempts).where(a.id == attempt_id)).one()
        old = None
        if before.graded_at is not None:  # graded before: a regrade's result replaces that score
            old = {"score": before.score, "grade_status": before.grade_status}
        audit.record(
            conn,
            actor=audit.SYSTEM,
            action="grading",
            assignment_id=before.assignment_id,
            student_id=before.student_id,
            attempt_id=attempt_id,
            detail=f"attempt {attempt_id} " + ("graded" if "score" in new else "is a grader error"),
            old=old,
            new=new,
            at=self.clock(),
        )

    def _finish(
        self,
        worker: str,
        attempt_id: int,
        outcome: str,
        values: dict[str, Any],
        audited: dict[str, Any] | None,
        points: Mapping[str, float | None] | None = None,
        then: Callable[[sa.Connection, Any], None] | None = None,
    ) -> bool:
        """End the grading (only while `worker` holds the lease); `points`: a grade's points per
        exercise, stored as numbers in the same transaction; `then(conn, row before)`: the rest of
        the command, in that transaction too."""
        a = db.attempts.c
        with self.engine.begin() as conn:
            before = conn.execute(sa.select(db.attempts).where(a.id == attempt_id)).first()
            held = leases.finish(conn, db.attempts, attempt_id, worker, values)
            if held:
                if points is not None:
                    scores.replace(conn, attempt_id, points)
                self._end_grading(conn, attempt_id, worker, outcome)
                if audited is not None:  # a grade (or a final grader error) is recorded: audit it
                    self._audit_grading(conn, attempt_id, audited, before)
                if then is not None:
                    then(conn, before)
        self._worker_idle(worker)
        return held

    def finish_graded(
        self, worker: str, attempt_id: int, outcome: GradedOutcome, *, assignment_id: str | None = None
    ) -> bool:
        """Record the grade if `worker` still holds the lease (else nothing, and False): one command,
        one transaction with its points, audit entry, artefacts, the grader's quiz answers and the
        LMS score. `assignment_id`: the attempt's when its row names none (a one-assignment service)."""
        stored = graded_artefacts.put_all(self.blobs, outcome.artefacts)
        now = self.clock()

        def rest(conn: sa.Connection, before: Any) -> None:
            assignment = before.assignment_id or assignment_id
            quiz = outcome.artefacts.get("quiz")
            if quiz is not None and assignment is not None:
                quiz_answers.record_graded(conn, attempt_id=attempt_id, assignment_id=assignment,
                                           student_id=before.student_id, data=quiz, now=now)  # fmt: skip
            if assignment is not None:  # the LMS gradebook follows the counted grade (the outbox)
                lti_outbox.counted_grade_changed(conn, assignment, before.student_id)

        audited = {
            "score": outcome.score,
            "max_score": outcome.max_score,
            "grade_status": outcome.grade_status,
            "exercises": outcome.exercises,
        }
        return self._finish(
            worker,
            attempt_id,
            "graded",
            {
                "status": AttemptState.GRADED,
                "graded_at": now,
                "score": outcome.score,
                "max_score": outcome.max_score,
                "grade_status": outcome.grade_status,
                "subchecks": json.dumps(outcome.subchecks),
                "flags": json.dumps(list(outcome.flags)),
                "artefacts": json.dumps(stored),
                "error": None,
            },
            audited,
            outcome.exercises,
            rest,
        )

    def finish_grader_error(self, worker: str, attempt_id: int, error: str) -> bool:
        """A grader fault: queued again after a backoff while tries are left, else grader_error."""
        with self.engine.connect() as conn:
            tries = conn.execute(
                sa.select(db.attempts.c.tries).where(db.attempts.c.id == attempt_id)
            ).scalar_one()
        fault = leases.after_fault(self.cfg, tries, error, self.clock())
        return self._finish(
            worker,
            attempt_id,
            "retry" if fault.retried else "grader_error",
            fault.values,
            None if fault.retried else {"status": str(AttemptState.GRADER_ERROR)},
        )

    def regrade(self, student_id: str, actor: str) -> int:
        """Queue every finished attempt of the student again (fresh tries); returns how many.
        One audit entry by `actor` (a TA's name) when any attempt was queued. Raises KeyError for
        a student not on the roster."""
        a = db.attempts.c
        finished = (a.student_id == student_id) & a.status.in_(
            (AttemptState.GRADED, AttemptState.GRADER_ERROR)
        )
        with self.engine.begin() as conn:
            known = sa.select(db.students.c.student_id).where(db.students.c.student_id == student_id)
            if conn.execute(known).first() is None:
                raise KeyError(student_id)
            before = conn.execute(
                sa.select(a.id, a.status, a.score, a.assignment_id).where(finished).order_by(a.id)
            ).all()
            n = conn.execute(
                db.attempts.update()
                .where(finished)
                .values(status=QUEUED, tries=0, not_before=0.0, worker=None, lease_until=None)
            ).rowcount
            if n:
                audit.record(
                    conn,
                    actor=actor,
                    action="regrade",
                    assignment_id=before[0].assignment_id if before else None,
                    student_id=student_id,
                    detail=f"{n} attempt(s) queued for grading again",
                    old=[{"attempt_id": r.id, "status": r.status, "score": r.score} for r in before],
                    new={"requeued": int(n)},
                    at=self.clock(),
                )
        self.notify_workers()
        return int(n)

    # -- this process's workers (status, waking up)

    def register_worker(self, worker: str) -> None:
        with self._work_ready:
            self._workers[worker] = None

    def unregister_worker(self, worker: str) -> None:
        with self._work_ready:
            self._workers.pop(worker, None)

    def _worker_idle(self, worker: str) -> None:
        with self._work_ready:
            if worker in self._workers:
                self._workers[worker] = None

    def workers(self) -> list[dict[str, Any]]:
        with self._work_ready:
            return [{"name": n, "attempt": a} for n, a in sorted(self._workers.items())]

    def wait_for_work(self, timeout: float) -> None:
        """Block a worker until an upload or regrade arrives here, or `timeout` seconds pass."""
        with self._work_ready:
            self._work_ready.wait(timeout)

    def notify_workers(self) -> None:
        with self._work_ready:
            self._work_ready.notify_all()
