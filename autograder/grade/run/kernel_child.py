"""The kernel child (autograder/sandboxed/kernel_main.py): loads the student's built library with no
student Python and no JAX in the process; started at most once per chapter, next to the first
notebook child (bwrap: under a uid of its own, `Job.kernel_sandbox`) or after the last one, with at
most half the job's memory (trusted parent side)."""

from __future__ import annotations

import dataclasses
import secrets
import shutil
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from autograder.exercises.base import (
    Exercise,
    ProbeInputs,
)
from autograder.grade.child_library import CHILD_PACKAGE
from autograder.grade.job_folder import write_inputs, write_job
from autograder.grade.progress_reader import ProgressReader
from autograder.grade.run.job import (
    POLL_S,
    Job,
    crash_status,
    kill_child,
    wait_child,
)
from autograder.grade.timing import CpuDeadline
from autograder.model import GraderFault, Phase
from autograder.observations import read_observations
from autograder.sandbox import (
    SCRATCH_TARGET,
    Limits,
    Process,
    SandboxResult,
)
from autograder.sandboxed.wire import (
    KERNEL_JOB,
    KERNEL_PREFIX,
    ProgressPhase,
    ready_line,
)


@dataclass(frozen=True)
class KernelEnd:
    """How a chapter's kernel child ended: the kernel.__run__ status (ok, not_built, timeout,
    crashed, ...) and exercise id -> its "kernel."-prefixed observation values."""

    status: str
    values: dict[str, dict[str, Any]]

class _KernelRun:
    """A started kernel child and what the parent has seen of it, with the CPU deadline that follows
    from it: the start-up until "ready", each exercise's `timeout_s` from its "probe" line, the
    start-up again after its "done". Only `consume` and `poll` change it."""

    def __init__(self, job: Job, exercises: list[Exercise], proc: Process, reader: ProgressReader,
                 started_at: float):
        self.proc, self.reader, self.started_at = proc, reader, started_at
        self._settings = job.settings
        self._timeouts = {ex.id: job.settings.scaled(ex.timeout_s) for ex in exercises}
        self.deadline = CpuDeadline(proc, self._settings.scaled(self._settings.startup_timeout_s))
        self.ready = False
        self.setup_error = ""
        self.timed_out = False
        self.starved = ""  # what the child got when it was starved of CPU (a grader fault)
        self.result: SandboxResult | None = None

    def consume(self) -> None:
        settings = self._settings
        for ev in self.reader.read_new():
            if ev.phase == ProgressPhase.READY:
                self.ready = True
            elif ev.phase == ProgressPhase.SETUP_ERROR and not self.ready:
                self.setup_error = ev.error
            elif ev.phase == ProgressPhase.PROBE and ev.exercise is not None and self.ready:
                self.deadline = CpuDeadline(self.proc, self._timeouts[ev.exercise])
            elif ev.phase == ProgressPhase.DONE and self.ready:
                self.deadline = CpuDeadline(self.proc, settings.scaled(settings.startup_timeout_s))

    def poll(self) -> None:
        """Reads new progress; sets `result` once the child ended, or was killed at its deadline."""
        if self.result is not None:
            return
        self.consume()
        self.result = wait_child(self.proc, 0)
        if self.result is None and (verdict := self.deadline.check()) is not None:
            self.timed_out = True
            if verdict == "starved":
                self.starved = self.deadline.describe()
            self.result = kill_child(self.proc)


class KernelChild:
    """The kernel child of one chapter: started at most once, followed like a notebook child
    (`_KernelRun`), always finished or killed. `poll()` is called from the notebook child's loop
    when both run at once."""

    def __init__(self, job: Job, chapter: str, exercises: list[Exercise], inputs: dict[str, ProbeInputs],
                 so: Path | None):
        self.job, self.chapter, self.exercises, self.inputs, self.so = job, chapter, exercises, inputs, so
        self.token = secrets.token_hex(16)
        self._scratch: Path | None = None  # from the start on, until kill()
        self._run: _KernelRun | None = None  # from the child's start until finish() or kill()

    def start(self) -> None:
        if self.so is None or not self.exercises or self._scratch is not None:
            return
        job, settings = self.job, self.job.settings
        self._scratch = scratch = job.new_scratch(f"{self.chapter}-kernel", job.kernel_sandbox)
        (scratch / "prebuilt").mkdir()
        shutil.copyfile(self.so, scratch / "prebuilt" / self.so.name)
        for ex in self.exercises:
            write_inputs(scratch / "inputs", ex.id, self.inputs[ex.id])
        write_job(scratch, KERNEL_JOB, {"token": self.token, "exercises": [
            {"id": ex.id, "so": f"prebuilt/{self.so.name}"} for ex in self.exercises]})
        argv = [settings.python, "-P", "-s", "-B", "-m", f"{CHILD_PACKAGE}.kernel_main", SCRATCH_TARGET]
        started_at = time.time()
        reader = ProgressReader(scratch / "progress.jsonl", tuple(ex.id for ex in self.exercises), self.token)
        try:
            proc = job.start(argv, scratch, self._limits(), job.kernel_sandbox)
        except BaseException:
            reader.close()
            raise
        self._run = _KernelRun(job, self.exercises, proc, reader, started_at)

    def _limits(self) -> Limits:
        """The child's limits; inside the job's cgroup at most half the job's memory: the student's
        library (its constructor runs while the notebook child beside it still imports JAX) is
        OOM-killed within its own half, so it can never make the job's limit take the notebook child
        before that child is ready (a grader fault the student chose)."""
        job = self.job
        return dataclasses.replace(job.limits(job.budget(self.exercises)),
                                   cgroup_memory_bytes=job.settings.job_memory_bytes // 2)  # fmt: skip

    def poll(self) -> None:
        if self._run is not None:
            self._run.poll()

    def finish(self) -> KernelEnd:
        """How the kernel child ended, with what it observed."""
        self.start()
        run = self._run
        if run is None:
            return KernelEnd("not_built", {})
        while run.result is None:
            run.poll()
            if run.result is None:
                time.sleep(POLL_S)
        result, self._run = run.result, None  # it ended: nothing left for kill() but the scratch folder
        run.consume()  # lines written after the last poll
        run.reader.close()
        # "ready" is written before the student's library is loaded: whatever fails after it is the
        # student's (even an exit(3) from a constructor in the .so), whatever fails before it is ours.
        # A constructor can empty the progress file, not the marker the child wrote to stdout.
        if not run.ready and ready_line(self.token) not in (result.stdout or ""):
            detail = run.setup_error or (result.stderr or "")[-1500:]
            raise GraderFault(f"{self.chapter}: kernel child did not get ready ({result.message}): {detail}")
        if run.starved:
            raise GraderFault(f"{self.chapter}: kernel child starved of CPU by the machine ({run.starved})")
        if run.timed_out:
            status = "timeout"
        else:
            status = "ok" if result.exit_code == 0 else crash_status(result).status
        self.job.clock.phases.append(Phase(f"{self.chapter}/kernel", run.started_at,
                                           round(time.time() - run.started_at, 6), status))
        return KernelEnd(status, self._values())

    def _values(self) -> dict[str, dict[str, Any]]:
        assert self._scratch is not None  # finish() started the child
        values: dict[str, dict[str, Any]] = {}
        for ex in self.exercises:
            obs = read_observations(self._scratch / "obs", f"{ex.id}.kernel")
            values[ex.id] = {f"{KERNEL_PREFIX}{k}": v for k, v in (obs.values if obs else {}).items()}
        return values

    def kill(self) -> None:
        run, self._run = self._run, None
        if run is not None:
            run.reader.close()
            kill_child(run.proc)
        if self._scratch is not None:
            self.job.scratches.release(self._scratch)
