"""`Service`: the grader service's parts put together, shared by the JSON API, the pages and the workers.

Trusted side. Nothing here runs or imports student code (or JAX): uploads are stored as bytes,
grading happens in subprocesses supervised by `worker.py`.

Each job has its own module, and `Service` only builds them on one database and one data folder:

  identity       identity.Identity        the roster's students, access tokens, the TAs' tokens
  assignments    {id: term.course.Assignment}  the term's assignments (course file, or one "a1")
  releases       assignments.Releases     each assignment's release, read once
  assignment_lookup  assignment_lookup.AssignmentLookup  which assignment: by id, open now, by chapters
  attempt_reads  attempt_reads.AttemptReads  attempts as stored (the TA's view; scoped reads by student)
  counting       counting.Counting        a student's deadlines (with extensions), the counted attempt
  notebooks      student_notebooks.StudentNotebooks  release notebooks personalised per student
  intake         upload_intake.UploadIntake  accepting an upload: checks, blobs, the queued attempt
  grade_release  grade_release.GradeRelease  grade visibility; the TA's "release grades"
  queue          attempt_queue.AttemptQueue  claims with leases, heartbeats, finishing, regrades
  exports        exports.Exports          grades.csv, Canvas CSV, status, the dashboard
  login_throttle login_throttle.LoginThrottle  the pages' failed log-ins (page_auth.py uses it)
  regrades       regrade_runs.RegradeRuns  regrade runs under another release: diff, publish
  regrade_queue  regrade_queue.RegradeQueue  their candidates' claims with leases (behind live work)
  student_views  student_views.StudentViews  a student's own attempts, feedback and notebooks, as shown

There is one way in to each part: a caller takes the part it needs (`service.queue.claim_next(...)`),
and `Service` has no method that forwards to a part (tests/test_service_one_way_in.py). New
features (other routers) take the part they need rather than growing `Service`.

All state lives in the database and under `cfg.data_dir`; nothing in memory is needed by another
process, so several `jaxgrade serve` processes may share one PostgreSQL database.
"""

from __future__ import annotations

import os
import time
from typing import Any

from autograder.roster import load_roster
from autograder.service.domain.course import assignments, course_clock, graded_artefacts_import
from autograder.service.domain.course.assignment_lookup import AssignmentLookup
from autograder.service.domain.course.attempt_reads import AttemptReads
from autograder.service.domain.course.config import ServiceConfig
from autograder.service.domain.course.counting import Counting
from autograder.service.domain.gradebook.exports import Exports
from autograder.service.domain.gradebook.grade_release import GradeRelease
from autograder.service.domain.gradebook.student_views import StudentViews
from autograder.service.domain.identity.identity import Identity, load_ta_names
from autograder.service.domain.identity.login_throttle import LoginThrottle
from autograder.service.domain.identity.session_records import SessionPolicy, SessionRecords
from autograder.service.domain.intake import refusal_bucket
from autograder.service.domain.intake.refusal_bucket import RefusalBucket
from autograder.service.domain.intake.student_notebooks import StudentNotebooks
from autograder.service.domain.intake.upload_intake import UploadIntake
from autograder.service.domain.queue.attempt_queue import AttemptQueue
from autograder.service.domain.regrades.regrade_queue import RegradeQueue
from autograder.service.domain.regrades.regrade_runs import RegradeRuns
from autograder.service.records import (
    Attempt,
    ClaimedAttempt,
    GradedOutcome,
    Refusal,
    Student,
    hash_token,
    iso,
)
from autograder.service.storage import db
from autograder.service.storage.blobs import BlobStore
from autograder.service.storage.spool import Spool
from autograder.states import AttemptState
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
        graded_artefacts_import.import_legacy(self.engine, self.blobs)  # rows graded before 0018, once
        assignments.store(self.engine, list(self.assignments.values()), self.clock())
        self.assignment = next(iter(self.assignments.values()))  # the first (a1 without a course file)
        self.releases = assignments.Releases(self.engine)  # follows published regrade runs
        self.release = self.releases.of(self.assignment)  # the first assignment's release
        self.identity = Identity(self.engine, cfg, clock)
        self.queue = AttemptQueue(self.engine, cfg, clock)
        self.assignment_lookup = AssignmentLookup(cfg, clock, self.releases, self.assignments)
        self.attempt_reads = AttemptReads(self.engine, self.assignment_lookup, self.blobs)
        self.counting = Counting(self.engine, cfg, self.assignment_lookup, self.attempt_reads)
        self.notebooks = StudentNotebooks(self.releases, self.assignment_lookup, self.counting.local_time)
        self.intake = UploadIntake(
            self.engine,
            cfg,
            clock,
            self.blobs,
            self.releases,
            self.assignment_lookup,
            self.counting,
            self.attempt_reads,
            self.queue.notify_workers,
        )
        self.grade_release = GradeRelease(self.engine, self.assignment_lookup, self.counting, clock)
        self.exports = Exports(
            self.engine,
            cfg,
            self.releases,
            self.identity,
            self.assignment_lookup,
            self.attempt_reads,
            self.counting,
            self.queue.workers,
        )
        self.login_throttle = LoginThrottle(self.engine, clock)
        self.refusals = RefusalBucket(self.engine, clock, limit=refusal_bucket.limit_from_env())
        self.sessions = SessionRecords(self.engine, clock, SessionPolicy.from_env())
        self.regrade_queue = RegradeQueue(self.engine, cfg, clock)
        self.regrades = RegradeRuns(
            self.engine, clock, self.counting, self.queue.notify_workers, blobs=self.blobs
        )
        self.student_views = StudentViews(
            self.attempt_reads, self.notebooks, self.grade_release, self.identity
        )
        self.new_tokens: dict[str, str] = {}  # student id -> token issued by this start-up
        if cfg.roster is not None:
            self.new_tokens = self.identity.import_roster(load_roster(cfg.roster))
        self.identity.ensure_ta_token()
        self.new_ta_tokens: dict[str, str] = {}  # TA name -> token issued by this start-up
        if cfg.tas is not None:
            self.new_ta_tokens = self.identity.import_tas(load_ta_names(cfg.tas))
        self.queue.requeue_expired()
        self.regrade_queue.requeue_expired()

    def close(self) -> None:
        self.engine.dispose()
