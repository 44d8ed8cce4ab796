"""One submission's job: what is fixed while it is graded (sandbox with the job's own uid, job folder,
mounts, hidden paths, limits, child environment), the scratch folders it holds, the uid pool, its
phases, and the helpers that wait for and kill a sandboxed child (trusted parent side)."""

from __future__ import annotations

import fcntl
import logging
import os
import secrets
import sys
import tempfile
import time
from collections.abc import Iterator, Mapping
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from autograder.exercises.base import (
    Exercise,
)
from autograder.grade import compile_cache
from autograder.grade.run.settings import RunSettings
from autograder.grade.timing import STARVED_GIVE_UP_FACTOR
from autograder.messages import Status, crash_detail
from autograder.model import GraderFault, Phase, ReleaseInfo, StudentSubmission
from autograder.sandbox import (
    SCRATCH_TARGET,
    JobCgroup,
    Limits,
    Mount,
    Process,
    Sandbox,
    SandboxFault,
    SandboxResult,
    ScratchQuota,
    host_cgroups,
    make_sandbox,
)
from autograder.sandboxed.wire import BEHAVIOUR_ENV
from autograder.states import Isolation

LIB_TARGET = "/sandbox/lib"
log = logging.getLogger(__name__)


POLL_S = 0.02


# Top-level folders a notebook child sees in bwrap mode (everything else is covered); the Python
# prefixes and the child library are mounted back. The compiler does not even see /etc.
CHILD_VISIBLE = frozenset({"usr", "bin", "sbin", "lib", "lib32", "lib64", "libx32", "etc"})


BUILD_VISIBLE = CHILD_VISIBLE - {"etc"}


_ALWAYS_PRIVATE = frozenset({"proc", "dev", "tmp", "sandbox"})


class UidPool:
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


UIDS = UidPool()


def python_prefixes() -> list[str]:
    real_prefix = os.path.dirname(os.path.dirname(os.path.realpath(sys.executable)))
    prefixes = {sys.prefix, sys.base_prefix, real_prefix}
    return sorted(p for p in prefixes if p and p != "/")


def covered_top_level(visible: frozenset[str]) -> list[Path]:
    out = []
    for name in sorted(os.listdir("/")):
        path = f"/{name}"
        if name in visible or name in _ALWAYS_PRIVATE or os.path.islink(path):
            continue
        out.append(Path(path))
    return out


@dataclass
class Clock:
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


class ScratchFolders:
    """The scratch folders of one job in use, each holding its quota (`Sandbox.scratch`), and the
    counter that numbers them: the part of a job that changes while it runs (`open` and `release`)."""

    def __init__(self, workdir: Path, sandbox: Sandbox):
        self._workdir, self._sandbox = workdir, sandbox
        self._opened = 0
        self._held: dict[Path, ExitStack] = {}  # scratch folder -> its quota
        self.unlimited = False  # a bwrap scratch folder got no quota: the job's disk use was not bounded

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
        if not quota.limited and self._sandbox.mode == Isolation.BWRAP:
            self.unlimited = True
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
class Job:
    """What is fixed while one submission is graded: the submission, release, settings, the sandbox
    (with the job's own uid, `sandbox.uid`), the job folder and what every child mounts and hides.

    What changes lives apart: the scratch folders in use (`scratches`) and the phases (`clock`, only
    appended to). Notes for the student and TA flags are returned by the steps that find them.
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
    scratches: ScratchFolders
    kernel_sandbox: Sandbox  # the kernel child's: beside the notebook child (bwrap), a uid of its own
    clock: Clock = field(default_factory=Clock)

    @classmethod
    def create(cls, sub: StudentSubmission, release: ReleaseInfo, settings: RunSettings, sandbox: Sandbox,
               catalog: Mapping[str, Any], workdir: Path, library: Path) -> Job:
        bwrap = sandbox.mode == Isolation.BWRAP
        own = [Path(__file__).resolve().parents[3], release.root.resolve(), settings.build_cache.resolve(),
               settings.scratch_root.resolve(), *settings.hidden]
        return cls(
            sub, release, settings, sandbox, catalog, workdir, library,
            child_hidden=(*covered_top_level(CHILD_VISIBLE), *own) if bwrap else tuple(settings.hidden),
            build_hidden=(*covered_top_level(BUILD_VISIBLE), *own) if bwrap else tuple(settings.hidden),
            python_mounts=tuple(Mount(Path(p), p) for p in python_prefixes()) if bwrap else (),
            xla_cache=compile_cache.for_child(settings.compile_cache, settings.compile_cache_fill,
                                              sandbox.mode),
            scratches=ScratchFolders(workdir, sandbox),
            # RLIMIT_NPROC counts per uid: a library constructor forking to the limit beside the
            # notebook child would keep it from starting threads (a grader fault the student chose)
            kernel_sandbox=sandbox.in_job(uid=settings.kernel_uid(sandbox.uid)) if bwrap else sandbox,
        )

    def flags(self) -> set[str]:
        """The TA flags of how this job ran (so far): no sandbox at all, a scratch folder without quota."""
        flags = {"unsafe_no_sandbox"} if self.sandbox.mode == Isolation.NONE else set()
        if self.scratches.unlimited:
            flags.add("scratch_unlimited")  # TA report: this job's disk use was not bounded
        return flags

    @property
    def concurrent_kernel(self) -> bool:
        """The kernel child runs next to the first notebook child (bwrap mode), else after the last."""
        return self.sandbox.mode == Isolation.BWRAP

    # -- limits and environment

    def limits(self, wall_s: float, address_space: int | None = None) -> Limits:
        # RLIMIT_NPROC counts threads of the uid: XLA starts a pool per core in every child.
        return Limits(wall_s=wall_s, cpu_s=max(1, int(wall_s * 4)),
                      address_space_bytes=address_space or self.settings.address_space_bytes,
                      nproc=child_nproc(), nofile=1024)

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
            # opt-in cheaper XLA:CPU code generation (RunSettings.child_xla_flags, sandboxed/xla_flags.py)
            **({"XLA_FLAGS": self.settings.child_xla_flags} if self.settings.child_xla_flags else {}),
            **(self.xla_cache.env() if self.xla_cache is not None else {}),
            **({} if self.settings.behaviour else {BEHAVIOUR_ENV: "0"}),
        }

    def new_scratch(self, label: str, sandbox: Sandbox | None = None) -> Path:
        """A fresh scratch folder for a child of `sandbox` (default: the job's), size-limited where
        the sandbox can (`scratches.release(path)` or `scratches.release_all()` ends it: the runner
        must have read what it needs from it by then)."""
        quota = self.scratches.open(label)
        for sub in ("tmp", "work"):
            (quota.path / sub).mkdir()
        self.give_to_child(quota.path, sandbox)
        return quota.path

    def give_to_child(self, path: Path, sandbox: Sandbox | None = None) -> None:
        sandbox = sandbox or self.sandbox
        if sandbox.mode == Isolation.NONE or os.geteuid() != 0:
            return
        for p in (path / "tmp", path / "work", path / compile_cache.FILL_CHILD_DIR):
            if not p.is_dir():
                continue
            for q in [p, *p.rglob("*")]:
                os.lchown(q, sandbox.uid, sandbox.gid)

    def start(self, argv: list[str], scratch: Path, limits: Limits,
              sandbox: Sandbox | None = None) -> Process:  # fmt: skip
        """Starts a child of `sandbox` (default: the job's) on `scratch`."""
        sandbox = sandbox or self.sandbox
        cache = self.xla_cache
        # a fill child writes into its own scratch (harvested afterwards), never into a shared folder
        read_only = cache is not None and not cache.writable
        xla = [Mount(cache.source, compile_cache.CHILD_TARGET)] if read_only else []
        try:
            return sandbox.start(argv, scratch=scratch, mounts=[*self.python_mounts,
                                      Mount(self.library, LIB_TARGET), *xla], hidden=self.child_hidden,
                                      env=self.child_env(), limits=limits, cwd=f"{SCRATCH_TARGET}/work")
        except SandboxFault as exc:
            raise GraderFault(f"sandbox could not start a child: {exc}") from exc


def wait_child(proc: Any, timeout: float) -> SandboxResult | None:
    try:
        return proc.wait(timeout)
    except SandboxFault as exc:
        raise GraderFault(f"sandbox failed while a child ran: {exc}") from exc


def kill_child(proc: Any) -> SandboxResult:
    try:
        return proc.kill()
    except SandboxFault as exc:
        raise GraderFault(f"sandbox failed while killing a child: {exc}") from exc


@dataclass(frozen=True)
class CrashStatus:
    """How a child that ended before finishing is reported to the student."""

    status: str  # a Status: memory, timeout or crashed
    detail_zh: str  # what ended it ("" when the status says it all)


def crash_status(result: SandboxResult) -> CrashStatus:
    """The status of a child that ended before finishing. A child the host's OOM killer took before
    it reached its own limit is the machine's fault: GraderFault (retried), never a zero."""
    if result.limit == "host_oom":
        raise GraderFault("a child was killed by the host's OOM killer before reaching its own limit")
    if result.limit == "memory":
        return CrashStatus(Status.MEMORY, "")
    if result.timed_out or result.limit in ("wall", "cpu"):
        return CrashStatus(Status.TIMEOUT, "")
    if result.signal is not None:
        return CrashStatus(Status.CRASHED, crash_detail("signal", signal=result.signal))
    if result.limit is not None:
        return CrashStatus(Status.CRASHED, crash_detail("limit", limit=result.limit))
    return CrashStatus(Status.CRASHED, crash_detail("exit", code=result.exit_code))


def child_nproc() -> int:
    """RLIMIT_NPROC of a child (threads count): XLA starts a pool per core in every child."""
    return 256 + 8 * (os.cpu_count() or 1)


def job_pids_max() -> int:
    """The job's process count as a whole: two children at once (notebook and kernel child, each
    with RLIMIT_NPROC of its own uid), plus their launchers and bwrap."""
    return 2 * child_nproc() + 64


_warned: set[str] = set()


def job_cgroup(settings: RunSettings, sandbox: Sandbox) -> JobCgroup | None:
    """A cgroup for one job (memory `settings.job_memory_bytes`, processes `job_pids_max`), or None
    where the mode has its own (container) or the host offers none: then a warning, once per grader
    process, says that a job's memory is bounded only per process. A refused group is a GraderFault."""
    if not getattr(sandbox, "job_cgroups", False) or sandbox.mode == Isolation.NONE:
        return None  # container mode (one group per container), none, or a test's stand-in
    cgroups = host_cgroups()
    if not cgroups.available:
        if "cgroup" not in _warned:
            _warned.add("cgroup")
            log.warning("per-job cgroups unavailable (%s): a job's memory and processes are bounded per "
                        "process and per uid only, and a job over its share can start the host's OOM "
                        "killer (docs/operator-hardening.md, 'Per-job limits')", cgroups.reason)
        return None
    try:
        return cgroups.create(settings.job_memory_bytes, job_pids_max())
    except SandboxFault as exc:
        raise GraderFault(f"job cgroup: {exc}") from exc


def remove_job_cgroup(group: JobCgroup | None) -> None:
    if group is not None:
        try:
            group.remove()
        except SandboxFault as exc:
            raise GraderFault(f"job cgroup: {exc}") from exc


def job_sandbox(settings: RunSettings, uid: int) -> Sandbox:
    """The sandbox of `settings.isolation` with the job's own uid; a GraderFault when it cannot be had."""
    if settings.isolation == Isolation.NONE and not settings.unsafe_no_sandbox:
        raise GraderFault("isolation 'none' needs unsafe_no_sandbox=True")
    try:
        return make_sandbox(settings.isolation, uid=uid, gid=uid, unsafe=settings.unsafe_no_sandbox,
                            engine=settings.engine, image=settings.image)  # fmt: skip
    except SandboxFault as exc:  # only the container mode checks its engine and image up front
        raise GraderFault(f"{settings.isolation} isolation unavailable: {exc}") from exc
    except ValueError as exc:
        raise GraderFault(f"the runner cannot use isolation {settings.isolation!r}: {exc}") from exc
