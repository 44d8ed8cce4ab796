"""The regrade queue: the candidate results of open regrade runs, graded through leases.

It follows the attempt queue's protocol (attempt_queue.py) on its own table, `regrade_results`:
a worker claims a queued result with a conditional UPDATE (`status='queued'` -> `running`, rowcount
checked) and a lease (`worker`, `lease_until`) that its heartbeat renews; `finish_*` write only
while the worker holds the lease; an expired lease is taken back by any process (or, after
`max_tries` losses, the result stays `grader_error`); a grader fault is retried with the same
backoff. Nothing here touches `attempts`: a candidate is invisible to the student until its run is
published (regrade_runs.py), and it never counts against an attempt limit.

Priority: the workers ask this queue only when the attempt queue had nothing to claim (worker.py),
so a live upload is always claimed before any regrade job, and they grade regrade jobs in a grade
host at a lower CPU priority. Only results of `open` runs are claimed (a cancelled run's queued
results stay as they are).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import sqlalchemy as sa

from autograder.service.domain.course import graded_artefacts
from autograder.service.domain.course.config import ServiceConfig
from autograder.service.domain.queue import leases
from autograder.service.records import ClaimedAttempt, GradedOutcome
from autograder.service.storage import db
from autograder.service.storage.blobs import BlobStore
from autograder.states import AttemptState, RegradeRunState

QUEUED, RUNNING = AttemptState.QUEUED, AttemptState.RUNNING
GRADED, GRADER_ERROR = AttemptState.GRADED, AttemptState.GRADER_ERROR
OPEN = RegradeRunState.OPEN  # regrade_runs.status of a run whose results may still be graded


@dataclass(frozen=True)
class RegradeJob:
    """One claimed candidate: the attempt's files (as a worker grades an attempt) and the release."""

    result_id: int
    run_id: int
    release: Path
    attempt: ClaimedAttempt  # `tries` and `worker` are the candidate's, not the attempt's


def outcome_values(outcome: GradedOutcome, artefacts: dict[str, str]) -> dict[str, Any]:
    """A graded outcome as the columns `attempts` and `regrade_results` share (`artefacts`: its
    artefacts' digests in the blob store, `graded_artefacts.put_all`)."""
    return {
        "score": outcome.score,
        "max_score": outcome.max_score,
        "grade_status": outcome.grade_status,
        "exercises": json.dumps(outcome.exercises),
        "subchecks": json.dumps(outcome.subchecks),
        "flags": json.dumps(list(outcome.flags)),
        "artefacts": json.dumps(artefacts),
    }


class RegradeQueue:
    def __init__(self, engine: sa.Engine, cfg: ServiceConfig, clock: Callable[[], float]):
        self.engine, self.cfg, self.clock = engine, cfg, clock
        self.blobs = BlobStore(cfg.blobs_dir)  # a candidate's artefacts, as a graded attempt's

    def requeue_expired(self) -> int:
        """Candidates whose lease ran out go back to the queue (grader_error after max_tries)."""
        now = self.clock()
        table, r = db.regrade_results, db.regrade_results.c
        expired = leases.expired(table, now)
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(r.id, r.worker, r.tries).where(r.status == RUNNING, expired)).all()
        n = 0
        for row in rows:
            with self.engine.begin() as conn:
                n += leases.take_back(conn, table, self.cfg, row, now)
        return n

    def claim_next(self, worker: str) -> RegradeJob | None:
        """Claim the oldest ready candidate of an open run, with a lease."""
        self.requeue_expired()
        now = self.clock()
        r, u = db.regrade_results.c, db.regrade_runs.c
        with self.engine.connect() as conn:
            ids = (
                conn.execute(
                    sa.select(r.id)
                    .join(db.regrade_runs, u.id == r.run_id)
                    .where(r.status == QUEUED, r.not_before <= now, u.status == OPEN)
                    .order_by(r.id)
                    .limit(16)
                )
                .scalars()
                .all()
            )
        for result_id in ids:
            job = self._try_claim(worker, result_id, now)
            if job is not None:
                return job
        return None

    def _try_claim(self, worker: str, result_id: int, now: float) -> RegradeJob | None:
        r, a, u = db.regrade_results.c, db.attempts.c, db.regrade_runs.c
        with self.engine.begin() as conn:
            if not leases.claim(conn, db.regrade_results, result_id, worker, now, self.cfg.lease_s):
                return None
            row = conn.execute(
                sa.select(
                    r.id,
                    r.run_id,
                    r.tries,
                    a.id.label("attempt_id"),
                    a.student_id,
                    a.submitted_at,
                    a.files,
                    u.release,
                )
                .join(db.attempts, a.id == r.attempt_id)
                .join(db.regrade_runs, u.id == r.run_id)
                .where(r.id == result_id)
            ).one()
        files = tuple((f["name"], f["sha256"]) for f in json.loads(row.files))
        attempt = ClaimedAttempt(row.attempt_id, row.student_id, row.submitted_at, files, row.tries, worker)
        return RegradeJob(row.id, row.run_id, Path(row.release), attempt)

    def extend_lease(self, worker: str, result_id: int) -> bool:
        until = self.clock() + self.cfg.lease_s
        return leases.extend_lease(self.engine, db.regrade_results, result_id, worker, until)

    def _finish(self, worker: str, result_id: int, values: dict[str, Any]) -> bool:
        with self.engine.begin() as conn:
            return leases.finish(conn, db.regrade_results, result_id, worker, values)

    def finish_graded(self, worker: str, result_id: int, outcome: GradedOutcome) -> bool:
        stored = graded_artefacts.put_all(self.blobs, outcome.artefacts)
        values = {"status": GRADED, "graded_at": self.clock(), "error": None}
        values |= outcome_values(outcome, stored)
        return self._finish(worker, result_id, values)

    def finish_grader_error(self, worker: str, result_id: int, error: str) -> bool:
        with self.engine.connect() as conn:
            tries = conn.execute(
                sa.select(db.regrade_results.c.tries).where(db.regrade_results.c.id == result_id)
            ).scalar_one()
        return self._finish(
            worker, result_id, leases.after_fault(self.cfg, tries, error, self.clock()).values
        )
