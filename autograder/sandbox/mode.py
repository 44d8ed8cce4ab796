"""`Sandbox`, the interface every isolation mode implements, and what the host modes share: the
launcher's command line and the scrubbed environment (trusted parent side).

Every mode runs the program through the launcher (`autograder/sandbox/launcher.py`, stdlib only):
on the host, by its path; inside bwrap and containers it appears at `EXEC_TARGET`.
"""

from __future__ import annotations

import copy
import dataclasses
import os
import sys
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path

from autograder.sandbox.base import (
    DEFAULT_PATH,
    NOBODY,
    SCRATCH_TARGET,
    Limits,
    Mount,
    Process,
    SandboxFault,
    SandboxResult,
    Toolchain,
)
from autograder.sandbox.cgroup import JobCgroup
from autograder.sandbox.quota import ScratchQuota, has_quota, scratch_quota
from autograder.sandbox.supervise import STATUS_FD_ARG, Launch, SandboxedProcess

EXEC_TARGET = "/sandbox/.exec/sandbox_exec.py"
EXEC_SOURCE = Path(__file__).resolve().with_name("launcher.py")


def rlimit_args(limits: Limits) -> list[str]:
    values = {
        "as": limits.address_space_bytes, "cpu": f"{limits.cpu_s}:{limits.cpu_s + 1}",
        "nproc": limits.nproc, "fsize": limits.fsize_bytes, "nofile": limits.nofile, "core": 0,
    }
    return [f"--rlimit={name}={value}" for name, value in values.items()]


def scrubbed_env(env: Mapping[str, str], home: str) -> dict[str, str]:
    return {"PATH": DEFAULT_PATH, "HOME": home, "LANG": "C.UTF-8", **env}


class Sandbox(ABC):
    """One isolation mode. Stateless: start() may be called from several threads at once."""

    mode: str = ""
    quota_scratch: bool = False  # scratch() mounts a size-limited tmpfs on the scratch folder (as root)
    job_cgroups: bool = True  # start() puts programs into `cgroup` (container mode: one per container)
    cgroup: JobCgroup | None = None  # the job's group (cgroup.py); set by in_job()

    def __init__(self, *, uid: int = NOBODY, gid: int = NOBODY, python: str | None = None) -> None:
        self.uid, self.gid = uid, gid
        # The launcher's interpreter: only the standard library is needed.
        self.python = python or os.path.realpath(sys.executable)

    def start(self, argv: Sequence[str], *, scratch: Path, mounts: Sequence[Mount] = (),
              env: Mapping[str, str] | None = None, limits: Limits | None = None,
              cwd: str = SCRATCH_TARGET, hidden: Sequence[Path] = ()) -> Process:
        if not argv:
            raise ValueError("empty argv")
        limits = limits or Limits()
        scratch = Path(scratch).resolve()
        if not scratch.is_dir():
            raise SandboxFault(f"{self.mode}: scratch folder {scratch} is not a directory")
        if not EXEC_SOURCE.is_file():
            raise SandboxFault(f"{self.mode}: launcher {EXEC_SOURCE} is missing")
        if not os.access(self.python, os.X_OK):
            raise SandboxFault(f"{self.mode}: launcher interpreter {self.python} is not executable")
        # the leaf first: a refused one leaves nothing open (a leaf left by a failed start goes with
        # the job's group)
        program = self.cgroup.program(limits.cgroup_memory_bytes) if self.cgroup is not None else None
        launch = self._prepare(list(argv), scratch=scratch, mounts=list(mounts), env=dict(env or {}),
                               limits=limits, cwd=cwd, hidden=[Path(h) for h in hidden])
        if program is not None:  # joined before bwrap or the launcher runs: every fork is born inside
            launch = dataclasses.replace(launch, argv=[*program.enter_argv(), *launch.argv])
        return SandboxedProcess(self.mode, launch, limits, scratch_limited=has_quota(scratch), cgroup=program)

    def in_job(self, *, uid: int | None = None, cgroup: JobCgroup | None = None) -> Sandbox:
        """This sandbox for one job's programs: under `uid` (its gid too) and inside the job's
        `cgroup` (a mode with its own per-program cgroup ignores it). The original is unchanged."""
        job = copy.copy(self)
        if uid is not None:
            job.uid, job.gid = uid, uid
        if cgroup is not None and self.job_cgroups:
            job.cgroup = cgroup
        return job

    def scratch(self, path: Path, limits: Limits | None = None) -> AbstractContextManager[ScratchQuota]:
        """Context manager for the life of one scratch folder: enter it while `path` is still an empty
        directory, fill it, start() programs on it, read what they left, then leave it. Modes with
        `quota_scratch`, run as root, back it with a tmpfs of `limits.scratch_bytes` (unmounted on
        the way out, whatever happens); otherwise nothing changes and the ScratchQuota says why."""
        if not self.quota_scratch:
            return nullcontext(ScratchQuota(Path(path), None, f"mode {self.mode!r} does not limit scratch"))
        return scratch_quota(Path(path), (limits or Limits()).scratch_bytes)

    @property
    def toolchain(self) -> Toolchain | None:
        """The compiler and JAX its programs see when they are not this host's (container mode);
        None: this host's."""
        return None

    def run(self, argv: Sequence[str], **options: object) -> SandboxResult:
        """start() then wait() until the end (the wall-clock limit bounds it)."""
        proc = self.start(argv, **options)  # type: ignore[arg-type]
        result = proc.wait()
        assert result is not None
        return result

    @abstractmethod
    def _prepare(self, argv: list[str], *, scratch: Path, mounts: list[Mount], env: dict[str, str],
                 limits: Limits, cwd: str, hidden: list[Path]) -> Launch: ...

    def _launcher(self, exec_path: str, limits: Limits, cwd: str, *, drop: bool,
                  writable: Sequence[Path] = (), private_proc: bool = False) -> list[str]:
        args = [self.python, "-I", "-S", exec_path, STATUS_FD_ARG, f"--cwd={cwd}",
                *rlimit_args(limits)]
        if drop:
            args += [f"--uid={self.uid}", f"--gid={self.gid}", "--seccomp"]
        if private_proc:
            args.append("--private-proc")  # launcher.private_proc: /proc shows only the program's uid
        args += [f"--writable={w}" for w in writable]  # Landlock (launcher.install_landlock)
        return [*args, "--"]
