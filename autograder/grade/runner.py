"""Grade one student's submission: build kernels, run sandboxed children, judge in the parent.

Trusted parent side. `grade_submission(sub, release, settings)` per chapter present:
  cells    map the student's notebook onto setup (release copy) + answer cells (cells.py)
  build    course kernels and the student's kernel, compiled in the sandbox, cached (build.py)
  child#n  one sandboxed child runs the setup, then per exercise the answer cells and the probe
           (autograder/sandboxed/child_main.py); the parent follows progress.jsonl and enforces
           each exercise's `timeout_s`. On a timeout, crash or limit it kills the sandbox, marks that
           exercise and starts a fresh child (fresh scratch) for the exercises not yet done.
  kernel   exercises with `kernel_probe` also get a child that loads the student's .so with no
           student Python in the process (kernel_main.py); bwrap mode runs it next to child#1.
  verdict  each exercise's `verdict(inputs, observations)` in this process, `score_outcomes`,
           points scaled to the release manifest.
Each step is a `Phase`. Sandbox failures, a failing release setup cell or a verdict bug raise
`GraderFault` (never a student's zero). No process survives a job; its scratch folder is deleted.

Observations get these parent-made keys besides the child's (observations.py reader):
  kernel.<key>     the kernel child's keys (`<id>.kernel.json`), for exercises with kernel_probe
  kernel.__run__   str: "ok", "not_built" (no source / compile error), "timeout", "crashed",
                   "memory"; always present for exercises with kernel_probe
  __tampered__     the notebook child's tripwire labels (from the stream's "end" frame) plus
                   "observation stream: <problem>" found by the parent (observation_stream.py)
"""

from __future__ import annotations

import dataclasses
import fcntl
import hashlib
import json
import os
import secrets
import shutil
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

from autograder import exercises as exercise_registry
from autograder.exercises.base import (
    CheckOutcome,
    Exercise,
    ExerciseScore,
    ProbeInputs,
    score_outcomes,
    zero_score,
)
from autograder.exercises.structure_pool import structure_seed
from autograder.grade import compile_cache
from autograder.grade.build import (
    BuildCache,
    BuildFault,
    BuildOutcome,
    KernelSource,
    choose_kernel,
    find_kernel_sources,
    writefile_notes,
)
from autograder.grade.cells import AnswerCell, ChapterCells, map_cells
from autograder.grade.child_library import prepare_child_library
from autograder.grade.job_folder import place_extra_files, write_inputs, write_job
from autograder.grade.model import GraderFault, Phase, ReleaseInfo, StudentResult, StudentSubmission
from autograder.grade.observation_stream import ObservationStream
from autograder.grade.progress_reader import ProgressEvent, ProgressReader
from autograder.grade.timing import STARVED_GIVE_UP_FACTOR, CpuDeadline
from autograder.messages import Status, crash_detail, kernel_run_message, message
from autograder.observations import ObservationInvalid, Observations, StudentError, read_observations
from autograder.sandbox import (
    SCRATCH_TARGET,
    Limits,
    Mount,
    Process,
    Sandbox,
    SandboxFault,
    SandboxResult,
    ScratchQuota,
    make_sandbox,
)
from autograder.sandboxed.wire import (
    CELLS_KEY,
    KERNEL_JOB,
    KERNEL_PREFIX,
    KERNEL_RUN_KEY,
    NOTEBOOK_JOB,
    PROBE_ERROR_KEY,
    STREAM_NAME,
    TAMPERED_KEY,
    WIRE_KEY,
    ProgressPhase,
    ack_name,
    ready_line,
)

LIB_TARGET = "/sandbox/lib"
POLL_S = 0.02
# Right after an exercise's "end" frame the child writes its "done" line and waits for the ack (and,
# after the last exercise, exits): polling at POLL_S there cost each exercise 10 ms on average.
ACK_POLL_S, ACK_WINDOW_S = 0.002, 0.05
EXIT_GRACE_S = 2.0  # from the last "done" to the child's exit
# Modes whose sandbox uid belongs to one job alone: the child may kill(-1) between exercises.
REAPING_MODES = frozenset({"bwrap", "rlimit", "container"})
MAX_KERNEL_SOURCES = 4
CELL_ERRORS_SHOWN = 3
# Top-level folders a notebook child sees in bwrap mode (everything else is covered); the Python
# prefixes and the child library are mounted back. The compiler does not even see /etc.
CHILD_VISIBLE = frozenset({"usr", "bin", "sbin", "lib", "lib32", "lib64", "libx32", "etc"})
BUILD_VISIBLE = CHILD_VISIBLE - {"etc"}
_ALWAYS_PRIVATE = frozenset({"proc", "dev", "tmp", "sandbox"})


# Sandbox uids: gradings take theirs from GRADING_UIDS (or a test's own range), the trusted warm-cache
# fill from TRUSTED_FILL_UIDS only, so no student program ever runs under a uid a trusted run uses.
GRADING_UIDS = tuple(range(65000, 65064))
TRUSTED_FILL_UIDS = tuple(range(64900, 64964))


@dataclass(frozen=True)
class RunSettings:
    """How the runner grades (built by `jaxgrade grade` via `from_options`, or directly by tests)."""

    isolation: str = "bwrap"  # sandbox mode: "bwrap" | "rlimit" | "none" (needs unsafe_no_sandbox)
    unsafe_no_sandbox: bool = False
    exercises: tuple[str, ...] | None = None  # grade only these ids (others are left out of the result)
    timeout_scale: float = 1.0  # multiplies every time limit
    build_cache: Path = Path(tempfile.gettempdir()) / "jaxgrade-build-cache"  # shared by all students
    scratch_root: Path = Path(tempfile.gettempdir()) / "jaxgrade-scratch"  # per-job folders, deleted after
    hidden: tuple[Path, ...] = ()  # more host paths to cover in the sandbox (submissions, outputs)
    seed_policy: str = "content"  # "content": sha256(release, exercise, submission); "fixed": fixed_seed
    fixed_seed: int = 0
    startup_timeout_s: float = 120.0  # child start to "ready" (import jax + release setup cells)
    build_timeout_s: float = 120.0
    address_space_bytes: int = 8 * 2**30  # RLIMIT_AS of children (JAX reserves ~4 GiB)
    build_address_space_bytes: int = 4 * 2**30
    uids: tuple[int, ...] = GRADING_UIDS  # one per concurrent job (RLIMIT_NPROC is per uid)
    child_library: Path | None = None  # a prepared library folder (tests add dummy probes); None: built
    python: str = sys.executable
    engine: str | None = None  # isolation "container": "podman" | "docker" (None: podman when installed)
    image: str | None = None  # isolation "container": grader image (None: JAXGRADE_IMAGE or the default)
    # trusted XLA compile cache (grade/compile_cache.py): read-only in children; written only by the
    # trusted fill runs of release/compile_cache.py (compile_cache_fill=True)
    compile_cache: Path | None = None
    compile_cache_fill: bool = False
    # the structure pool entry of every exercise's inputs (exercises/structure_pool.py); None: the
    # fresh seed picks it. The warm-cache fill forces each entry in turn.
    structure_index: int | None = None

    def __post_init__(self) -> None:
        trusted = set(self.uids) & set(TRUSTED_FILL_UIDS)
        if self.compile_cache_fill and trusted != set(self.uids):
            raise ValueError("a trusted compile-cache fill runs only under TRUSTED_FILL_UIDS")
        if not self.compile_cache_fill and trusted:
            raise ValueError(f"uids {sorted(trusted)[:3]}... belong to the trusted compile-cache fill")

    @classmethod
    def from_options(cls, **values: Any) -> RunSettings:
        """From `jaxgrade grade` options; unknown or None values keep the defaults."""
        names = {f.name for f in dataclasses.fields(cls)}
        kwargs = {k: v for k, v in values.items() if k in names and v is not None}
        if "exercises" in kwargs:
            kwargs["exercises"] = tuple(kwargs["exercises"]) or None
        for key in ("build_cache", "scratch_root", "compile_cache"):
            if key in kwargs:
                kwargs[key] = Path(kwargs[key])
        return cls(**kwargs)

    def scaled(self, seconds: float) -> float:
        return seconds * self.timeout_scale


# --- small helpers -----------------------------------------------------------------------------


def exercise_seed(release_version: str, exercise_id: str, content_hash: str) -> int:
    h = hashlib.sha256("\0".join((release_version, exercise_id, content_hash)).encode()).digest()
    return int.from_bytes(h[:4], "big")


class _UidPool:
    """Hands each concurrent job its own sandbox uid, across threads and processes of this host.

    RLIMIT_NPROC counts per uid, and the rlimit mode kills every process of its uid afterwards, so two
    jobs must never share one. A uid is taken by an exclusive flock on `<lock_dir>/<uid>.lock`, which
    the kernel releases if the grader dies.
    """

    def __init__(self, lock_dir: Path | None = None):
        self.lock_dir = lock_dir or Path(tempfile.gettempdir()) / "jaxgrade-uid-locks"

    @contextmanager
    def slot(self, uids: tuple[int, ...]) -> Iterator[int]:
        self.lock_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
        while True:
            for uid in uids:
                fd = os.open(self.lock_dir / f"{uid}.lock", os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o600)
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                except BlockingIOError:
                    os.close(fd)
                    continue
                try:
                    yield uid
                finally:
                    os.close(fd)  # releases the lock
                return
            time.sleep(0.05)


_UIDS = _UidPool()


@cache
def _release_notebook(path: Path, mtime_ns: int) -> dict[str, Any]:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise GraderFault(f"release notebook {path} is unreadable: {exc}") from exc


def release_notebook(path: Path) -> dict[str, Any]:
    try:
        mtime = path.stat().st_mtime_ns
    except OSError as exc:
        raise GraderFault(f"release notebook {path} is missing: {exc}") from exc
    return _release_notebook(path, mtime)


def _default_catalog(ids: Iterable[str]) -> dict[str, ModuleType]:
    return {ex_id: exercise_registry.load(ex_id) for ex_id in ids}


def _python_prefixes() -> list[str]:
    real_prefix = os.path.dirname(os.path.dirname(os.path.realpath(sys.executable)))
    prefixes = {sys.prefix, sys.base_prefix, real_prefix}
    return sorted(p for p in prefixes if p and p != "/")


def _covered_top_level(visible: frozenset[str]) -> list[Path]:
    out = []
    for name in sorted(os.listdir("/")):
        path = f"/{name}"
        if name in visible or name in _ALWAYS_PRIVATE or os.path.islink(path):
            continue
        out.append(Path(path))
    return out


@dataclass
class _Clock:
    """Collects the job's phases."""

    phases: list[Phase] = field(default_factory=list)

    @contextmanager
    def phase(self, name: str) -> Iterator[dict[str, str]]:
        started, t0 = time.time(), time.monotonic()
        box = {"outcome": "ok"}
        try:
            yield box
        except BaseException:
            if box["outcome"] == "ok":
                box["outcome"] = "grader_fault"
            raise
        finally:
            self.phases.append(Phase(name, started, round(time.monotonic() - t0, 6), box["outcome"]))


# --- one child run -------------------------------------------------------------------------------


@dataclass(frozen=True)
class ChildRun:
    """What one notebook child run achieved."""

    done: tuple[str, ...]  # exercises whose probe completed ("done" seen)
    failed: str | None  # the exercise the run died in (timeout / crash / limit)
    status: str  # Status.OK | TIMEOUT | CRASHED | MEMORY | MALFORMED_OUTPUT
    detail_zh: str  # crash detail for the student
    observations: dict[str, Observations]
    result: SandboxResult | None


class _ScratchFolders:
    """The scratch folders of one job in use, each holding its quota (`Sandbox.scratch`), and the
    counter that numbers them: the part of a job that changes while it runs (`open` and `release`)."""

    def __init__(self, workdir: Path, sandbox: Sandbox):
        self._workdir, self._sandbox = workdir, sandbox
        self._opened = 0
        self._held: dict[Path, ExitStack] = {}  # scratch folder -> its quota

    def open(self, label: str) -> ScratchQuota:
        """A new empty folder in the job folder, inside its quota (`ScratchQuota.path`)."""
        self._opened += 1
        # private before anything is written into it, and unguessable: in rlimit mode the other jobs'
        # uids share this file system (the sandbox hands it to the job's uid when a program starts)
        path = self._workdir / f"{self._opened:02d}-{label}-{secrets.token_hex(8)}"
        path.mkdir(mode=0o700)
        stack = ExitStack()
        try:
            quota = stack.enter_context(self._sandbox.scratch(path))
        except SandboxFault as exc:
            raise GraderFault(f"scratch folder {path.name}: {exc}") from exc
        self._held[path] = stack
        return quota

    def release(self, path: Path) -> None:
        """Ends a scratch folder's quota (its files are gone afterwards when it was a tmpfs)."""
        stack = self._held.pop(path, None)
        if stack is not None:
            try:
                stack.close()
            except SandboxFault as exc:
                raise GraderFault(f"scratch folder {path.name}: {exc}") from exc

    def release_all(self) -> None:
        """Releases every scratch folder still held (after a fault); before the job folder is deleted."""
        while self._held:
            self.release(next(iter(self._held)))


@dataclass(frozen=True)
class _Job:
    """What is fixed while one submission is graded: the submission, release, settings, the sandbox
    (with the job's own uid, `sandbox.uid`), the job folder and what every child mounts and hides.

    What changes lives apart: the scratch folders in use (`scratches`), and the job's record, which
    is only appended to: phases (`clock`), notes for the student (`messages`), TA flags (`flags`).
    """

    sub: StudentSubmission
    release: ReleaseInfo
    settings: RunSettings
    sandbox: Sandbox
    catalog: Mapping[str, Any]  # exercise id -> module with EXERCISE/inputs/verdict
    workdir: Path  # the job folder: its scratch folders and the parent's copies of observations
    library: Path  # the child library (child_library.py), read-only at LIB_TARGET in every child
    child_hidden: tuple[Path, ...]  # host paths a notebook or kernel child must not see
    build_hidden: tuple[Path, ...]  # host paths a compiler run must not see
    python_mounts: tuple[Mount, ...]  # the Python prefixes, mounted back where the host is covered
    xla_cache: compile_cache.ChildCache | None
    scratches: _ScratchFolders
    clock: _Clock = field(default_factory=_Clock)
    messages: list[str] = field(default_factory=list)
    flags: set[str] = field(default_factory=set)

    @classmethod
    def create(cls, sub: StudentSubmission, release: ReleaseInfo, settings: RunSettings, sandbox: Sandbox,
               catalog: Mapping[str, Any], workdir: Path, library: Path) -> _Job:
        bwrap = sandbox.mode == "bwrap"
        own = [Path(__file__).resolve().parents[2], release.root.resolve(), settings.build_cache.resolve(),
               settings.scratch_root.resolve(), *settings.hidden]
        return cls(
            sub, release, settings, sandbox, catalog, workdir, library,
            child_hidden=(*_covered_top_level(CHILD_VISIBLE), *own) if bwrap else tuple(settings.hidden),
            build_hidden=(*_covered_top_level(BUILD_VISIBLE), *own) if bwrap else tuple(settings.hidden),
            python_mounts=tuple(Mount(Path(p), p) for p in _python_prefixes()) if bwrap else (),
            xla_cache=compile_cache.for_child(settings.compile_cache, settings.compile_cache_fill,
                                              sandbox.mode),
            scratches=_ScratchFolders(workdir, sandbox),
            flags={"unsafe_no_sandbox"} if sandbox.mode == "none" else set(),
        )

    @property
    def concurrent_kernel(self) -> bool:
        """The kernel child runs next to the first notebook child (bwrap mode), else after the last."""
        return self.sandbox.mode == "bwrap"

    # -- limits and environment

    def limits(self, wall_s: float, address_space: int | None = None) -> Limits:
        # RLIMIT_NPROC counts threads of the uid: XLA starts a pool per core in every child.
        return Limits(wall_s=wall_s, cpu_s=max(1, int(wall_s * 4)),
                      address_space_bytes=address_space or self.settings.address_space_bytes,
                      nproc=256 + 8 * (os.cpu_count() or 1), nofile=1024)

    def budget(self, exercises: list[Exercise]) -> float:
        """Backstop wall clock of a child: the wall-clock backstops of start-up and every exercise
        (the parent's own per-exercise CPU limits, grade/timing.py, normally fire first)."""
        s = self.settings
        steps = s.scaled(s.startup_timeout_s) + sum(s.scaled(ex.timeout_s) for ex in exercises)
        return STARVED_GIVE_UP_FACTOR * steps + 5.0

    def child_env(self) -> dict[str, str]:
        return {
            "PYTHONPATH": LIB_TARGET, "HOME": f"{SCRATCH_TARGET}/work",  # `rm -rf ~` spares obs/
            "IPYTHONDIR": f"{SCRATCH_TARGET}/.ipython",
            "MPLCONFIGDIR": f"{SCRATCH_TARGET}/.matplotlib", "TMPDIR": f"{SCRATCH_TARGET}/tmp",
            "JAXCOURSE_PREBUILT": f"{SCRATCH_TARGET}/prebuilt",
            "JAXCOURSE_BUILD_DIR": f"{SCRATCH_TARGET}/build",
            "JAXCOURSE_KERNEL_DIR": f"{LIB_TARGET}/kernels", "JAX_PLATFORMS": "cpu",
            "PYTHONDONTWRITEBYTECODE": "1", "PYTHONHASHSEED": "0", "TF_CPP_MIN_LOG_LEVEL": "2",
            # numpy's and scipy's OpenBLAS each start a worker thread per core at import, which spin
            # while a core is idle: 3.3 s instead of 3.6 s of CPU for one submission at --jobs 1
            # (nothing measurable once every core is busy), for BLAS work that needs no threads here
            # (XLA's own CPU pools are not OpenBLAS's)
            "OPENBLAS_NUM_THREADS": "1",
            **(self.xla_cache.env() if self.xla_cache is not None else {}),
        }

    def new_scratch(self, label: str) -> Path:
        """A fresh scratch folder, size-limited where the sandbox can (`scratches.release(path)` or
        `scratches.release_all()` ends it: the runner must have read what it needs from it by then)."""
        quota = self.scratches.open(label)
        if not quota.limited and self.sandbox.mode == "bwrap":
            self.flags.add("scratch_unlimited")  # TA report: this job's disk use was not bounded
        for sub in ("tmp", "work"):
            (quota.path / sub).mkdir()
        self.give_to_child(quota.path)
        return quota.path

    def give_to_child(self, path: Path) -> None:
        if self.sandbox.mode == "none" or os.geteuid() != 0:
            return
        for p in (path / "tmp", path / "work", path / compile_cache.FILL_CHILD_DIR):
            if not p.is_dir():
                continue
            for q in [p, *p.rglob("*")]:
                os.lchown(q, self.sandbox.uid, self.sandbox.gid)

    def start(self, argv: list[str], scratch: Path, limits: Limits) -> Process:
        cache = self.xla_cache
        # a fill child writes into its own scratch (harvested afterwards), never into a shared folder
        read_only = cache is not None and not cache.writable
        xla = [Mount(cache.source, compile_cache.CHILD_TARGET)] if read_only else []
        try:
            return self.sandbox.start(argv, scratch=scratch, mounts=[*self.python_mounts,
                                      Mount(self.library, LIB_TARGET), *xla], hidden=self.child_hidden,
                                      env=self.child_env(), limits=limits, cwd=f"{SCRATCH_TARGET}/work")
        except SandboxFault as exc:
            raise GraderFault(f"sandbox could not start a child: {exc}") from exc


def _wait(proc: Any, timeout: float) -> SandboxResult | None:
    try:
        return proc.wait(timeout)
    except SandboxFault as exc:
        raise GraderFault(f"sandbox failed while a child ran: {exc}") from exc


def _kill(proc: Any) -> SandboxResult:
    try:
        return proc.kill()
    except SandboxFault as exc:
        raise GraderFault(f"sandbox failed while killing a child: {exc}") from exc


def _ack(scratch: Path, exercise: str) -> None:
    """Tell the child its exercise's observations are collected (never through a planted link)."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW
    try:
        os.close(os.open(scratch / ack_name(exercise), flags, 0o644))
    except OSError:
        pass  # planted by the notebook itself: it only hurts its own observations


def _crash_status(result: SandboxResult) -> tuple[str, str]:
    """(status, detail_zh) for a child that ended before finishing. A child the host's OOM killer
    took before it reached its own limit is the machine's fault: GraderFault (retried), never a zero."""
    if result.limit == "host_oom":
        raise GraderFault("a child was killed by the host's OOM killer before reaching its own limit")
    if result.limit == "memory":
        return Status.MEMORY, ""
    if result.timed_out or result.limit in ("wall", "cpu"):
        return Status.TIMEOUT, ""
    if result.signal is not None:
        return Status.CRASHED, crash_detail("signal", signal=result.signal)
    if result.limit is not None:
        return Status.CRASHED, crash_detail("limit", limit=result.limit)
    return Status.CRASHED, crash_detail("exit", code=result.exit_code)


def _prepare_notebook_scratch(job: _Job, chapter: str, cells: ChapterCells, exercises: list[Exercise],
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


def _start_notebook_child(job: _Job, scratch: Path, exercises: list[Exercise], token: str) -> _NotebookChild:
    """Opens the progress file and the observation stream, then starts the child: both must exist
    before it runs (it appends to the one and connects to the other); they are closed again when the
    child cannot start."""
    ids = tuple(ex.id for ex in exercises)
    argv = [job.settings.python, "-P", "-s", "-B", "-m", "autograder.sandboxed.child_main", SCRATCH_TARGET]
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

    def __init__(self, job: _Job, child: _NotebookChild, scratch: Path, exercises: list[Exercise]):
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
            return _NotebookEnd(_kill(child.proc), flooded=flooded)
        result = _wait(child.proc, 0)
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
            return _NotebookEnd(_kill(child.proc), killed_for_timeout, starved)


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
    status, detail = (Status.TIMEOUT, "") if end.killed_for_timeout else _crash_status(result)
    return ChildRun(done, failed, status, detail, observations, result)


def _run_notebook_child(job: _Job, chapter: str, cells: ChapterCells, exercises: list[Exercise],
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
            _kill(child.proc)
        if job.xla_cache is not None and job.xla_cache.writable:  # a trusted fill run
            _harvest_fill_entries(job, scratch)
        job.scratches.release(scratch)  # nothing is read from it any more (observations were collected)
    return _notebook_outcome(chapter, token, progress, end)


def _harvest_fill_entries(job: _Job, scratch: Path) -> None:
    """Trusted fill: the entries the child compiled go into the fill's private staging folder."""
    uid = None if job.sandbox.mode == "none" or os.geteuid() != 0 else job.sandbox.uid
    refused = compile_cache.harvest(scratch / compile_cache.FILL_CHILD_DIR, job.xla_cache.source, uid)
    if refused:  # the fill's report names its runs with flags; these files were never published
        job.flags.add("fill_files_refused")


@dataclass(frozen=True)
class _NotebookRuns:
    """What the notebook children of one chapter achieved together."""

    observations: dict[str, Observations]  # exercise id -> its observations, for the exercises done
    died_in: dict[str, ChildRun]  # exercise id -> the run that died in it (timeout, crash, limit, flood)


def _run_notebook_children(job: _Job, chapter: str, cells: ChapterCells, exercises: list[Exercise],
                           inputs: dict[str, ProbeInputs], prebuilt: list[Path],
                           kernel_child: _KernelChild) -> _NotebookRuns:
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
    return _NotebookRuns(observations, died_in)


class _KernelRun:
    """A started kernel child and what the parent has seen of it, with the CPU deadline that follows
    from it: the start-up until "ready", each exercise's `timeout_s` from its "probe" line, the
    start-up again after its "done". Only `consume` and `poll` change it."""

    def __init__(self, job: _Job, exercises: list[Exercise], proc: Process, reader: ProgressReader,
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
        self.result = _wait(self.proc, 0)
        if self.result is None and (verdict := self.deadline.check()) is not None:
            self.timed_out = True
            if verdict == "starved":
                self.starved = self.deadline.describe()
            self.result = _kill(self.proc)


class _KernelChild:
    """The kernel child of one chapter: started at most once, followed like a notebook child
    (`_KernelRun`), always finished or killed. `poll()` is called from the notebook child's loop
    when both run at once."""

    def __init__(self, job: _Job, chapter: str, exercises: list[Exercise], inputs: dict[str, ProbeInputs],
                 so: Path | None):
        self.job, self.chapter, self.exercises, self.inputs, self.so = job, chapter, exercises, inputs, so
        self.token = secrets.token_hex(16)
        self._scratch: Path | None = None  # from the start on, until kill()
        self._run: _KernelRun | None = None  # from the child's start until finish() or kill()

    def start(self) -> None:
        if self.so is None or not self.exercises or self._scratch is not None:
            return
        job, settings = self.job, self.job.settings
        self._scratch = scratch = job.new_scratch(f"{self.chapter}-kernel")
        (scratch / "prebuilt").mkdir()
        shutil.copyfile(self.so, scratch / "prebuilt" / self.so.name)
        for ex in self.exercises:
            write_inputs(scratch / "inputs", ex.id, self.inputs[ex.id])
        write_job(scratch, KERNEL_JOB, {"token": self.token, "exercises": [
            {"id": ex.id, "so": f"prebuilt/{self.so.name}"} for ex in self.exercises]})
        argv = [settings.python, "-P", "-s", "-B", "-m", "autograder.sandboxed.kernel_main", SCRATCH_TARGET]
        started_at = time.time()
        reader = ProgressReader(scratch / "progress.jsonl", tuple(ex.id for ex in self.exercises), self.token)
        try:
            proc = job.start(argv, scratch, job.limits(job.budget(self.exercises)))
        except BaseException:
            reader.close()
            raise
        self._run = _KernelRun(job, self.exercises, proc, reader, started_at)

    def poll(self) -> None:
        if self._run is not None:
            self._run.poll()

    def finish(self) -> tuple[str, dict[str, dict[str, Any]]]:
        """(kernel.__run__ status, exercise id -> its "kernel."-prefixed observation values)."""
        self.start()
        run = self._run
        if run is None:
            return "not_built", {}
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
            status = "ok" if result.exit_code == 0 else _crash_status(result)[0]
        self.job.clock.phases.append(Phase(f"{self.chapter}/kernel", run.started_at,
                                           round(time.time() - run.started_at, 6), status))
        return status, self._values()

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
            _kill(run.proc)
        if self._scratch is not None:
            self.job.scratches.release(self._scratch)


# --- verdicts ------------------------------------------------------------------------------------


def _scaled(score: ExerciseScore, points: float) -> ExerciseScore:
    if score.max_score <= 0 or abs(points - score.max_score) < 1e-12:
        return score
    f = points / score.max_score
    tests = tuple(dataclasses.replace(t, score=t.score * f, max_score=t.max_score * f) for t in score.tests)
    return dataclasses.replace(score, score=sum(t.score for t in tests), max_score=points, tests=tests)


def _cell_notes(obs: Observations, answer_cells: tuple[AnswerCell, ...]) -> list[str]:
    raw = obs.values.get(CELLS_KEY)
    if not isinstance(raw, list):
        return []
    notes = []
    for item in raw[:CELL_ERRORS_SHOWN]:
        if not isinstance(item, dict) or type(item.get("cell")) is not int \
                or not isinstance(item.get("error"), str):
            continue
        i = item["cell"]
        number = answer_cells[i].index + 1 if 0 <= i < len(answer_cells) else i + 1
        # first line only (a KernelBuildError repeats the build diagnostics), paths as the student wrote them
        first = item["error"].replace(f"{SCRATCH_TARGET}/work/", "").strip().split("\n", 1)[0]
        notes.append(message("cell_error", cell=number, error=first[:300]))
    return notes


def _tampered(obs: Observations) -> tuple[str, ...]:
    raw = obs.values.get(TAMPERED_KEY)
    if isinstance(raw, list):
        return tuple(str(x)[:200] for x in raw[:50])
    return ()


def _judge(module: Any, ex: Exercise, inp: ProbeInputs, obs: Observations,
           answer_cells: tuple[AnswerCell, ...], extra_notes: list[str]) -> ExerciseScore:
    notes = [*extra_notes, *_cell_notes(obs, answer_cells)]
    if not answer_cells:
        notes.insert(0, message("no_answer"))
    if isinstance(obs.values.get(WIRE_KEY), StudentError):
        return zero_score(ex, Status.MALFORMED_OUTPUT, "\n".join([message("malformed_output"), *notes]))
    probe_error = obs.error(PROBE_ERROR_KEY)
    if probe_error is not None:
        notes.append(message("probe_error", error=probe_error.message.splitlines()[-1][:300]
                             if probe_error.message else probe_error.type))
    try:
        outcomes: list[CheckOutcome] = module.verdict(inp, obs)
    except ObservationInvalid as exc:
        if not _tampered(obs):
            text = message("invalid_output", detail=exc.message_zh)
            return zero_score(ex, Status.INVALID_OUTPUT, "\n".join([text, *notes]))
        outcomes = []  # tampering is the reason: report it, not the missing observation
    except Exception as exc:
        raise GraderFault(f"verdict of {ex.id} failed: {type(exc).__name__}: {exc}") from exc
    score = score_outcomes(ex, list(outcomes), tampered=_tampered(obs))
    summary = "\n".join(s for s in (score.summary_zh, *notes) if s)
    return dataclasses.replace(score, summary_zh=summary)


# --- a chapter -----------------------------------------------------------------------------------


def _build_kernels(job: _Job, chapter: str, cells: ChapterCells, exercises: list[Exercise]
                   ) -> tuple[list[Path], BuildOutcome | None, KernelSource | None, bool]:
    """(libraries for prebuilt/, the student's chosen build, its source, whether a kernel exercise exists)."""
    settings = job.settings
    # The compiler's limit is CPU time (RLIMIT_CPU); the wall clock is a backstop whose firing without
    # the CPU used is the machine's fault (SandboxResult.starved, a BuildFault)
    build_s = settings.scaled(settings.build_timeout_s)
    backstop = job.limits(STARVED_GIVE_UP_FACTOR * build_s, settings.build_address_space_bytes)
    limits = dataclasses.replace(backstop, cpu_s=max(1, round(build_s)))
    cache_ = BuildCache(settings.build_cache, job.sandbox, scratch_root=job.workdir, limits=limits,
                        hidden=job.build_hidden, mounts=job.python_mounts,
                        toolchain=job.sandbox.toolchain)
    libs: list[Path] = []
    with job.clock.phase(f"{chapter}/build") as ph:
        statuses = []
        for src_path in sorted((job.library / "kernels").glob("*.cc")):
            try:
                out = cache_.build(KernelSource(src_path.name, src_path.read_bytes(), "course kernel"))
            except BuildFault as exc:
                raise GraderFault(str(exc)) from exc
            if not out.ok:
                raise GraderFault(f"course kernel {src_path.name} does not build ({out.status}): "
                                  f"{out.diagnostics}")
            libs.append(out.so_path)
            statuses.append(out.status)
        wants_kernel = any(ex.kernel_probe for ex in exercises)
        chosen_out: BuildOutcome | None = None
        chosen: KernelSource | None = None
        if wants_kernel:
            all_cells = sorted((c for ex in exercises for c in cells.answers[ex.id]), key=lambda c: c.index)
            sources = find_kernel_sources(all_cells, job.sub.extra_files)[:MAX_KERNEL_SOURCES]
            chosen = choose_kernel(sources)
            for src in sources:
                try:
                    out = cache_.build(src)
                except BuildFault as exc:
                    raise GraderFault(str(exc)) from exc
                statuses.append(out.status)
                if out.ok:
                    libs.append(out.so_path)
                if src is chosen:
                    chosen_out = out
        ph["outcome"] = ",".join(dict.fromkeys(statuses)) or "none"
    return libs, chosen_out, chosen, wants_kernel


def _grade_chapter(job: _Job, chapter: str, notebook: dict[str, Any], exercises: list[Exercise]
                   ) -> dict[str, ExerciseScore]:
    settings = job.settings
    with job.clock.phase(f"{chapter}/cells") as ph:
        cells = map_cells(chapter, release_notebook(job.release.notebooks[chapter]), notebook)
        ph["outcome"] = cells.attribution
        job.messages.extend(cells.notes_zh)
        inputs = {}
        for ex in exercises:
            seed = settings.fixed_seed if settings.seed_policy == "fixed" else exercise_seed(
                job.release.version, ex.id, job.sub.content_hash)
            try:  # a failure here is a bug of the exercise module, never the student's
                module = job.catalog[ex.id]
                inputs[ex.id] = (
                    module.inputs(seed, student_id=job.sub.student_id, release_root=job.release.root)
                    if ex.per_student else module.inputs(seed, structure_seed=structure_seed(
                        job.release.version, ex.id, seed, index=settings.structure_index)))
                json.dumps(inputs[ex.id].params)
            except Exception as exc:
                raise GraderFault(f"inputs of {ex.id} (seed {seed}): {type(exc).__name__}: {exc}") from exc
    libs, kernel_build, kernel_src, wants_kernel = _build_kernels(job, chapter, cells, exercises)
    kernel_exs = [ex for ex in exercises if ex.kernel_probe]
    chapter_cells = sorted((c for ex in exercises for c in cells.answers[ex.id]), key=lambda c: c.index)
    kernel_notes: list[str] = writefile_notes(chapter_cells) if wants_kernel else []
    if wants_kernel and kernel_src is None:
        kernel_notes.append(message("no_kernel_source"))
    elif kernel_build is not None and not kernel_build.ok:
        key = {"compile_error": "build_failed", "timeout": "build_timeout", "memory": "build_memory"}[
            kernel_build.status]
        kernel_notes.append(message(key, name=kernel_build.source_name, diagnostics=kernel_build.diagnostics,
                                    limit_s=settings.scaled(settings.build_timeout_s)))
    kernel_so = kernel_build.so_path if kernel_build is not None and kernel_build.ok else None
    kernel_child = _KernelChild(job, chapter, kernel_exs, inputs, kernel_so)
    try:
        runs = _run_notebook_children(job, chapter, cells, exercises, inputs, libs, kernel_child)
        kernel_status, kernel_values = kernel_child.finish()
    finally:
        kernel_child.kill()
    with job.clock.phase(f"{chapter}/verdict"):
        scores: dict[str, ExerciseScore] = {}
        for ex in exercises:
            answer_cells = cells.answers[ex.id]
            if ex.id in runs.died_in:
                status, detail = runs.died_in[ex.id].status, runs.died_in[ex.id].detail_zh
                ended = (Status.TIMEOUT, Status.CRASHED, Status.MEMORY, Status.MALFORMED_OUTPUT)
                key = status if status in ended else Status.CRASHED
                text = message(key, limit_s=settings.scaled(ex.timeout_s), detail=detail)
                score = zero_score(ex, status, "\n".join([text, *(kernel_notes if ex.kernel_probe else [])]))
            elif ex.id not in runs.observations:
                score = zero_score(ex, Status.NOT_RUN, message("not_run"))
            else:
                obs = runs.observations[ex.id]
                if ex.kernel_probe:
                    merged = {**obs.values, **kernel_values.get(ex.id, {}), KERNEL_RUN_KEY: kernel_status}
                    obs = Observations(ex.id, merged)
                notes = kernel_notes if ex.kernel_probe else []
                if ex.kernel_probe and kernel_status in (Status.CRASHED, Status.TIMEOUT, Status.MEMORY):
                    notes = [*notes, kernel_run_message(kernel_status)]
                score = _judge(job.catalog[ex.id], ex, inputs[ex.id], obs, answer_cells, notes)
            if score.status == Status.TAMPERED:
                job.flags.add("tampered")
            scores[ex.id] = _scaled(score, job.release.points.get(ex.id, ex.max_points))
    return scores


# --- entry point ---------------------------------------------------------------------------------


def _sandbox_for(settings: RunSettings, uid: int) -> Sandbox:
    if settings.isolation == "none":
        if not settings.unsafe_no_sandbox:
            raise GraderFault("isolation 'none' needs unsafe_no_sandbox=True")
        return make_sandbox("none", unsafe=True)
    if settings.isolation in ("bwrap", "rlimit"):
        return make_sandbox(settings.isolation, uid=uid, gid=uid)
    if settings.isolation == "container":  # one container per child (autograder/sandbox/container.py)
        from autograder.sandbox.container import make_container_sandbox

        try:
            return make_container_sandbox(engine=settings.engine, image=settings.image, uid=uid, gid=uid)
        except SandboxFault as exc:
            raise GraderFault(f"container isolation unavailable: {exc}") from exc
    raise GraderFault(f"the runner cannot use isolation {settings.isolation!r} (bwrap, rlimit, container, none)")  # noqa: E501


def grade_submission(sub: StudentSubmission, release: ReleaseInfo, settings: RunSettings | None = None, *,
                     sandbox: Sandbox | None = None, catalog: Mapping[str, Any] | None = None
                     ) -> StudentResult:
    """Grade every chapter `sub` holds; `sub` is one intake accepted (status "ok").

    A missing chapter gets no scores here: `batch.complete_result` scores it (and intake failures
    are scored by `batch.intake_failure_result`, never run). `sandbox` and `catalog` (exercise id ->
    module with EXERCISE/inputs/verdict) are for tests. Raises GraderFault when the grader itself failed.
    """
    settings = settings or RunSettings()
    wanted = [ex_id for ex_id in exercise_registry.EXERCISE_IDS
              if settings.exercises is None or ex_id in settings.exercises]
    catalog = dict(catalog) if catalog is not None else _default_catalog(wanted)
    exercises = {ex_id: catalog[ex_id].EXERCISE for ex_id in wanted}
    scores: dict[str, ExerciseScore] = {}
    if sub.status != Status.OK:
        raise ValueError(f"{sub.student_id}: intake refused this submission ({sub.status}): nothing to run")
    settings.scratch_root.mkdir(parents=True, exist_ok=True)
    if os.geteuid() == 0 and settings.scratch_root.stat().st_uid == 0:
        os.chmod(settings.scratch_root, 0o711)  # jobs' folder names are not listable by sandbox uids
    library = settings.child_library or prepare_child_library(settings.scratch_root, release.root)
    with _UIDS.slot(settings.uids) as uid:
        sb = sandbox or _sandbox_for(settings, uid)
        workdir = Path(tempfile.mkdtemp(prefix=f"job-{sub.content_hash[:12]}-", dir=settings.scratch_root))
        os.chmod(workdir, 0o711)  # rlimit mode: the sandbox uid must pass through to its scratch folders
        job = _Job.create(sub, release, settings, sb, catalog, workdir, library)
        job.messages.extend(sub.problems_zh)
        try:
            for chapter, ids in exercise_registry.CHAPTERS.items():
                chapter_exs = [exercises[i] for i in ids if i in exercises]
                if not chapter_exs:
                    continue
                nb = sub.notebooks.get(chapter)
                if nb is None:
                    continue
                scores.update(_grade_chapter(job, chapter, nb.notebook, chapter_exs))
        finally:
            try:
                job.scratches.release_all()  # unmounts quotas a fault left behind, before the folder goes
            finally:
                shutil.rmtree(workdir, ignore_errors=True)
    graded = any(ch in sub.notebooks for ch in exercise_registry.CHAPTERS)
    status = Status.OK if graded else Status.NOT_SUBMITTED
    return StudentResult(sub.student_id, sub.content_hash, release.version, scores, status,
                         tuple(job.clock.phases), tuple(job.messages), tuple(sorted(job.flags)))
