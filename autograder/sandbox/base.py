"""What every isolation mode shares: the limits, the mounts, the result, the fault, the `Process`
protocol of a started program (trusted parent side).

Two kinds of failure are never mixed:

- `SandboxFault` (raised): the sandbox itself failed (bwrap missing, namespaces refused, a mount
  could not be made, the launcher could not drop privileges or exec). A grader fault: retry, never a
  student's zero.
- `SandboxResult` (returned): what the program did (exit code, signal, timeout, limit hit).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from autograder.sandbox.usage import Usage

SCRATCH_TARGET = "/sandbox/scratch"
NOBODY = 65534
DEFAULT_PATH = "/usr/local/bin:/usr/bin:/bin"


@dataclass(frozen=True)
class Limits:
    wall_s: float = 120.0  # wall clock, enforced by the parent (kills the whole sandbox)
    cpu_s: int = 300  # RLIMIT_CPU soft limit (SIGXCPU); the hard limit is one second more (SIGKILL)
    address_space_bytes: int = 8 * 2**30  # RLIMIT_AS (JAX needs ~4 GiB of address space)
    nproc: int = 128  # RLIMIT_NPROC, counted per uid system-wide (see make_sandbox)
    fsize_bytes: int = 256 * 2**20  # RLIMIT_FSIZE
    nofile: int = 256  # RLIMIT_NOFILE
    output_bytes: int = 1 * 2**20  # captured stdout and stderr, each; the rest is read and discarded
    scratch_bytes: int = 512 * 2**20  # size of each tmpfs: scratch (Sandbox.scratch), /tmp and /dev/shm
    # the program's own memory bound inside its job's cgroup (Sandbox.in_job), below the job's share:
    # over it, only its own processes are OOM-killed; None: the job's share alone bounds it
    cgroup_memory_bytes: int | None = None

    def __post_init__(self) -> None:
        for name in ("wall_s", "cpu_s", "address_space_bytes", "nproc", "fsize_bytes", "nofile",
                     "output_bytes", "scratch_bytes"):
            if not getattr(self, name) > 0:
                raise ValueError(f"Limits.{name} must be positive, got {getattr(self, name)!r}")


@dataclass(frozen=True)
class Mount:
    source: Path  # on the host
    target: str  # absolute path inside the sandbox (bwrap mode)
    writable: bool = False


@dataclass(frozen=True)
class SandboxResult:
    """What the program did. Every key is documented in docs/architecture.md, "Sandbox"."""

    exit_code: int | None  # None when ended by a signal
    signal: int | None  # the signal that ended the program, None when it exited
    timed_out: bool  # the wall-clock limit fired and the parent killed the sandbox
    limit: str | None  # "wall", "cpu", "memory", "host_oom", "fsize", "output", "disk", or None
    wall_s: float  # seconds from start to the end of the sandbox
    stdout: str  # decoded with errors="replace", at most Limits.output_bytes bytes
    stderr: str
    output_truncated: bool  # stdout or stderr exceeded Limits.output_bytes
    cpu_s: float | None = None  # user + system CPU seconds of the program and its reaped children
    max_rss_bytes: int | None = None  # peak resident set of the largest process of the tree
    killed: bool = False  # the parent killed the sandbox (kill() or the wall-clock limit)
    mode: str = ""  # "bwrap", "rlimit" or "none"
    message: str = ""  # one line for humans, e.g. "Exited with error status 1"
    scratch_limited: bool = False  # scratch was a size-limited tmpfs (Sandbox.scratch) when it started
    starved: bool = False  # the wall clock fired while the program mostly waited for a CPU (machine's fault)
    wait_s: float | None = None  # seconds its threads waited for a CPU (usage.py), when sampled

    @property
    def ok(self) -> bool:
        return self.exit_code == 0 and not self.timed_out and not self.killed


class SandboxFault(RuntimeError):
    """The sandbox failed, not the program: a grader fault (retry), never a student's zero."""



class Toolchain(Protocol):
    """The compiler and JAX a sandbox's programs see, when they are not this host's (container mode:
    container.py). Keys must equal what `jaxcourse.build_key` computes in there, so the child finds
    its kernels in JAXCOURSE_PREBUILT."""

    def build_key(self, source_text: bytes) -> str: ...

    def compile_argv(self, source: Path, output: Path) -> list[str]: ...


class Process(Protocol):
    """A started sandboxed program, whatever its mode (and the runner's test doubles)."""

    def usage(self) -> Usage | None:
        """CPU and CPU-wait seconds of its processes so far; None when the mode cannot measure them
        (the runner then judges time limits on the wall clock)."""
        ...

    def poll(self) -> SandboxResult | None:
        """The result once the program has ended, else None."""
        ...

    def wait(self, timeout: float | None = None) -> SandboxResult | None:
        """The result, or None if still running after `timeout` seconds (None: until it ends)."""
        ...

    def kill(self) -> SandboxResult:
        """Kills the program; when it returns, no process the program started remains."""
        ...
