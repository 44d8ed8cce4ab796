"""The notebook child (autograder/sandboxed/child_main.py): prepare its scratch, start it, follow its
progress and observation stream under each exercise's CPU deadline, and start a fresh child after
one died in an exercise (trusted parent side)."""

from __future__ import annotations

import os
import secrets
import shutil
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path

from autograder.exercises.base import (
    Exercise,
    ProbeInputs,
)
from autograder.grade import compile_cache
from autograder.grade.cells import ChapterCells
from autograder.grade.child_library import CHILD_PACKAGE
from autograder.grade.job_folder import place_extra_files, write_inputs, write_job
from autograder.grade.observation_stream import ObservationStream
from autograder.grade.progress_reader import ProgressEvent, ProgressReader
from autograder.grade.run.job import (
    POLL_S,
    CrashStatus,
    Job,
    crash_status,
    kill_child,
    wait_child,
)
from autograder.grade.run.kernel_child import KernelChild
from autograder.grade.timing import CpuDeadline
from autograder.messages import Status
from autograder.model import GraderFault
from autograder.observations import Observations
from autograder.sandbox import (
    SCRATCH_TARGET,
    Process,
    SandboxResult,
)
from autograder.sandboxed.wire import (
    NOTEBOOK_JOB,
    STREAM_NAME,
    ProgressPhase,
    ack_name,
    ready_line,
)
from autograder.states import SANDBOXED_ISOLATIONS, Isolation

# Right after an exercise's "end" frame the child writes its "done" line and waits for the ack (and,
# after the last exercise, exits): polling at POLL_S there cost each exercise 10 ms on average.
ACK_POLL_S, ACK_WINDOW_S = 0.002, 0.05


EXIT_GRACE_S = 2.0  # from the last "done" to the child's exit

# The child's entry (`python -P -s -B -c CHILD_LAUNCH <jobdir>`), not `-m <package>.child_main`:
# every frame of the child's package is renamed before main() starts (sandboxed/notebook_frames.py),
# so student code finds no grader module, file or function name on its call stack; `sys.argv` gets a
# Jupyter kernel's shape, and run_child empties this code's namespace (the bottom frame's globals).
# The package is the child library's CHILD_PACKAGE: this text is also the child's /proc/self/cmdline.
CHILD_LAUNCH = ("import sys\n"
                f"from {CHILD_PACKAGE} import child_main, notebook_frames\n"
                f"notebook_frames.disguise({CHILD_PACKAGE!r})\n"
                "child_main.run_child(notebook_frames.kernel_argv(sys.argv), globals())\n")


# Modes whose sandbox uid belongs to one job alone: the child may kill(-1) between exercises.
REAPING_MODES = frozenset(SANDBOXED_ISOLATIONS)


@dataclass(frozen=True)
class ChildRun:
    """What one notebook child run achieved."""

    done: tuple[str, ...]  # exercises whose probe completed ("done" seen)
    failed: str | None  # the exercise the run died in (timeout / crash / limit)
    status: str  # Status.OK | TIMEOUT | CRASHED | MEMORY | MALFORMED_OUTPUT
    detail_zh: str  # crash detail for the student
    observations: dict[str, Observations]
    result: SandboxResult | None


def _ack(scratch: Path, exercise: str) -> None:
    """Tell the child its exercise's observations are collected (never through a planted link)."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW
    try:
        os.close(os.open(scratch / ack_name(exercise), flags, 0o644))
    except OSError:
        pass  # planted by the notebook itself: it only hurts its own observations


def _prepare_notebook_scratch(job: Job, chapter: str, cells: ChapterCells, exercises: list[Exercise],
                              inputs: dict[str, ProbeInputs], prebuilt: list[Path], token: str) -> Path:
    """A fresh scratch folder holding what the notebook child reads (job_folder.py): its job.json,
    the exercises' inputs, the prebuilt kernels and the submission's extra files."""
    scratch = job.new_scratch(f"{chapter}-nb")
    for ex in exercises:
        write_inputs(scratch / "inputs", ex.id, inputs[ex.id])
    (scratch / "prebuilt").mkdir()
    if job.xla_cache is not None and job.xla_cache.writable:
        (scratch / compile_cache.FILL_CHILD_DIR).mkdir()
    for so in prebuilt:
        shutil.copyfile(so, scratch / "prebuilt" / so.name)
    place_extra_files(scratch / "work", job.sub.extra_files)
    job.give_to_child(scratch)
    write_job(scratch, NOTEBOOK_JOB, {
        "chapter": chapter, "setup_cells": list(cells.setup), "token": token, "ack": True,
        "reap": job.sandbox.mode in REAPING_MODES, "stream": STREAM_NAME,
        "exercises": [{"id": ex.id, "cells": [c.source for c in cells.answers[ex.id]],
                       "relies_on": list(ex.relies_on)} for ex in exercises],
    })
    return scratch


@dataclass(frozen=True)
class _NotebookChild:
    """A started notebook child and the parent's ends of what it reports."""

    proc: Process
    reader: ProgressReader
    stream: ObservationStream

    def close(self) -> None:
        """Closes the parent's ends; ending the process is the caller's (it may have ended already)."""
        self.reader.close()
        self.stream.close()


def _start_notebook_child(job: Job, scratch: Path, exercises: list[Exercise], token: str) -> _NotebookChild:
    """Opens the progress file and the observation stream, then starts the child: both must exist
    before it runs (it appends to the one and connects to the other); they are closed again when the
    child cannot start."""
    ids = tuple(ex.id for ex in exercises)
    argv = [job.settings.python, "-P", "-s", "-B", "-c", CHILD_LAUNCH, SCRATCH_TARGET]
    collected = job.workdir / f"{scratch.name}-obs"  # the parent's own copy, outside every sandbox
    collected.mkdir(mode=0o700)
    with ExitStack() as if_not_started:
        reader = if_not_started.enter_context(ProgressReader(scratch / "progress.jsonl", ids, token))
        stream = if_not_started.enter_context(ObservationStream(scratch, ids, token, collected))
        proc = job.start(argv, scratch, job.limits(job.budget(exercises)))
        if_not_started.pop_all()
    return _NotebookChild(proc, reader, stream)


class _NotebookProgress:
    """What the parent has seen of one notebook child's progress, and the CPU deadline that follows
    from it: the start-up until "ready", each exercise's `timeout_s` from its "cells" line, then the
    start-up again until the next one (after the last one: EXIT_GRACE_S for the child's exit). A
    "done" line collects that exercise's observations from the stream. Only `see` changes it."""

    def __init__(self, job: Job, child: _NotebookChild, scratch: Path, exercises: list[Exercise]):
        self._child, self._scratch, self._settings = child, scratch, job.settings
        self.ids = tuple(ex.id for ex in exercises)
        self._timeouts = {ex.id: job.settings.scaled(ex.timeout_s) for ex in exercises}
        self.deadline = CpuDeadline(child.proc, self._settings.scaled(self._settings.startup_timeout_s))
        self.ready = False
        self.current: str | None = None  # the exercise from its "cells" line to its "done" line
        self.done: list[str] = []
        self.observations: dict[str, Observations] = {}
        self.setup_error = ""  # a release setup cell failed (only counts before student code ran)

    @property
    def remaining(self) -> list[str]:
        return [i for i in self.ids if i not in self.done]

    def see(self, ev: ProgressEvent) -> None:
        settings = self._settings
        if ev.phase == ProgressPhase.SETUP_ERROR and not self.ready:  # only before student code ran
            self.setup_error = ev.error or "unknown error"
        elif ev.phase == ProgressPhase.READY:
            self.ready = True
            self.deadline = CpuDeadline(self._child.proc, settings.scaled(settings.startup_timeout_s))
        elif ev.exercise is not None and self.ready:
            if ev.phase == ProgressPhase.CELLS and ev.exercise != self.current:
                self.current = ev.exercise
                self.deadline = CpuDeadline(self._child.proc, self._timeouts[self.current])
            elif ev.phase == ProgressPhase.DONE and ev.exercise not in self.done:
                # the child wrote every frame of the exercise before this line: take them now,
                # then let the child go on (later frames can no longer count for it)
                self._child.stream.drain()
                self.observations[ev.exercise] = self._child.stream.take(ev.exercise)
                _ack(self._scratch, ev.exercise)
                self.done.append(ev.exercise)
                self.current = None
                # after the last exercise only interpreter exit is left: do not wait on a child
                # whose student threads or patched os._exit keep it alive
                wait_s = EXIT_GRACE_S if len(self.done) == len(self.ids) else settings.startup_timeout_s
                self.deadline = CpuDeadline(self._child.proc, settings.scaled(wait_s))


@dataclass(frozen=True)
class _NotebookEnd:
    """How following a notebook child ended: its result, and why the parent killed it if it did."""

    result: SandboxResult
    killed_for_timeout: bool = False  # the deadline fired before every exercise was done
    starved: str = ""  # what the child got when the machine starved it of CPU (a grader fault)
    flooded: str | None = None  # the exercise whose stream frames were a flood


def _follow_notebook_child(child: _NotebookChild, progress: _NotebookProgress,
                           tick: Callable[[], None]) -> _NotebookEnd:
    """Reads the child's stream and progress until it ends; kills it when the exercise running
    floods the stream or the deadline fires. `tick` runs once per poll (a concurrent kernel child)."""
    while True:
        # waits at most POLL_S for the child's frames (ACK_POLL_S while an ack is due)
        child.stream.pump(ACK_POLL_S if child.stream.ended_within(ACK_WINDOW_S) else POLL_S)
        if child.stream.flooded is not None:  # the exercise running sent more than the stream allows
            flooded = child.stream.flooded
            return _NotebookEnd(kill_child(child.proc), flooded=flooded)
        result = wait_child(child.proc, 0)
        tick()
        for ev in child.reader.read_new():
            progress.see(ev)
        if result is not None:
            return _NotebookEnd(result)
        if (verdict := progress.deadline.check()) is not None:
            killed_for_timeout = bool(progress.remaining)
            starved = ""
            if verdict == "starved" and killed_for_timeout:
                starved = f"{progress.current or 'between exercises'}: {progress.deadline.describe()}"
            return _NotebookEnd(kill_child(child.proc), killed_for_timeout, starved)


def _notebook_outcome(chapter: str, token: str, progress: _NotebookProgress, end: _NotebookEnd) -> ChildRun:
    """What the run achieved, and the exercise it died in (timeout, crash, limit, flood); a
    GraderFault when the grader's side failed: the release setup, a CPU starved by the machine, a
    child that never got ready."""
    result = end.result
    # the child also writes the marker to its stdout before any student code runs; a notebook cannot
    # take back what it wrote there (it can empty the progress file and forge lines, token included)
    student_code_ran = ready_line(token) in result.stdout
    if progress.setup_error and not student_code_ran:
        raise GraderFault(f"{chapter}: release setup failed in the sandbox: {progress.setup_error}")
    remaining = progress.remaining
    if end.starved or (result.timed_out and result.starved and remaining):
        raise GraderFault(f"{chapter}: child starved of CPU by the machine ({end.starved or result.message})")
    if not progress.ready and not student_code_ran:
        tail = (result.stderr or "")[-1500:].strip()
        raise GraderFault(f"{chapter}: child did not get ready ({result.message}): {tail}")
    done, observations = tuple(progress.done), progress.observations
    if end.flooded is not None:
        return ChildRun(done, end.flooded, Status.MALFORMED_OUTPUT, "", observations, result)
    if not remaining:
        return ChildRun(done, None, Status.OK, "", observations, result)
    failed = progress.current if progress.current is not None else remaining[0]
    crash = CrashStatus(Status.TIMEOUT, "") if end.killed_for_timeout else crash_status(result)
    return ChildRun(done, failed, crash.status, crash.detail_zh, observations, result)


def _run_notebook_child(job: Job, chapter: str, cells: ChapterCells, exercises: list[Exercise],
                        inputs: dict[str, ProbeInputs], prebuilt: list[Path], on_started: Callable[[], None],
                        tick: Callable[[], None]) -> ChildRun:
    """One notebook child for `exercises` (in order) in a fresh scratch folder, released before the
    outcome is judged; `on_started` runs once the child started."""
    token = secrets.token_hex(16)
    scratch = _prepare_notebook_scratch(job, chapter, cells, exercises, inputs, prebuilt, token)
    child = _start_notebook_child(job, scratch, exercises, token)
    on_started()
    progress = _NotebookProgress(job, child, scratch, exercises)
    end: _NotebookEnd | None = None
    try:
        end = _follow_notebook_child(child, progress, tick)
    finally:
        child.close()
        if end is None:
            kill_child(child.proc)
        if job.xla_cache is not None and job.xla_cache.writable:  # a trusted fill run
            _harvest_fill_entries(job, scratch)
        job.scratches.release(scratch)  # nothing is read from it any more (observations were collected)
    return _notebook_outcome(chapter, token, progress, end)


def _harvest_fill_entries(job: Job, scratch: Path) -> None:
    """Trusted fill: the entries the child compiled go into the fill's private staging folder (files
    that fail the harvest's checks are left behind and never published)."""
    assert job.xla_cache is not None
    uid = None if job.sandbox.mode == Isolation.NONE or os.geteuid() != 0 else job.sandbox.uid
    compile_cache.harvest(scratch / compile_cache.FILL_CHILD_DIR, job.xla_cache.source, uid)


@dataclass(frozen=True)
class NotebookRuns:
    """What the notebook children of one chapter achieved together."""

    observations: dict[str, Observations]  # exercise id -> its observations, for the exercises done
    died_in: dict[str, ChildRun]  # exercise id -> the run that died in it (timeout, crash, limit, flood)


def run_notebook_children(job: Job, chapter: str, cells: ChapterCells, exercises: list[Exercise],
                           inputs: dict[str, ProbeInputs], prebuilt: list[Path],
                           kernel_child: KernelChild) -> NotebookRuns:
    """Notebook children until every exercise had its chance: after a child died in one exercise, a
    fresh child (fresh scratch) runs the exercises after it that are not done yet."""
    observations: dict[str, Observations] = {}
    died_in: dict[str, ChildRun] = {}
    remaining = list(exercises)
    run_no = 0
    while remaining:
        run_no += 1
        with job.clock.phase(f"{chapter}/child#{run_no}") as ph:
            run = _run_notebook_child(job, chapter, cells, remaining, inputs, prebuilt,
                                      kernel_child.start if job.concurrent_kernel else (lambda: None),
                                      kernel_child.poll)
            ph["outcome"] = run.status
        observations.update(run.observations)
        if run.failed is None:
            break
        died_in[run.failed] = run
        failed_at = [ex.id for ex in remaining].index(run.failed)
        remaining = [ex for ex in remaining[failed_at + 1:] if ex.id not in run.done]
    return NotebookRuns(observations, died_in)
