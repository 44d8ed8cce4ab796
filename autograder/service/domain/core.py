"""`Service`: the grader service's parts put together, shared by the JSON API, the pages and the workers.

Trusted side. Nothing here runs or imports student code (or JAX): uploads are stored as bytes,
grading happens in subprocesses supervised by `worker.py`.

Each job has its own module, and `Service` only builds them on one database and one data folder:

  identity       identity.Identity        the roster's students, access tokens, the TAs' tokens
  assignments    {id: term.course.Assignment}  the term's assignments (course file, or one "a1")
  releases       assignments.Releases     each assignment's release, read once
  submissions    submissions.Submissions  accepting uploads (upload_rules), reading attempts, policy
  grade_release  grade_release.GradeRelease  grade visibility; the TA's "release grades"
  queue          attempt_queue.AttemptQueue  claims with leases, heartbeats, finishing, regrades
  exports        exports.Exports          grades.csv, Canvas CSV, status, the dashboard
  login_throttle login_throttle.LoginThrottle  the pages' failed log-ins (page_auth.py uses it)
  regrades       regrade_runs.RegradeRuns  regrade runs under another release: diff, publish
  regrade_queue  regrade_queue.RegradeQueue  their candidates' claims with leases (behind live work)

New features (other routers) take the part they need from `Service` rather than growing it. The
methods below keep the API the routes and the tests use; each is one line into its part.

All state lives in the database and under `cfg.data_dir`; nothing in memory is needed by another
process, so several `jaxgrade serve` processes may share one PostgreSQL database.
"""

from __future__ import annotations

import os
import time
from typing import Any

from autograder.roster import Roster, load_roster
from autograder.service.domain import assignments, course_clock, refusal_bucket
from autograder.service.domain.attempt_queue import AttemptQueue
from autograder.service.domain.config import ServiceConfig
from autograder.service.domain.exports import Exports
from autograder.service.domain.grade_release import GradeRelease
from autograder.service.domain.identity import Identity, load_ta_names
from autograder.service.domain.login_throttle import LoginThrottle
from autograder.service.domain.refusal_bucket import RefusalBucket
from autograder.service.domain.regrade_queue import RegradeQueue
from autograder.service.domain.regrade_runs import RegradeRuns
from autograder.service.domain.session_records import SessionPolicy, SessionRecords
from autograder.service.domain.submissions import Submissions
from autograder.service.storage import db
from autograder.service.storage.blobs import BlobStore
from autograder.service.storage.records import (
    Attempt,
    ClaimedAttempt,
    GradedOutcome,
    Refusal,
    Student,
    hash_token,
    iso,
)
from autograder.service.storage.spool import Spool
from autograder.states import AttemptState
from autograder.term.counting import Counted, Deadlines
from autograder.term.course import Assignment

STATES = tuple(str(s) for s in AttemptState)
__all__ = [
    "STATES",
    "Attempt",
    "ClaimedAttempt",
    "GradedOutcome",
    "Refusal",
    "Service",
    "Student",
    "hash_token",
    "iso",
]


class Service:
    """Construction prepares DIR (0700), the schema, the roster's students and tokens, the TA token,
    and takes back attempts whose lease expired (a process that died); live leases of other
    processes are left alone."""

    def __init__(self, cfg: ServiceConfig, *, clock: Any = time.time):
        cfg.check()
        self.cfg = cfg
        self.clock = clock
        self.course_clock = course_clock.for_config(cfg)  # the pages' time zone, named
        cfg.data_dir.mkdir(parents=True, exist_ok=True)
        os.chmod(cfg.data_dir, 0o700)  # uploads, tokens and grades are private
        cfg.attempts_dir.mkdir(exist_ok=True)
        self.blobs = BlobStore(cfg.blobs_dir)
        self.spool = Spool(cfg.spool_dir)  # uploads' files while their bodies stream in
        self.spool.sweep()  # left by a process that died mid-upload
        self.assignments: dict[str, Assignment] = {a.id: a for a in assignments.for_config(cfg)}
        self.engine = db.connect(cfg.database_url, upgrade=cfg.upgrade_db)
        assignments.store(self.engine, list(self.assignments.values()), self.clock())
        self.assignment = next(iter(self.assignments.values()))  # the first (a1 without a course file)
        self.releases = assignments.Releases(self.engine)  # follows published regrade runs
        self.release = self.releases.of(self.assignment)  # the first assignment's release
        self.identity = Identity(self.engine, cfg, clock)
        self.queue = AttemptQueue(self.engine, cfg, clock)
        self.submissions = Submissions(
            self.engine, cfg, clock, self.blobs, self.releases, self.queue.notify_workers, self.assignments
        )
        self.grade_release = GradeRelease(self.engine, self.submissions, clock)
        self.exports = Exports(
            self.engine, cfg, self.releases, self.identity, self.submissions, self.queue.workers
        )
        self.login_throttle = LoginThrottle(self.engine, clock)
        self.refusals = RefusalBucket(self.engine, clock, limit=refusal_bucket.limit_from_env())
        self.sessions = SessionRecords(self.engine, clock, SessionPolicy.from_env())
        self.regrade_queue = RegradeQueue(self.engine, cfg, clock)
        self.regrades = RegradeRuns(self.engine, clock, self.submissions, self.queue.notify_workers)
        self.new_tokens: dict[str, str] = {}  # student id -> token issued by this start-up
        if cfg.roster is not None:
            self.new_tokens = self.import_roster(load_roster(cfg.roster))
        self.identity.ensure_ta_token()
        self.new_ta_tokens: dict[str, str] = {}  # TA name -> token issued by this start-up
        if cfg.tas is not None:
            self.new_ta_tokens = self.identity.import_tas(load_ta_names(cfg.tas))
        self.queue.requeue_expired()
        self.regrade_queue.requeue_expired()

    # -- identity
    def import_roster(self, roster: Roster) -> dict[str, str]:
        return self.identity.import_roster(roster)

    def reissue_token(self, student_id: str) -> str:
        return self.identity.reissue_token(student_id)

    def student_for_token(self, token: str | None) -> Student | None:
        return self.identity.student_for_token(token)

    # -- an assignment's deadlines (term/counting.py), per student with their extension
    def deadlines(self, student_id: str, assignment_id: str | None = None) -> Deadlines:
        return self.submissions.deadlines(student_id, assignment_id)

    def local_time(self, t: float) -> str:
        return self.submissions.local_time(t)

    def counted_detail(self, student_id: str, assignment_id: str | None = None) -> Counted | None:
        return self.submissions.counted_detail(student_id, assignment_id)

    def release_grades(self, assignment_id: str, *, actor: str) -> bool:
        """Raises a 404 Refusal for an unknown assignment; False: released before."""
        return self.grade_release.release(assignment_id, actor=actor)

    def is_ta_token(self, token: str | None) -> bool:
        return self.identity.is_ta_token(token)

    def ta_for_token(self, token: str | None) -> str | None:
        """The TA's name for `token` ("ta": DIR/ta-token), or None."""
        return self.identity.ta_for_token(token)

    def student(self, student_id: str) -> Student | None:
        return self.identity.student(student_id)

    def students(self) -> list[Student]:
        return self.identity.students()

    # -- submissions (student-facing reads show grades only once they are visible)
    def check_upload_allowed(self, student_id: str, assignment_id: str | None = None) -> Assignment | None:
        return self.submissions.check_upload_allowed(student_id, assignment_id)

    def check_files(self, files: list[tuple[str, bytes]]) -> list[tuple[str, bytes]]:
        return self.submissions.check_files(files)

    def submit(
        self, student_id: str, files: list[tuple[str, bytes]], assignment_id: str | None = None
    ) -> Attempt:
        return self.submissions.submit(student_id, files, assignment_id)

    def attempt(self, student_id: str, attempt_id: int) -> Attempt | None:
        found = self.submissions.attempt(student_id, attempt_id)
        return None if found is None else self.grade_release.student_views([found])[0]

    def attempts(self, student_id: str, assignment_id: str | None = None) -> list[Attempt]:
        return self.grade_release.student_views(self.submissions.attempts(student_id, assignment_id))

    def feedback_html(self, student_id: str, attempt_id: int) -> str | None:
        """None when the attempt is not the student's, not graded, or its grades are not shown yet."""
        found = self.attempt(student_id, attempt_id)
        if found is None or found.grades_hidden is not None:
            return None
        return self.submissions.feedback_html(student_id, attempt_id)

    def release_notebook(
        self, student_id: str, chapter: str, assignment_id: str | None = None
    ) -> tuple[str, bytes]:
        known = self.student(student_id) is not None
        return self.submissions.release_notebook(
            student_id, chapter, known=known, assignment_id=assignment_id
        )

    # -- exports and dashboard
    def counted_attempts(self) -> dict[str, Attempt | None]:
        return self.exports.counted_attempts()

    def grades_csv(self) -> str:
        return self.exports.grades_csv()

    def canvas_csv(self) -> str:
        return self.exports.canvas_csv()

    def status(self) -> dict[str, Any]:
        return self.exports.status()

    def dashboard(self) -> dict[str, Any]:
        return self.exports.dashboard()

    # -- the queue
    def regrade(self, student_id: str, actor: str = "ta") -> int:
        """Raises KeyError for an unknown student. `actor`: the TA's name (audit log)."""
        if self.student(student_id) is None:
            raise KeyError(student_id)
        return self.queue.regrade(student_id, actor)

    def requeue_expired(self) -> int:
        return self.queue.requeue_expired()

    def claim_next(self, worker: str) -> ClaimedAttempt | None:
        return self.queue.claim_next(worker)

    def extend_lease(self, worker: str, attempt_id: int) -> bool:
        return self.queue.extend_lease(worker, attempt_id)

    def finish_graded(self, worker: str, attempt_id: int, outcome: GradedOutcome) -> bool:
        return self.queue.finish_graded(worker, attempt_id, outcome)

    def finish_grader_error(self, worker: str, attempt_id: int, error: str) -> bool:
        return self.queue.finish_grader_error(worker, attempt_id, error)

    def register_worker(self, worker: str) -> None:
        self.queue.register_worker(worker)

    def unregister_worker(self, worker: str) -> None:
        self.queue.unregister_worker(worker)

    def wait_for_work(self, timeout: float) -> None:
        self.queue.wait_for_work(timeout)

    def notify_workers(self) -> None:
        self.queue.notify_workers()

    def blob(self, sha256: str) -> bytes:
        return self.blobs.get(sha256)

    def close(self) -> None:
        self.engine.dispose()
