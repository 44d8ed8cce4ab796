"""Batch driver: grade a SUBMISSIONS folder into OUT/, in parallel and resumably (trusted parent).

For each student, in this process (the client): receive (gradebook row, safe folder name) ->
intake -> skip if unchanged -> parsed -> running -> hand the StudentSubmission to the executor.
The executor (autograder/executors/: a local thread pool, or a Dask cluster) only turns it into a
StudentResult; back here `grade_student` (the per-student step Gradescope's run_autograder calls
too) checks and completes it -> graded (one transaction) -> OUT/<safe id>/ files. Every gradebook
write happens here, never in an executor.
At most `executor.capacity()` students are in flight. The grade function of the local executor
is injected (`grade_fn`), so tests drive the batch with a fake runner.

Failure kinds stay apart:
- the student's fault (bad file, timeout, crash, failed checks) is a recorded result with a status;
  a `StudentInputError` that reaches the batch (a decoding layer refused the student's data, see
  autograder/student_input.py) is one too: `malformed:unusable_input` with the layer's message;
- a `GraderFault` (or any unexpected exception from the grader) marks that submission
  `grader_error`; the batch goes on, and the exit code is non-zero at the end. It is retried by
  the next run. An interrupted batch (even `kill -9`) resumes the same way: whatever is not
  `graded` with the same content hash, release and scope is graded again.

Reports (grades.csv, report.md, every student's files) are rendered from the gradebook at the
end, so the output depends only on what the gradebook holds.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import shutil
import sys
import tempfile
import threading
import time
import traceback
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, wait
from contextlib import contextmanager
from dataclasses import dataclass, is_dataclass, replace
from pathlib import Path
from typing import Any, TextIO

from autograder.exercises import CHAPTERS, EXERCISE_IDS, load
from autograder.exercises.base import ExerciseScore, zero_score
from autograder.grade import reports
from autograder.grade.cores import available_cores
from autograder.grade.executor import Executor, LocalExecutor
from autograder.grade.gradebook import Gradebook
from autograder.grade.intake import DEFAULT_LIMITS, Discovered, Entry, IntakeLimits, discover, intake_student
from autograder.grade.run.behaviour_read import write_behaviour
from autograder.grade.run.probe_profile import load_profiles, totals_by_exercise
from autograder.messages import (
    NOT_GRADED_ZH,
    Status,
    intake_message,
    malformed,
    message,
    partial_not_submitted,
    partial_too_large,
)
from autograder.model import GraderFault, Phase, ReleaseInfo, StudentResult, StudentSubmission
from autograder.states import BuildStatus, JobKind, SubmissionState
from autograder.student_input import StudentInputError

GradeFn = Callable[[StudentSubmission, ReleaseInfo, Any], StudentResult]
Grade = Callable[[StudentSubmission], StudentResult]  # what an executor runs for one student

CHAPTER_OF = {ex: ch for ch, ids in CHAPTERS.items() for ex in ids}


def missing_chapter_zh(chapter: str) -> str:
    return message("not_submitted", chapter_no=int(chapter[2:]))


@dataclass(frozen=True)
class GradingScope:
    """What a student's result depends on besides the submission and the release."""

    exercises: tuple[str, ...] = ()  # empty: all
    unsafe_no_sandbox: bool = False

    @property
    def key(self) -> str:
        """The gradebook's `scope` column: a stored grade is reused only under the same key."""
        sandbox = "none" if self.unsafe_no_sandbox else "yes"
        return f"exercises={','.join(self.exercises) or 'all'};sandbox={sandbox}"


@dataclass(frozen=True)
class BatchConfig:
    submissions: Path
    out: Path
    release: ReleaseInfo
    jobs: int
    regrade: bool = False
    exercises: tuple[str, ...] = ()  # empty: all
    isolation: str = "bwrap"
    unsafe_no_sandbox: bool = False
    limits: IntakeLimits = DEFAULT_LIMITS
    progress: bool | None = None  # None: a progress bar when stderr is a TTY

    @property
    def grading_scope(self) -> GradingScope:
        return GradingScope(self.exercises, self.unsafe_no_sandbox)

    @property
    def scope(self) -> str:
        """What else (besides content hash and release) a stored grade depends on."""
        return self.grading_scope.key


@dataclass(frozen=True)
class JobOutcome:
    student_id: str
    kind: JobKind
    status: str
    total: float | None
    max_total: float | None
    seconds: float
    error: str = ""


@dataclass(frozen=True)
class BatchSummary:
    students: tuple[str, ...]
    graded_now: tuple[str, ...]
    unchanged: tuple[str, ...]
    grader_errors: tuple[str, ...]
    exit_code: int  # 0, or 1 when any submission ended in grader_error
    reason: str  # one line for stderr when exit_code != 0


# ---------------------------------------------------------------------------------------------
# Completing a result


def _not_graded(exercise: str, points: float, status: str, summary_zh: str) -> ExerciseScore:
    """0 of `points` for an exercise that was never run (intake failure, chapter not submitted)."""
    return zero_score(load(exercise).EXERCISE, status, summary_zh, points=points, mark_zh=NOT_GRADED_ZH)


def _skipped(exercise: str) -> ExerciseScore:
    return ExerciseScore(exercise, 0.0, 0.0, (), Status.SKIPPED, "")


def intake_failure_result(sub: StudentSubmission, release: ReleaseInfo, scope: GradingScope) -> StudentResult:
    status = sub.status
    head = status.split(":", 1)[0]
    summary = reports.status_zh(status)
    scores = {
        ex: _skipped(ex) if scope.exercises and ex not in scope.exercises
        else _not_graded(ex, release.points[ex], head, summary)
        for ex in EXERCISE_IDS
    }  # fmt: skip
    flags = ("unsafe_no_sandbox",) if scope.unsafe_no_sandbox else ()
    return StudentResult(sub.student_id, sub.content_hash, release.version, scores, status, (),
                         tuple(sub.problems_zh), flags)  # fmt: skip


UNUSABLE_INPUT = "unusable_input"  # the intake code of a StudentInputError that reached the batch


def unusable_input_submission(sub_id: str, exc: StudentInputError) -> StudentSubmission:
    """What intake hands on when a decoding layer refused the student's data as a whole."""
    digest = hashlib.sha256(f"jaxgrade-unusable-v1\0{exc.detail}".encode("utf-8", "replace")).hexdigest()
    problems = (intake_message(UNUSABLE_INPUT, detail=exc.message_zh),)
    return StudentSubmission(sub_id, digest, {}, {}, problems, malformed(UNUSABLE_INPUT))


def unusable_input_result(sub: StudentSubmission, release: ReleaseInfo, scope: GradingScope,
                          exc: StudentInputError) -> StudentResult:
    """The student's result when grading met data no decoding layer could use: 0 points with the
    layer's message (the student's status, never a grader error)."""
    refused = unusable_input_submission(sub.student_id, exc)
    refused = replace(refused, content_hash=sub.content_hash,
                      problems_zh=(*sub.problems_zh, *refused.problems_zh))
    return intake_failure_result(refused, release, scope)


def _missing_status(missing: list[str], too_large: dict[str, str]) -> str:
    """One chapter missing: handed in but left out for its size (`partial:too_large:<chapter>`), or not
    handed in; more than one: `not_submitted`."""
    if len(missing) > 1:
        return Status.NOT_SUBMITTED
    return partial_too_large(missing[0]) if missing[0] in too_large else partial_not_submitted(missing[0])


def _derive_status(
    runner_status: str,
    scores: dict[str, ExerciseScore],
    missing: list[str],
    kernel_builds: dict[str, str],
    too_large: dict[str, str],
) -> str:
    if runner_status not in ("", Status.OK):
        return runner_status
    if any(s.status == Status.TAMPERED for s in scores.values()):
        return Status.TAMPERED
    if missing:
        return _missing_status(missing, too_large)
    for wanted in reports.NOTABLE_EXERCISE_STATUSES:
        if any(scores[ex].status == wanted for ex in EXERCISE_IDS if ex in scores):
            return wanted
    # only the kernel the student's grading loads counts: another source that fails to build does not
    if any(status == BuildStatus.COMPILE_ERROR for status in kernel_builds.values()):
        return Status.BUILD_FAILED
    return Status.OK


def complete_result(
    sub: StudentSubmission, release: ReleaseInfo, result: StudentResult, scope: GradingScope
) -> StudentResult:
    """Every exercise present (missing chapter -> 0 with a message, filtered out -> skipped),
    a status from the documented vocabulary, TA flags and the intake notes for the student."""
    if result.student_id != sub.student_id:
        raise GraderFault(f"runner returned a result for {result.student_id!r}, expected {sub.student_id!r}")
    unknown = set(result.scores) - set(EXERCISE_IDS)
    if unknown:
        raise GraderFault(f"runner returned unknown exercises {sorted(unknown)}")
    missing = [ch for ch in CHAPTERS if ch not in sub.notebooks]
    # why a chapter is missing, for the student: its notebook left out for its size, or not handed in
    why = {ch: sub.too_large_zh.get(ch) or missing_chapter_zh(ch) for ch in missing}
    scores: dict[str, ExerciseScore] = {}
    messages = list(sub.problems_zh)
    messages += why.values()
    for ex in EXERCISE_IDS:
        if scope.exercises and ex not in scope.exercises:
            scores[ex] = _skipped(ex)
        elif CHAPTER_OF[ex] in missing:
            got = result.scores.get(ex)
            if got is not None and got.score > 0:
                raise GraderFault(f"runner scored {ex} although chapter {CHAPTER_OF[ex]} was not submitted")
            head = Status.MALFORMED if CHAPTER_OF[ex] in sub.too_large_zh else Status.NOT_SUBMITTED
            scores[ex] = _not_graded(ex, release.points[ex], head, why[CHAPTER_OF[ex]])
        elif ex in result.scores:
            scores[ex] = result.scores[ex]
        else:
            raise GraderFault(f"runner returned no score for {ex} of a submitted chapter")
    flags = set(result.flags)
    if any(s.status == Status.TAMPERED for s in scores.values()):
        flags.add("tampered")
    if scope.unsafe_no_sandbox:
        flags.add("unsafe_no_sandbox")
    for m in result.messages_zh:
        if m not in messages:
            messages.append(m)
    return replace(
        result,
        content_hash=sub.content_hash,
        release_version=release.version,
        scores=scores,
        status=_derive_status(result.status, scores, missing, result.kernel_builds, sub.too_large_zh),
        messages_zh=tuple(messages),
        flags=tuple(sorted(flags)),
    )


def grade_student(
    sub: StudentSubmission, release: ReleaseInfo, grade: Grade, scope: GradingScope
) -> StudentResult:
    """One student's result after intake, the same for `jaxgrade grade` and Gradescope.

    An intake failure is scored without running anything. Otherwise `grade` runs the submission
    (the runner; in a batch, the result the executor produced) and `complete_result` checks and
    completes what it returned. Raises GraderFault when the grader failed.
    """
    if sub.status != "ok":
        return intake_failure_result(sub, release, scope)
    try:
        result = grade(sub)
    except StudentInputError as exc:
        return unusable_input_result(sub, release, scope, exc)
    return complete_result(sub, release, result, scope)


# ---------------------------------------------------------------------------------------------
# Progress


class _Progress:
    def __init__(self, total: int, stream: TextIO, bar: bool):
        self.total, self.stream, self.bar = total, stream, bar
        self.done = 0
        self._lock = threading.Lock()

    def update(self, o: JobOutcome) -> None:
        with self._lock:
            self.done += 1
            score = f"{o.total:g}/{o.max_total:g}" if o.total is not None and o.max_total is not None else "-"
            word = {
                JobKind.GRADED: o.status,
                JobKind.UNCHANGED: f"{o.status} (unchanged)",
                JobKind.GRADER_ERROR: "grader_error",
            }
            line = (
                f"[{self.done}/{self.total}] {reports.printable(o.student_id, 40)} "
                f"{reports.printable(word[o.kind], 60)} {score} ({o.seconds:.1f} s)"
            )
            if o.kind == JobKind.GRADER_ERROR:
                line += f": {reports.printable(o.error, 200)}"
            if self.bar:
                width = 24
                filled = width * self.done // max(self.total, 1)
                self.stream.write(f"\r\x1b[2K[{'#' * filled}{'.' * (width - filled)}] {line}")
                if self.done == self.total:
                    self.stream.write("\n")
            else:
                self.stream.write(line + "\n")
            self.stream.flush()


# ---------------------------------------------------------------------------------------------
# The batch


@dataclass(frozen=True)
class _InFlight:
    """A submission handed to the executor (its gradebook row is `running`)."""

    sub: StudentSubmission
    safe: str
    intake_phase: Phase
    started: float


def _take_in(sid: str, entries: list[Entry], gb: Gradebook, cfg: BatchConfig) -> JobOutcome | _InFlight:
    """Client side, before grading: receive, intake, the unchanged check; an intake failure is
    recorded at once. Returns the finished outcome, or what to hand to the executor."""
    t0 = time.time()
    safe = gb.receive(sid, t0)
    try:
        sub = intake_student(sid, entries, limits=cfg.limits, release_version=cfg.release.version)
    except StudentInputError as exc:  # intake never raises for bad input; if a layer did, it is still
        sub = unusable_input_submission(sid, exc)
    except Exception as exc:  # a bug or resource failure of ours, never the student's fault
        err = f"intake failed: {type(exc).__name__}: {exc}"
        gb.record_grader_error(sid, err, at=time.time())
        return JobOutcome(sid, JobKind.GRADER_ERROR, "grader_error", None, None, time.time() - t0, err)
    t1 = time.time()
    intake_phase = Phase("intake", t0, t1 - t0, "ok" if sub.status == "ok" else sub.status)
    if not cfg.regrade and not gb.needs_grading(sid, sub.content_hash, cfg.release.version, cfg.scope):
        row = gb.get(sid)
        assert row is not None
        return JobOutcome(sid, JobKind.UNCHANGED, row.status or "", row.total, row.max_total, t1 - t0)
    gb.mark_parsed(sid, sub.content_hash, t1)
    job = _InFlight(sub, safe, intake_phase, t0)
    if sub.status != "ok":  # scored here: nothing goes to the executor
        return _record(job, grade_student(sub, cfg.release, _never_run, cfg.grading_scope), gb, cfg)
    gb.mark_running(sid, time.time())
    return job


def _never_run(sub: StudentSubmission) -> StudentResult:
    raise GraderFault(f"the refused submission of {sub.student_id!r} was about to be graded")


def _record(job: _InFlight, result: StudentResult, gb: Gradebook, cfg: BatchConfig) -> JobOutcome:
    result = replace(result, phases=(job.intake_phase, *result.phases))
    gb.record_result(result, scope=cfg.scope, graded_at=time.time())
    stored = gb.load_result(job.sub.student_id)
    assert stored is not None
    folder = reports.write_student_files(cfg.out, job.safe, stored)
    if result.behaviour:  # the similarity report's input (`jaxgrade similarity --behaviour OUT`)
        write_behaviour(folder, job.sub.student_id, result.behaviour)
    return JobOutcome(job.sub.student_id, JobKind.GRADED, result.status, result.total, result.max_total,
                      time.time() - job.started)  # fmt: skip


def _finish(job: _InFlight, fut: Future[StudentResult], gb: Gradebook, cfg: BatchConfig) -> JobOutcome:
    """Client side, after grading: validate and complete the result, then one gradebook transaction."""
    sid = job.sub.student_id
    try:
        result = grade_student(job.sub, cfg.release, lambda _sub: fut.result(), cfg.grading_scope)
    except Exception as exc:
        if isinstance(exc, GraderFault):
            err = f"{exc}"
        else:  # a bug in the grader: still not the student's fault
            last = traceback.format_exception_only(exc)[-1].strip()
            err = f"internal error: {last}"
        err = " ".join(err.split())[:1000]
        gb.record_grader_error(sid, err, at=time.time(), phases=(job.intake_phase,))
        seconds = time.time() - job.started
        return JobOutcome(sid, JobKind.GRADER_ERROR, "grader_error", None, None, seconds, err)
    return _record(job, result, gb, cfg)


def _fault_outcome(sid: str, exc: BaseException, gb: Gradebook) -> JobOutcome:
    """The gradebook or the report writing failed for one student: the grader's fault."""
    o = JobOutcome(sid, JobKind.GRADER_ERROR, "grader_error", None, None, 0.0, f"{type(exc).__name__}: {exc}")
    try:
        gb.record_grader_error(sid, o.error, at=time.time())
    except Exception:
        pass
    return o


def _grade_all(
    ids: list[str], students: dict[str, list[Entry]], gb: Gradebook, cfg: BatchConfig,
    executor: Executor, progress: _Progress,
) -> list[JobOutcome]:  # fmt: skip
    """Intake in this thread, grading in the executor, at most `executor.capacity()` in flight."""
    outcomes: list[JobOutcome] = []
    in_flight: dict[Future[StudentResult], _InFlight] = {}

    def settle(done: set[Future[StudentResult]]) -> None:
        for fut in done:
            job = in_flight.pop(fut)
            try:
                o = _finish(job, fut, gb, cfg)
            except Exception as exc:
                o = _fault_outcome(job.sub.student_id, exc, gb)
            outcomes.append(o)
            progress.update(o)

    for sid in ids:
        while len(in_flight) >= max(1, executor.capacity()):
            settle(wait(in_flight, return_when=FIRST_COMPLETED).done)
        settle({f for f in in_flight if f.done()})
        try:
            taken = _take_in(sid, students[sid], gb, cfg)
            if isinstance(taken, _InFlight):
                try:
                    fut = executor.submit(taken.sub)
                except Exception as exc:  # the executor could not take it: a grader fault
                    fut = Future()
                    fut.set_exception(GraderFault(f"the executor refused the submission: {exc}"))
                in_flight[fut] = taken
                continue
            o = taken
        except Exception as exc:
            o = _fault_outcome(sid, exc, gb)
        outcomes.append(o)
        progress.update(o)
    while in_flight:
        settle(wait(in_flight, return_when=FIRST_COMPLETED).done)
    return outcomes


def _lock_out(out: Path) -> int:
    """One batch per OUT at a time (flock: released by the kernel even after kill -9)."""
    fd = os.open(out / ".jaxgrade.lock", os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as exc:
        os.close(fd)
        raise GraderFault(
            f"another jaxgrade grade is already writing to {out}; wait for it to finish"
        ) from exc
    return fd


@contextmanager
def _locked_out(out: Path) -> Iterator[None]:
    fd = _lock_out(out)
    try:
        yield
    finally:
        os.close(fd)


def _prepare(cfg: BatchConfig) -> Discovered:
    """OUT made private, SUBMISSIONS read: every student's entries, and the entries ignored."""
    try:
        cfg.out.mkdir(parents=True, exist_ok=True)
        os.chmod(cfg.out, 0o700)  # grades are private, and sandboxed code must not reach OUT (rlimit mode)
        return discover(cfg.submissions)
    except OSError as exc:
        raise GraderFault(f"cannot prepare {cfg.out} or read {cfg.submissions}: {exc}") from exc


def _grade_through(
    executor: Executor, ids: list[str], students: dict[str, list[Entry]], gb: Gradebook, cfg: BatchConfig,
    progress: _Progress,
) -> list[JobOutcome]:  # fmt: skip
    """Every student through `executor`, which is closed afterwards (its pending work cancelled
    when the batch is interrupted)."""
    try:
        outcomes = _grade_all(ids, students, gb, cfg, executor, progress)
    except BaseException:
        executor.close(cancel=True)
        raise
    executor.close()
    return outcomes


def _ids_of(outcomes: list[JobOutcome], kind: JobKind) -> tuple[str, ...]:
    return tuple(sorted(o.student_id for o in outcomes if o.kind == kind))


def _write_reports(
    cfg: BatchConfig, ids: list[str], gb: Gradebook, outcomes: list[JobOutcome], ignored: list[str],
    executor: str, start: float, profile_dir: Path | None = None,
) -> list[reports.GradeRow]:  # fmt: skip
    """Every student's files, grades.csv and report.md, rendered from the gradebook."""
    rows = []
    for sid in ids:
        row = gb.get(sid)
        if row is None:
            continue
        result = gb.load_result(sid)
        rows.append(reports.GradeRow(row, result))
        if result is not None:
            reports.write_student_files(cfg.out, row.safe_id, result)
    reports.write_grades_csv(cfg.out, rows)
    info = reports.BatchInfo(
        release_version=cfg.release.version,
        release_root=str(cfg.release.root),
        isolation=cfg.isolation,
        unsafe_no_sandbox=cfg.unsafe_no_sandbox,
        jobs=cfg.jobs,
        exercises=cfg.exercises,
        graded_now=_ids_of(outcomes, JobKind.GRADED),
        skipped_unchanged=_ids_of(outcomes, JobKind.UNCHANGED),
        wall_s=time.time() - start,
        ignored_entries=tuple(ignored),
        executor=executor,
    )
    current = set(ids)
    profile = tuple(totals_by_exercise(load_profiles(profile_dir))) if profile_dir is not None else ()
    phases = [(s, p) for s, p in gb.all_phases() if s in current]
    reports.write_ta_report(cfg.out, info, rows, phases, profile)
    return rows


@contextmanager
def _probe_profiles(settings: Any, local: bool) -> Iterator[tuple[Any, Path | None]]:
    """Settings whose children's probe profiles land in a folder the report reads afterwards.

    Only for the local executor's runner settings (a dataclass with `profile_dir`): a remote worker's
    folder is not this machine's. A folder the settings already name is kept; one made here is a
    private temporary folder (never in OUT, whose contents the batch defines), deleted afterwards.
    """
    if not local or not is_dataclass(settings) or not hasattr(settings, "profile_dir"):
        yield settings, None
        return
    if settings.profile_dir is not None:
        yield settings, settings.profile_dir
        return
    folder = Path(tempfile.mkdtemp(prefix="jaxgrade-profile-"))
    try:
        yield replace(settings, profile_dir=folder), folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _summary(ids: list[str], rows: list[reports.GradeRow], outcomes: list[JobOutcome]) -> BatchSummary:
    errors = tuple(sorted(r.row.student_id for r in rows if r.row.state == SubmissionState.GRADER_ERROR))
    reason = ""
    if errors:
        first = next(r for r in rows if r.row.student_id == errors[0])
        reason = (
            f"{len(errors)} submission(s) hit a grader fault (first: {reports.printable(errors[0], 40)}: "
            f"{reports.printable(first.row.error or '', 200)}); rerun the same command to retry them"
        )
    return BatchSummary(
        students=tuple(ids),
        graded_now=_ids_of(outcomes, JobKind.GRADED),
        unchanged=_ids_of(outcomes, JobKind.UNCHANGED),
        grader_errors=errors,
        exit_code=1 if errors else 0,
        reason=reason,
    )


def run_batch(
    cfg: BatchConfig,
    grade_fn: GradeFn,
    settings: Any = None,
    *,
    err: TextIO | None = None,
    out: TextIO | None = None,
    executor: Executor | None = None,
) -> BatchSummary:
    """Grade everything that needs it, then write grades.csv, report.md and each student's files.

    `executor` grades (default: a LocalExecutor of `cfg.jobs` threads running `grade_fn`); the batch
    closes it. Raises GraderFault when the batch as a whole cannot run (OUT not writable,
    SUBMISSIONS unreadable).
    """
    err = err if err is not None else sys.stderr
    out = out if out is not None else sys.stdout
    start = time.time()
    found = _prepare(cfg)
    students, ignored = found.students, found.ignored
    ids = sorted(students)
    progress = _Progress(len(ids), err, cfg.progress if cfg.progress is not None else err.isatty())
    with _locked_out(cfg.out), Gradebook(cfg.out / "gradebook.sqlite") as gb, \
            _probe_profiles(settings, local=executor is None) as (settings, profile_dir):
        executor = executor or LocalExecutor(grade_fn, cfg.release, settings, cfg.jobs)
        outcomes = _grade_through(executor, ids, students, gb, cfg, progress)
        rows = _write_reports(cfg, ids, gb, outcomes, ignored, executor.description, start, profile_dir)
        out.write(reports.score_table(rows))
        out.flush()
    return _summary(ids, rows, outcomes)


def default_jobs() -> int:
    """One student at a time per core."""
    return available_cores()
