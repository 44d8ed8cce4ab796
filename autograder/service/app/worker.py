"""Grading workers: each claims the next queued attempt, holds its lease, and grades it.

A worker is a thread of the service process that only supervises: it materialises the attempt as
a SUBMISSIONS folder with one entry named by the student id (exactly the uploaded files) and has
its grade host (commands/grade_host.py, a subprocess that stays up) run

    jaxgrade grade <folder> --out <attempt out> --release R --jobs 1 [--exercises E] [grade args]

on it (R, E: the attempt's assignment's release, and its exercises when it is part of R): the TA's
batch code path, so the grades are the batch's by construction. While that runs,
the worker renews the attempt's lease every lease_s / 4 (the heartbeat). The result is the one
`jaxgrade-result/1` file the host writes (OUT/result.json), validated by its JSON Schema and checked
against the release (`read_outcome`, grade/result_file.py); the batch's gradebook and grades.csv are
never read here, and neither is anything else in OUT but the artefacts the result file lists (each
under its cap, its size and sha256 proven; the quiz scores checked against the key): the command
that records the grade copies them into the blob store, and nothing reads OUT after it.
Exit code 0 with a graded result is `graded`; anything else (exit 1 = the
batch's grader fault, a crash of the host, a timeout, missing output) is a grader fault, retried
with backoff (attempt_queue.py). A worker that lost its lease kills the host and records nothing.

Layout: DIR/attempts/<id>/try-<n>/{subs/<entry>, out/, grade.log, host.pid}; the try folder is new
for every try, so a try left behind by a killed service never mixes with the next one. The service
process stays JAX-free: the host imports the grader, and student code runs only in its sandboxed
children.
"""

from __future__ import annotations

import contextlib
import ctypes
import json
import logging
import os
import select
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

from autograder.exercises import EXERCISE_IDS
from autograder.grade import result_file
from autograder.grade.codec import RESULT_FORMAT
from autograder.grade.cores import chapters_at_once_for
from autograder.messages import Status
from autograder.model import GraderFault, ReleaseInfo
from autograder.service.domain.core import ClaimedAttempt, GradedOutcome, Service
from autograder.service.domain.course import graded_artefacts
from autograder.service.domain.queue.attempt_queue import worker_id
from autograder.service.domain.quiz import quiz_answers
from autograder.service.domain.regrades.regrade_queue import RegradeJob
from autograder.service.storage.layout import materialise
from autograder.term.course import Assignment

log = logging.getLogger("jaxgrade.service")
REGRADE_NICE = 10  # a regrade host's extra niceness: live gradings on the same machine get the CPU first


class GradeRunFailed(Exception):
    """The grading subprocess did not produce a usable result (a grader fault, never a 0)."""


def _die_with_parent() -> None:
    # The grade subprocess must not outlive a killed service (it would grade twice at restart).
    try:
        libc = ctypes.CDLL("libc.so.6", use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except OSError:
        pass


def read_outcome(
    out: Path, student_id: str, release: ReleaseInfo, exercises: tuple[str, ...] = ()
) -> GradedOutcome:
    """The attempt's result from a finished batch folder: its `jaxgrade-result/1` file (the grade
    host writes OUT/result.json), validated against the format's JSON Schema and checked against the
    release as a child's output is (grade/result_file.py). The worker never opens the batch's
    gradebook nor its grades.csv. `exercises`: the graded ones when the batch ran with `--exercises`.
    GradeRunFailed (its message starts with the refusing check's status) if it is not all there."""
    try:
        graded = result_file.read_graded(out, student_id=student_id, release=release, exercises=exercises)
    except result_file.ResultFileError as exc:
        raise GradeRunFailed(f"the batch's result is not valid {RESULT_FORMAT}: {exc}") from exc
    checked = graded.result
    quiz = graded.artefacts.get("quiz")
    if quiz is not None:  # scored once, by the grader: checked against the trusted key, never redone
        try:
            quiz_answers.checked_scores(quiz, quiz_answers.key_at(release.root))
        except ValueError as exc:
            raise GradeRunFailed(f"the batch's quiz scores are not the key's: artefact_quiz: {exc}") from exc
    scores = {
        ex: (None if (s := checked.scores.get(ex)) is None or s.status == Status.SKIPPED else s.score)
        for ex in EXERCISE_IDS
    }
    subchecks = {t.name: t.passed for s in checked.scores.values() for t in s.tests}
    return GradedOutcome(
        score=float(checked.total),
        max_score=float(checked.max_total),
        grade_status=checked.status,
        exercises=scores,
        subchecks=subchecks,
        flags=tuple(checked.flags),
        out_dir=str(out.resolve()),
        artefacts={
            **graded.artefacts,
            graded_artefacts.MAXIMA: graded_artefacts.maxima_bytes(graded.maxima()),
        },
    )


class LeaseLost(Exception):
    """Another worker took the attempt back (this one's heartbeat stopped for longer than the lease)."""


class HostDied(GradeRunFailed):
    """The grade host exited or was killed while grading."""


class HostProcess:
    """One worker's grade host (commands/grade_host.py): started on first use, restarted after it died, was
    killed (timeout, lease lost) or graded MAX_JOBS_PER_HOST attempts (bounds what a long-lived
    batch client can accumulate). It dies with the service (PR_SET_PDEATHSIG)."""

    MAX_JOBS_PER_HOST = 200

    def __init__(self, log_path: Path, *, nice: int = 0):
        self.log_path = log_path
        self.nice = nice  # added to the host's niceness (regrade hosts: behind live gradings for the CPU)
        self.proc: subprocess.Popen[bytes] | None = None
        self.jobs = 0

    def _start(self) -> subprocess.Popen[bytes]:
        if self.proc is not None and self.proc.poll() is None and self.jobs < self.MAX_JOBS_PER_HOST:
            return self.proc
        self.kill()
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        with open(self.log_path, "ab") as logf:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "autograder.commands.grade_host"],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=logf,
                start_new_session=True,
                preexec_fn=self._prepare_child,
            )
        self.jobs = 0
        return self.proc

    def _prepare_child(self) -> None:
        _die_with_parent()
        if self.nice:
            os.nice(self.nice)

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()
        self.proc = None

    def run(
        self,
        argv: list[str],
        log: Path,
        *,
        timeout_s: float,
        beat_s: float,
        beat: Callable[[], bool],
        result_for: str | None = None,
    ) -> int:
        """`jaxgrade grade ARGV`'s exit code; `beat()` every `beat_s` while it grades (False: stop).
        `result_for`: the student whose result file the host writes into the batch's OUT."""
        proc = self._start()
        assert proc.stdin is not None and proc.stdout is not None
        self.jobs += 1
        (log.parent / "host.pid").write_text(f"{proc.pid}\n")  # for a TA (and tests) to see who grades
        try:
            request = {"argv": argv, "log": str(log), "result_for": result_for}
            proc.stdin.write((json.dumps(request) + "\n").encode())
            proc.stdin.flush()
        except OSError as exc:
            self.kill()
            raise HostDied(f"the grade host is gone: {exc}") from exc
        end = time.monotonic() + timeout_s
        while True:
            ready, _, _ = select.select([proc.stdout], [], [], max(0.0, min(beat_s, end - time.monotonic())))
            if ready:
                line = proc.stdout.readline()
                if not line:
                    code = proc.wait()
                    self.proc = None
                    raise HostDied(f"the grade host exited with {code} while grading")
                return int(json.loads(line)["exit"])
            if time.monotonic() >= end:
                self.kill()
                raise GradeRunFailed(f"jaxgrade grade did not finish in {timeout_s:g} s") from None
            if not beat():
                self.kill()
                raise LeaseLost("the lease was taken back while grading")


def grade_args(
    service: Service, subs: Path, out: Path, release: Path | None = None, exercises: tuple[str, ...] = ()
) -> list[str]:
    """`jaxgrade grade` arguments for one attempt: its release, and `--exercises` when its assignment
    is only part of that release (so the total is out of the assignment's points)."""
    cfg = service.cfg
    scope = ["--exercises", ",".join(exercises)] if exercises else []
    return [
        str(subs),
        "--out",
        str(out),
        "--release",
        str((release or cfg.release).resolve()),
        "--jobs",
        "1",
        # each worker grades one attempt at a time: its chapters at once when every worker has two cores
        "--chapters-at-once",
        "on" if chapters_at_once_for("auto", cfg.workers) else "off",
        *scope,
        *cfg.grade_args,
    ]


def assignment_of(service: Service, attempt: ClaimedAttempt) -> Assignment:
    return service.assignments.get(attempt.assignment_id, service.assignment)


def scope_of(service: Service, assignment: Assignment) -> tuple[str, ...]:
    """The exercises to grade: () for a whole release, else the assignment's."""
    return () if service.releases.whole_release(assignment) else assignment.exercises


def grade_attempt(service: Service, attempt: ClaimedAttempt, host: HostProcess) -> GradedOutcome:
    """Grade one claimed attempt in `host` against its assignment's release, renewing its lease while
    it runs. One host grades every release (each request names its own)."""
    assignment = assignment_of(service, attempt)
    base = service.cfg.attempts_dir / str(attempt.id) / f"try-{attempt.tries}"
    beat = lambda: service.queue.extend_lease(attempt.worker, attempt.id)  # noqa: E731
    release = service.releases.of(assignment)
    scope = scope_of(service, assignment)
    return grade_files(service, attempt, host, base=base, release=release, beat=beat, exercises=scope)


def grade_regrade_job(service: Service, job: RegradeJob, host: HostProcess) -> GradedOutcome:
    """Grade one claimed regrade candidate under its run's release (DIR/regrades/<run>/<attempt>/try-<n>)."""
    attempt = job.attempt
    base = service.cfg.data_dir / "regrades" / str(job.run_id) / str(attempt.id) / f"try-{attempt.tries}"
    try:
        release = ReleaseInfo.load(job.release)
    except GraderFault as exc:
        raise GradeRunFailed(str(exc)) from exc
    beat = lambda: service.regrade_queue.extend_lease(attempt.worker, job.result_id)  # noqa: E731
    scope = scope_of(service, assignment_of(service, attempt))
    return grade_files(service, attempt, host, base=base, release=release, beat=beat, exercises=scope)


def grade_files(
    service: Service,
    attempt: ClaimedAttempt,
    host: HostProcess,
    *,
    base: Path,
    release: ReleaseInfo,
    beat: Callable[[], bool],
    exercises: tuple[str, ...] = (),
) -> GradedOutcome:
    """Grade the attempt's files in a fresh folder `base` against `release` (only `exercises`, when
    given), `beat()` while it runs."""
    cfg = service.cfg
    if base.exists():  # a try of the same number from a process that died: start it clean
        shutil.rmtree(base)
    base.mkdir(parents=True)
    subs, out = base / "subs", base / "out"
    materialise(service.blobs, attempt, subs)
    code = host.run(
        grade_args(service, subs, out, release.root, exercises),
        base / "grade.log",
        timeout_s=cfg.grade_timeout_s,
        beat_s=cfg.lease_s / 4,
        beat=beat,
        result_for=attempt.student_id,
    )
    if code != 0:
        tail = (base / "grade.log").read_bytes()[-600:].decode("utf-8", "replace")
        raise GradeRunFailed(f"jaxgrade grade exited with {code}: {tail}")
    shutil.rmtree(subs, ignore_errors=True)  # the blobs keep the files; the folder was only for the batch
    return read_outcome(out, attempt.student_id, release, exercises)


class Worker(threading.Thread):
    def __init__(self, service: Service, name: str, stop: threading.Event):
        super().__init__(name=name, daemon=True)
        self.service, self.stop = service, stop
        self.worker_id = worker_id(name)
        self.host = HostProcess(service.cfg.data_dir / "hosts" / f"{os.getpid()}-{name}.log")
        # Regrade candidates: their own host at a lower CPU priority, started on demand, stopped when idle.
        hosts = service.cfg.data_dir / "hosts"
        self.regrade_host = HostProcess(hosts / f"{os.getpid()}-{name}-regrade.log", nice=REGRADE_NICE)

    def run(self) -> None:
        self.service.queue.register_worker(self.worker_id)
        try:
            while not self.stop.is_set():
                try:
                    attempt = self.service.queue.claim_next(self.worker_id)
                except Exception:
                    log.exception("%s: cannot claim from the queue", self.name)
                    self.stop.wait(5.0)
                    continue
                if attempt is None:
                    if self.regrade_next():  # only when no live upload waits: live work comes first
                        continue
                    self.service.queue.wait_for_work(
                        2.0
                    )  # also wakes up for retries and other processes' uploads
                    continue
                self.grade(attempt)
        finally:
            self.host.kill()
            self.regrade_host.kill()
            self.service.queue.unregister_worker(self.worker_id)

    def grade(self, attempt: ClaimedAttempt) -> None:
        log.info(
            "%s: grading attempt %d of %s (try %d)", self.name, attempt.id, attempt.student_id, attempt.tries
        )
        try:
            outcome = grade_attempt(self.service, attempt, self.host)
        except LeaseLost:
            log.warning("%s: attempt %d: lease lost; left to the worker that took it", self.name, attempt.id)
            return
        except Exception as exc:  # GradeRunFailed or our own bug: the grader's fault either way
            log.warning("%s: attempt %d: grader fault: %s", self.name, attempt.id, exc)
            if not self.service.queue.finish_grader_error(
                attempt.worker, attempt.id, f"{type(exc).__name__}: {exc}"
            ):
                log.warning("%s: attempt %d: lease lost before the fault was recorded", self.name, attempt.id)
            return
        # One command, one transaction: the grade, its audit entry, its artefacts, the grader's quiz
        # answers and the LMS score (attempt_queue.finish_graded); a failure records none of them.
        assignment_id = attempt.assignment_id or self.service.assignment.id
        try:
            recorded = self.service.queue.finish_graded(
                attempt.worker, attempt.id, outcome, assignment_id=assignment_id
            )
        except Exception as exc:  # our own bug or the database: nothing was recorded, so retry it
            log.exception("%s: attempt %d: its grade could not be recorded", self.name, attempt.id)
            self.service.queue.finish_grader_error(attempt.worker, attempt.id, f"{type(exc).__name__}: {exc}")
            return
        if not recorded:
            log.warning("%s: attempt %d: lease lost; its grade was not recorded", self.name, attempt.id)
            return
        log.info(
            "%s: attempt %d graded: %s %g/%g",
            self.name,
            attempt.id,
            outcome.grade_status,
            outcome.score,
            outcome.max_score,
        )

    def regrade_next(self) -> bool:
        """Claim and grade one regrade candidate; False (and the regrade host stopped) when none waits."""
        try:
            job = self.service.regrade_queue.claim_next(self.worker_id)
        except Exception:
            log.exception("%s: cannot claim from the regrade queue", self.name)
            return False
        if job is None:
            self.regrade_host.kill()  # idle: a host holds the grader's memory
            return False
        attempt = job.attempt
        log.info(
            "%s: regrading attempt %d under run %d (try %d)", self.name, attempt.id, job.run_id, attempt.tries
        )
        queue = self.service.regrade_queue
        try:
            outcome = grade_regrade_job(self.service, job, self.regrade_host)
        except LeaseLost:
            log.warning("%s: regrade of attempt %d: lease lost", self.name, attempt.id)
            return True
        except Exception as exc:  # GradeRunFailed or our own bug: the grader's fault either way
            log.warning("%s: regrade of attempt %d: grader fault: %s", self.name, attempt.id, exc)
            queue.finish_grader_error(attempt.worker, job.result_id, f"{type(exc).__name__}: {exc}")
            return True
        if not queue.finish_graded(attempt.worker, job.result_id, outcome):
            log.warning("%s: regrade of attempt %d: lease lost; not recorded", self.name, attempt.id)
        return True


class WorkerPool:
    def __init__(self, service: Service, n: int):
        self.service, self.n = service, n
        self.stop_event = threading.Event()
        self.threads: list[Worker] = []

    def start(self) -> None:
        for i in range(self.n):
            w = Worker(self.service, f"worker-{i + 1}", self.stop_event)
            w.start()
            self.threads.append(w)

    def stop(self) -> None:
        """Stop claiming; a grade in progress is killed with its host, and its lease runs out so that
        any process takes it back."""
        self.stop_event.set()
        self.service.queue.notify_workers()
