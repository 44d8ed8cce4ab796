"""Run one command for untrusted code, every limit enforced from outside (trusted parent side).

One job, like isolate: start a command in a sandbox, enforce the limits, report in plain data what
happened. Two kinds of failure are never mixed:

- `SandboxFault` (raised): the sandbox itself failed (bwrap missing, namespaces refused, a mount
  could not be made, the launcher could not drop privileges or exec). A grader fault: retry, never a
  student's zero.
- `SandboxResult` (returned): what the program did (exit code, signal, timeout, limit hit).

Modes (see `make_sandbox`; what each protects against is in docs/architecture.md, "Sandbox"):

- "bwrap"  the host mode (root on a Linux host): bubblewrap namespaces + unprivileged uid + rlimits
           + seccomp. Paths inside: /sandbox/scratch (writable) and the `Mount` targets.
- "rlimit" the container mode, where namespaces cannot be created: unprivileged uid + rlimits +
           seccomp + kill of every process of the uid afterwards. No mount namespace: the child sees
           host paths, and /sandbox/... paths in argv, cwd and env values are rewritten to them.
- "none"   `--unsafe-no-sandbox` only: rlimits and a process group, nothing else.

Every mode runs the program through `autograder/sandbox_exec.py` (the launcher), which stays as a
root parent out of the program's reach and reports the program's exact wait status and rusage.

Usage: `SandboxedProcess.usage()` is the CPU and CPU-wait time of the program's processes so far
(autograder/sandbox_usage.py), for time limits judged on CPU (autograder/grade/timing.py); a wall
clock that fires while the program mostly waited for a CPU is reported as `SandboxResult.starved`.

Scratch quota: `Sandbox.scratch(path, limits)` is a context manager around the life of one scratch
folder (create it empty, enter, fill it, start, read what the program left, leave). In "bwrap" and
"rlimit" mode, as root, it mounts a tmpfs of `Limits.scratch_bytes` on the folder and always
unmounts it on the way out; where mounting is refused it changes nothing and says so
(`ScratchQuota.limited`, `SandboxResult.scratch_limited`), and the monitor thread's disk watchdog
bounds the folder instead (kills the program over `scratch_bytes` or its entry cap: limit "disk").
"""

from __future__ import annotations

import ctypes
import json
import os
import re
import select
import shutil
import signal
import subprocess
import sys
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass, field
from pathlib import Path

from autograder.sandbox_usage import (
    ZERO,
    Usage,
    pid_namespace_members,
    scratch_usage,
    session_members,
    starved,
    uid_members,
    usage_of,
)

SCRATCH_TARGET = "/sandbox/scratch"
EXEC_TARGET = "/sandbox/.exec/sandbox_exec.py"
EXEC_SOURCE = Path(__file__).resolve().with_name("sandbox_exec.py")
NOBODY = 65534
STATUS_FD_ARG = "--status-fd={status_fd}"  # placeholder, filled once the pipe exists
DEFAULT_PATH = "/usr/local/bin:/usr/bin:/bin"
START_TIMEOUT_S = 30.0  # from Popen to the launcher's "started" event
DRAIN_TIMEOUT_S = 10.0  # after the sandbox is gone, for the pipes to reach EOF
STATUS_CAP = 64 * 1024  # bytes the launcher may write on the status pipe
MEMORY_MARKERS = ("MemoryError", "std::bad_alloc", "Cannot allocate memory", "out of memory",
                  "Out of memory", "RESOURCE_EXHAUSTED")
FSIZE_MARKERS = ("File too large",)
SCRATCH_TAG = "jaxgrade-scratch"  # source name of a quota tmpfs: <tag>-<grader pid>-<its start time>
MS_NOSUID, MS_NODEV = 2, 4
MNT_DETACH, UMOUNT_NOFOLLOW = 2, 8
SHARED_WRITABLE = ("/dev/shm", "/tmp", "/var/tmp", "/dev/mqueue")  # rlimit mode sweeps the uid's files there
DISK_POLL_S = 0.5  # how often the disk watchdog walks a scratch folder that has no quota tmpfs


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
    limit: str | None  # "wall", "cpu", "memory", "fsize", "output", or None (none inferable)
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
    wait_s: float | None = None  # seconds its threads waited for a CPU (sandbox_usage), when sampled

    @property
    def ok(self) -> bool:
        return self.exit_code == 0 and not self.timed_out and not self.killed


class SandboxFault(RuntimeError):
    """The sandbox failed, not the program: a grader fault (retry), never a student's zero."""


# --- output capture --------------------------------------------------------------------------


class _CappedReader(threading.Thread):
    """Reads a pipe to EOF, keeps the first `cap` bytes, discards the rest so the child never blocks."""

    def __init__(self, fd: int, cap: int, name: str) -> None:
        super().__init__(name=name, daemon=True)
        self.fd, self.cap = fd, cap
        self.data = bytearray()
        self.total = 0

    def run(self) -> None:
        try:
            while chunk := os.read(self.fd, 65536):
                self.total += len(chunk)
                room = self.cap - len(self.data)
                if room > 0:
                    self.data += chunk[:room]
        except OSError:
            pass
        finally:
            os.close(self.fd)

    @property
    def truncated(self) -> bool:
        return self.total > self.cap


# --- a running sandbox -----------------------------------------------------------------------


@dataclass(frozen=True)
class _Launch:
    """What a mode prepared: the command line and how to tear down what it started."""

    argv: list[str]
    env: dict[str, str]
    pass_fds: tuple[int, ...] = ()
    info_fd: int | None = None  # bwrap --info-fd read end (pid 1 of the pid namespace)
    sweep: Callable[[], None] | None = None  # kills what may remain after the launcher is reaped
    close_after_start: tuple[int, ...] = field(default=())
    account_uid: int | None = None  # the program's processes are this (dedicated) uid's; None: see usage()
    disk_watch: Path | None = None  # scratch without a quota tmpfs: the parent walks it and enforces the cap


class SandboxedProcess:
    """One started sandbox. A monitor thread enforces the wall clock even if nobody calls wait()."""

    def __init__(self, mode: str, launch: _Launch, limits: Limits, *, scratch_limited: bool = False) -> None:
        self.mode = mode
        self.limits = limits
        self.scratch_limited = scratch_limited
        self._sweep = launch.sweep
        self._account_uid = launch.account_uid
        self._disk_watch = None if scratch_limited else launch.disk_watch
        self._disk_full = False
        self._ns_init: int | None = None
        self._last_usage = ZERO
        self._peak_wait_s = 0.0
        self._done = threading.Event()
        self._result: SandboxResult | None = None
        self._fault: SandboxFault | None = None
        self._wake_lock = threading.Lock()  # kill() must never write to a closed (reused) fd number
        self._timed_out = False
        self._events: list[dict] = []
        self._status_buf = b""
        self._ns_pidfd: int | None = None
        self._reaped = False  # once reaped, the launcher's pid (and process group id) may be reused
        self._starved = False
        status_r, status_w = os.pipe()
        self._wake_r, wake_w = os.pipe()
        self._wake_w: int | None = wake_w
        self._status_r = status_r
        self.started_at = time.monotonic()
        try:
            self._popen = subprocess.Popen(
                _with_status_fd(launch.argv, status_w),
                stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                env=launch.env, pass_fds=(*launch.pass_fds, status_w), start_new_session=True,
                close_fds=True, bufsize=0,
            )
        except OSError as exc:
            info = () if launch.info_fd is None else (launch.info_fd,)
            for fd in (status_r, status_w, self._wake_r, wake_w, *launch.close_after_start, *info):
                os.close(fd)
            raise SandboxFault(f"{mode}: could not start {launch.argv[0]}: {exc}") from exc
        os.close(status_w)
        for fd in launch.close_after_start:
            os.close(fd)
        assert self._popen.stdout is not None and self._popen.stderr is not None
        self._stdout = _CappedReader(os.dup(self._popen.stdout.fileno()), limits.output_bytes, "sandbox-out")
        self._stderr = _CappedReader(os.dup(self._popen.stderr.fileno()), limits.output_bytes, "sandbox-err")
        self._popen.stdout.close()
        self._popen.stderr.close()
        self._stdout.start()
        self._stderr.start()
        try:
            if launch.info_fd is not None:
                self._read_info(launch.info_fd)
            self._await_started()
        except SandboxFault:
            self._teardown_after_fault()
            raise
        self._monitor = threading.Thread(target=self._run_monitor, name="sandbox-monitor", daemon=True)
        self._monitor.start()

    # -- start-up ------------------------------------------------------------------------------

    def _read_info(self, fd: int) -> None:
        """bwrap writes {"child-pid": N} (pid 1 of the namespace, as seen here) and closes the fd."""
        data = b""
        deadline = time.monotonic() + START_TIMEOUT_S
        try:
            while (left := deadline - time.monotonic()) > 0:
                if not _readable([fd], left):
                    continue
                chunk = os.read(fd, 4096)
                if not chunk:
                    break
                data += chunk
        finally:
            os.close(fd)
        if not data:
            return  # bwrap failed before cloning; _await_started reports it with bwrap's stderr
        try:
            init_pid = int(json.loads(data)["child-pid"])
            self._ns_pidfd = os.pidfd_open(init_pid)
            self._ns_init = init_pid
        except (ValueError, KeyError, TypeError, OSError) as exc:
            raise SandboxFault(f"bwrap: unusable --info-fd output {data[:200]!r}: {exc}") from exc

    def _await_started(self) -> None:
        deadline = time.monotonic() + START_TIMEOUT_S
        while not self._events:
            left = deadline - time.monotonic()
            if left <= 0:
                raise SandboxFault(f"{self.mode}: launcher did not start within {START_TIMEOUT_S:.0f} s")
            if _readable([self._status_r], left) and not self._read_status():
                break
        event = self._events[0] if self._events else None
        if event is None or event.get("event") != "started":
            self._popen.wait(timeout=DRAIN_TIMEOUT_S)
            self._stderr.join(DRAIN_TIMEOUT_S)
            detail = event.get("message") if event else None
            if detail is None:
                tail = bytes(self._stderr.data[-2000:]).decode(errors="replace").strip()
                detail = f"exit status {self._popen.returncode}: {tail or 'no message'}"
            raise SandboxFault(f"{self.mode}: sandbox setup failed: {detail}")

    def _read_status(self) -> bool:
        """Reads what is available on the status pipe; False at EOF."""
        chunk = os.read(self._status_r, 4096)
        if not chunk:
            return False
        self._status_buf += chunk
        if len(self._status_buf) > STATUS_CAP:
            raise SandboxFault(f"{self.mode}: launcher status pipe over {STATUS_CAP} bytes")
        *lines, self._status_buf = self._status_buf.split(b"\n")
        for line in lines:
            try:
                event = json.loads(line)
            except ValueError as exc:
                raise SandboxFault(f"{self.mode}: bad launcher status line {line[:200]!r}") from exc
            if not isinstance(event, dict):
                raise SandboxFault(f"{self.mode}: bad launcher status line {line[:200]!r}")
            self._events.append(event)
        return True

    def _teardown_after_fault(self) -> None:
        self._kill_tree()
        try:
            self._popen.wait(timeout=DRAIN_TIMEOUT_S)
            self._reaped = True
        except subprocess.TimeoutExpired:
            pass
        self._close_wake_pipe()
        os.close(self._status_r)
        if self._ns_pidfd is not None:
            os.close(self._ns_pidfd)

    # -- running -------------------------------------------------------------------------------

    def _kill_tree(self) -> None:
        """SIGKILL the session's process group: the launcher and everything that did not leave the
        group (bwrap: also pid 1 of the namespace, whose death empties it). Only before the launcher
        is reaped: until then its pid, the group id, cannot be reused by an unrelated process."""
        if self._reaped:
            return
        try:
            os.killpg(self._popen.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass

    def _run_monitor(self) -> None:
        try:
            self._result = self._supervise()
        except Exception as exc:  # noqa: BLE001 - any failure here is the sandbox's, not the student's
            self._kill_tree()
            self._fault = exc if isinstance(exc, SandboxFault) else \
                SandboxFault(f"{self.mode}: monitor failed: {type(exc).__name__}: {exc}")
        finally:
            self._done.set()

    def _supervise(self) -> SandboxResult:
        pidfd = os.pidfd_open(self._popen.pid)
        status_open = True
        killed = False
        try:
            while True:
                left = self.started_at + self.limits.wall_s - time.monotonic()
                if left <= 0:
                    self._starved = starved(self.usage(), self.limits.wall_s, self.limits.cpu_s)
                    self._timed_out = killed = True
                    break
                watch = [pidfd, self._wake_r] + ([self._status_r] if status_open else [])
                ready = _readable(watch, left if self._disk_watch is None else min(left, DISK_POLL_S))
                if self._status_r in ready:
                    status_open = self._read_status()
                if pidfd in ready:
                    break
                if self._wake_r in ready:
                    killed = True
                    break
                if self._disk_watch is not None and self._scratch_over_quota():
                    self._disk_full = killed = True
                    break
            self._last_usage = self.usage()
            self._kill_tree()  # the launcher ended or must end: nothing of its group may outlive it
            _, wait_status = os.waitpid(self._popen.pid, 0)
            self._reaped = True
            self._popen.returncode = os.waitstatus_to_exitcode(wait_status)
            ended_at = time.monotonic()
            if self._ns_pidfd is not None:  # the namespace is empty once its pid 1 has exited
                if not _readable([self._ns_pidfd], DRAIN_TIMEOUT_S):
                    raise SandboxFault("bwrap: pid namespace still alive after its sandbox ended")
            if self._sweep is not None:
                self._sweep()
            deadline = time.monotonic() + DRAIN_TIMEOUT_S
            while status_open and _readable([self._status_r], _left(deadline)):
                status_open = self._read_status()
            for reader in (self._stdout, self._stderr):
                reader.join(_left(deadline))
            if self._stdout.is_alive() or self._stderr.is_alive():
                raise SandboxFault(f"{self.mode}: output pipes still open after the sandbox ended")
        finally:
            self._close_wake_pipe()
            for fd in (pidfd, self._status_r, self._ns_pidfd):
                if fd is not None:
                    os.close(fd)
        return self._build_result(ended_at, killed, wait_status)

    def _build_result(self, ended_at: float, killed: bool, outer_status: int) -> SandboxResult:
        exited = next((e for e in self._events if e.get("event") == "exited"), None)
        if exited is not None:
            status = int(exited["status"])
            cpu = float(exited["utime_s"]) + float(exited["stime_s"])
            max_rss = int(exited["maxrss_kib"]) * 1024
        elif killed:  # the launcher died with the program: its rusage was never collected
            status, cpu, max_rss = signal.SIGKILL, None, None  # a raw wait status: SIGKILL
        else:
            raise SandboxFault(
                f"{self.mode}: launcher ended without reporting the program's status "
                f"(launcher wait status {outer_status:#x}): "
                + bytes(self._stderr.data[-500:]).decode(errors="replace").strip()
            )
        exit_code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else None
        sig = os.WTERMSIG(status) if os.WIFSIGNALED(status) else None
        stderr = bytes(self._stderr.data).decode(errors="replace")
        truncated = self._stdout.truncated or self._stderr.truncated
        limit = "disk" if self._disk_full else \
            _infer_limit(self.limits, self._timed_out, exit_code, sig, cpu, killed, stderr, truncated)
        return SandboxResult(
            exit_code=exit_code, signal=sig, timed_out=self._timed_out, limit=limit,
            wall_s=round(ended_at - self.started_at, 6),
            stdout=bytes(self._stdout.data).decode(errors="replace"), stderr=stderr,
            output_truncated=truncated, cpu_s=None if cpu is None else round(cpu, 6),
            max_rss_bytes=max_rss, killed=killed,
            mode=self.mode,
            message=_message(self.limits, exit_code, sig, limit, killed, self._timed_out, cpu),
            scratch_limited=self.scratch_limited, starved=self._starved, wait_s=self._peak_wait_s,
        )

    def _close_wake_pipe(self) -> None:
        with self._wake_lock:
            if self._wake_w is not None:
                os.close(self._wake_r)
                os.close(self._wake_w)
                self._wake_w = None

    def _scratch_over_quota(self) -> bool:
        assert self._disk_watch is not None
        cap = self.limits.scratch_bytes
        return scratch_usage(self._disk_watch, cap, scratch_inodes(cap)).over

    # -- public --------------------------------------------------------------------------------

    def usage(self) -> Usage:
        """CPU and CPU-wait seconds the program's processes consumed so far (sandbox_usage). Members:
        the pid namespace (bwrap), the dedicated uid (rlimit) or the launcher's session (none); the
        launcher and bwrap's pid 1 count as reapers. After the end: the last reading before it."""
        if self._reaped:
            return self._last_usage
        launcher = self._popen.pid
        if self._ns_init is not None:
            members = [p for p in pid_namespace_members(self._ns_init) if p != self._ns_init]
            reapers = [launcher, self._ns_init]
        elif self._account_uid is not None:
            members, reapers = uid_members(self._account_uid), [launcher]
        else:
            members, reapers = [p for p in session_members(launcher) if p != launcher], [launcher]
        reading = usage_of(members, reapers)
        self._peak_wait_s = max(self._peak_wait_s, reading.wait_s)  # exited threads take theirs along
        return reading

    def poll(self) -> SandboxResult | None:
        return self._finish() if self._done.is_set() else None

    def wait(self, timeout: float | None = None) -> SandboxResult | None:
        """The result, or None if still running after `timeout` seconds (None: until it ends)."""
        return self._finish() if self._done.wait(timeout) else None

    def kill(self) -> SandboxResult:
        """Kills the whole tree; when it returns, no process the program started remains."""
        with self._wake_lock:
            if self._wake_w is not None:
                os.write(self._wake_w, b"k")
        self._done.wait()
        return self._finish()

    def _finish(self) -> SandboxResult:
        if self._fault is not None:
            raise self._fault
        assert self._result is not None
        return self._result


def _readable(fds: Sequence[int], timeout: float) -> list[int]:
    """The fds of `fds` readable (or hung up) within `timeout` seconds; poll(), so no FD_SETSIZE cap."""
    poller = select.poll()
    for fd in fds:
        poller.register(fd, select.POLLIN | select.POLLPRI)
    return [fd for fd, _ in poller.poll(min(3_600_000, max(0, int(timeout * 1000 + 0.999))))]


def _left(deadline: float) -> float:
    return max(0.0, deadline - time.monotonic())


def _with_status_fd(argv: list[str], status_fd: int) -> list[str]:
    """Fills the launcher's placeholder (only that element: argv after it is the caller's)."""
    out = list(argv)
    out[out.index(STATUS_FD_ARG)] = f"--status-fd={status_fd}"
    return out


def _infer_limit(limits: Limits, timed_out: bool, exit_code: int | None, sig: int | None, cpu: float | None,
                 killed: bool, stderr: str, truncated: bool) -> str | None:
    if timed_out:
        return "wall"
    if sig == signal.SIGXCPU or (sig == signal.SIGKILL and not killed and (cpu or 0) >= limits.cpu_s - 0.5):
        return "cpu"
    failed = sig is not None or exit_code != 0
    tail = stderr[-65536:]
    if sig == signal.SIGXFSZ or (failed and any(m in tail for m in FSIZE_MARKERS)):
        return "fsize"
    if failed and (any(m in tail for m in MEMORY_MARKERS) or (sig == signal.SIGKILL and not killed)):
        return "memory"
    if truncated:
        return "output"
    return None


def _message(limits: Limits, exit_code: int | None, sig: int | None, limit: str | None, killed: bool,
             timed_out: bool, cpu: float | None) -> str:
    if timed_out:
        return f"Time limit exceeded (wall clock, {limits.wall_s:g} s)"
    if limit == "disk":
        return (f"Scratch quota exceeded ({limits.scratch_bytes // 2**20} MiB or "
                f"{scratch_inodes(limits.scratch_bytes)} entries)")
    if killed:
        return "Killed by the grader"
    if limit == "cpu":
        return f"Time limit exceeded (CPU, {limits.cpu_s} s)"
    if sig is not None:
        text = f"Caught fatal signal {sig} ({signal.Signals(sig).name})" if sig in signal.Signals else \
            f"Caught fatal signal {sig}"
    elif exit_code:
        text = f"Exited with error status {exit_code}"
    else:
        text = "OK"
    hint = {"memory": f"memory limit ({limits.address_space_bytes // 2**20} MiB of address space)",
            "fsize": f"file size limit ({limits.fsize_bytes // 2**20} MiB)",
            "output": f"output truncated at {limits.output_bytes} bytes"}.get(limit or "")
    return f"{text}; {hint}" if hint else text


# --- scratch quota ---------------------------------------------------------------------------


@dataclass(frozen=True)
class ScratchQuota:
    """What `Sandbox.scratch()` made of one scratch folder."""

    path: Path
    size_bytes: int | None  # size of the tmpfs now backing `path`; None: not limited
    reason: str = ""  # why it is not limited ("" when it is)

    @property
    def limited(self) -> bool:
        return self.size_bytes is not None


_QUOTA_LOCK = threading.Lock()
_QUOTAS: dict[str, str] = {}  # resolved scratch path -> source name of its tmpfs, while mounted


def _libc() -> ctypes.CDLL:
    return ctypes.CDLL(None, use_errno=True)


def _start_time(pid: int) -> str | None:
    """Start time of `pid` in clock ticks since boot (field 22 of /proc/<pid>/stat), None if gone."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return stat.rpartition(")")[2].split()[19]


def _unescape(field_: str) -> str:
    """A path field of /proc/self/mountinfo (space, tab, newline and backslash are octal escapes)."""
    return re.sub(r"\\([0-7]{3})", lambda m: chr(int(m[1], 8)), field_)


def _tmpfs_mounts() -> list[tuple[str, str]]:
    """(mount point, source) of every tmpfs in this process's mount namespace."""
    out = []
    with open("/proc/self/mountinfo") as f:
        for line in f:
            fields = line.split()
            try:
                sep = fields.index("-")
            except ValueError:
                continue
            if len(fields) > sep + 2 and fields[sep + 1] == "tmpfs":
                out.append((_unescape(fields[4]), _unescape(fields[sep + 2])))
    return out


def _umount(target: str, flags: int) -> int:
    """umount2(); 0 or the errno."""
    libc = _libc()
    return 0 if libc.umount2(os.fsencode(target), flags) == 0 else ctypes.get_errno()


def _release_stale_quotas() -> None:
    """Unmounts quota tmpfs left by a grader process that no longer exists (SIGKILL, OOM killer):
    their source names carry the owner's pid and start time, so a reused pid does not count."""
    for mount_point, source in _tmpfs_mounts():
        owner = re.fullmatch(rf"{SCRATCH_TAG}-(\d+)-(\d+)", source)
        if owner is not None and _start_time(int(owner[1])) != owner[2]:
            _umount(mount_point, MNT_DETACH | UMOUNT_NOFOLLOW)


def scratch_inodes(size_bytes: int) -> int:
    """Entries a scratch folder of `size_bytes` may hold (the quota tmpfs's nr_inodes, the watchdog's cap)."""
    return max(4096, size_bytes // 8192)


def _mount_quota(path: Path, size_bytes: int, source: str) -> str:
    """Mounts the tmpfs; "" on success, otherwise why not."""
    if os.geteuid() != 0:
        return "the grader does not run as root"
    inodes = scratch_inodes(size_bytes)  # tmpfs counts inodes apart from size: cap them too
    options = f"size={size_bytes},nr_inodes={inodes},mode=0700"
    if _libc().mount(source.encode(), os.fsencode(path), b"tmpfs", MS_NOSUID | MS_NODEV,
                     options.encode()) != 0:
        return f"mounting a tmpfs was refused ({os.strerror(ctypes.get_errno())})"
    return ""


def _unmount_quota(path: Path, source: str) -> None:
    """Unmounts our tmpfs at `path`; lazily (MNT_DETACH) when something still holds it open, so no
    mount is ever left in the namespace. SandboxFault if it is still there afterwards."""
    target = str(path)
    for flags in (UMOUNT_NOFOLLOW, UMOUNT_NOFOLLOW | MNT_DETACH):
        if (target, source) not in _tmpfs_mounts():
            return
        _umount(target, flags)
    if (target, source) in _tmpfs_mounts():
        raise SandboxFault(f"scratch tmpfs at {target} could not be unmounted")


@contextmanager
def scratch_quota(path: Path, size_bytes: int) -> Iterator[ScratchQuota]:
    """Backs the empty directory `path` with a tmpfs of `size_bytes` (mode 0700, nosuid, nodev, inodes
    capped) for the duration of the `with` block, then unmounts it; what was written there is gone.
    Without root, or where mounting is refused (a container), nothing is mounted and the quota says
    why. Sandbox.start() on this folder reports `scratch_limited=True` while it is mounted."""
    path = Path(path).resolve()
    if not path.is_dir():
        raise SandboxFault(f"scratch folder {path} is not a directory")
    if any(path.iterdir()):
        raise SandboxFault(f"scratch folder {path} is not empty (a tmpfs would hide its files)")
    source = f"{SCRATCH_TAG}-{os.getpid()}-{_start_time(os.getpid())}"
    with _QUOTA_LOCK:
        if str(path) in _QUOTAS:
            raise SandboxFault(f"scratch folder {path} already has a quota")
        _release_stale_quotas()
        reason = _mount_quota(path, size_bytes, source)
        if not reason:
            _QUOTAS[str(path)] = source
    if reason:
        yield ScratchQuota(path, None, reason)
        return
    try:
        yield ScratchQuota(path, size_bytes)
    finally:
        with _QUOTA_LOCK:
            _QUOTAS.pop(str(path), None)
            _unmount_quota(path, source)


# --- the modes -------------------------------------------------------------------------------


def _rlimit_args(limits: Limits) -> list[str]:
    values = {
        "as": limits.address_space_bytes, "cpu": f"{limits.cpu_s}:{limits.cpu_s + 1}",
        "nproc": limits.nproc, "fsize": limits.fsize_bytes, "nofile": limits.nofile, "core": 0,
    }
    return [f"--rlimit={name}={value}" for name, value in values.items()]


def _uid_can_reach(path: Path, uid: int, gid: int, need_self: int = 4) -> bool:
    """Could `uid` (primary group `gid`, no supplementary groups) open `path`? Mode bits only
    (no ACLs): every ancestor must grant search, the path itself `need_self` (4: read, 1: search)."""
    path = Path(os.path.abspath(path))
    chain = [*reversed(path.parents), path]
    for p in chain:
        try:
            st = os.stat(p)
        except FileNotFoundError:
            return False
        need = need_self if p == path else 1  # the path itself, search its ancestors
        if st.st_uid == uid:
            bits = (st.st_mode >> 6) & 7
        elif st.st_gid == gid:
            bits = (st.st_mode >> 3) & 7
        else:
            bits = st.st_mode & 7
        if not bits & need:
            return False
    return True


def _scrubbed_env(env: Mapping[str, str], home: str) -> dict[str, str]:
    return {"PATH": DEFAULT_PATH, "HOME": home, "LANG": "C.UTF-8", **env}


class Sandbox(ABC):
    """One isolation mode. Stateless: start() may be called from several threads at once."""

    mode: str = ""
    quota_scratch: bool = False  # scratch() mounts a size-limited tmpfs on the scratch folder (as root)

    def __init__(self, *, uid: int = NOBODY, gid: int = NOBODY, python: str | None = None) -> None:
        self.uid, self.gid = uid, gid
        # The launcher's interpreter: only the standard library is needed.
        self.python = python or os.path.realpath(sys.executable)

    def start(self, argv: Sequence[str], *, scratch: Path, mounts: Sequence[Mount] = (),
              env: Mapping[str, str] | None = None, limits: Limits | None = None,
              cwd: str = SCRATCH_TARGET, hidden: Sequence[Path] = ()) -> SandboxedProcess:
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
        launch = self._prepare(list(argv), scratch=scratch, mounts=list(mounts), env=dict(env or {}),
                               limits=limits, cwd=cwd, hidden=[Path(h) for h in hidden])
        with _QUOTA_LOCK:
            limited = str(scratch) in _QUOTAS
        return SandboxedProcess(self.mode, launch, limits, scratch_limited=limited)

    def scratch(self, path: Path, limits: Limits | None = None) -> AbstractContextManager[ScratchQuota]:
        """Context manager for the life of one scratch folder: enter it while `path` is still an empty
        directory, fill it, start() programs on it, read what they left, then leave it. Modes with
        `quota_scratch`, run as root, back it with a tmpfs of `limits.scratch_bytes` (unmounted on
        the way out, whatever happens); otherwise nothing changes and the ScratchQuota says why."""
        if not self.quota_scratch:
            return nullcontext(ScratchQuota(Path(path), None, f"mode {self.mode!r} does not limit scratch"))
        return scratch_quota(Path(path), (limits or Limits()).scratch_bytes)

    def run(self, argv: Sequence[str], **options: object) -> SandboxResult:
        """start() then wait() until the end (the wall-clock limit bounds it)."""
        proc = self.start(argv, **options)  # type: ignore[arg-type]
        result = proc.wait()
        assert result is not None
        return result

    @abstractmethod
    def _prepare(self, argv: list[str], *, scratch: Path, mounts: list[Mount], env: dict[str, str],
                 limits: Limits, cwd: str, hidden: list[Path]) -> _Launch: ...

    def _launcher(self, exec_path: str, limits: Limits, cwd: str, *, drop: bool,
                  writable: Sequence[Path] = ()) -> list[str]:
        args = [self.python, "-I", "-S", exec_path, STATUS_FD_ARG, f"--cwd={cwd}",
                *_rlimit_args(limits)]
        if drop:
            args += [f"--uid={self.uid}", f"--gid={self.gid}", "--seccomp"]
        args += [f"--writable={w}" for w in writable]  # Landlock (sandbox_exec.install_landlock)
        return [*args, "--"]


class BwrapSandbox(Sandbox):
    """Host mode: bubblewrap as root, then the launcher drops to `uid` under seccomp.

    The child sees a read-only copy of / (a tmpfs root with each top-level entry bound read-only),
    fresh /proc and /dev, a private /tmp and /dev/shm (tmpfs, `scratch_bytes` each), the scratch
    folder writable at /sandbox/scratch, the mounts, and `hidden` paths covered by empty
    read-only tmpfs (or /dev/null for a file). Mounts are made after the hidden covers, so a mount
    may re-expose a subpath of a hidden folder. No network namespace peer: no network at all.

    What the program can learn of host paths: bwrap's options reach it through `--args` (a memfd),
    so /proc/1/cmdline shows only `bwrap --args N --` and the launcher's command line; the launcher
    is copied in (`--file`), not bound. A hidden path inside another hidden folder or under a private
    top-level folder (/tmp) is not covered again (the cover would name it), and a hidden top-level
    folder is not bound before it is covered (its host submounts would be listed). Still visible in
    /proc/self/mountinfo: each bind mount's source path within its file system (the Mount sources,
    scratch when it has no quota), the mount points of the covers and whatever the host mounted
    under the visible folders.

    RLIMIT_NPROC counts every process of the uid on the host: give each concurrent job its own uid
    (make_sandbox("bwrap", uid=base + slot)) or they share the `nproc` budget.
    """

    mode = "bwrap"
    quota_scratch = True
    ALWAYS_PRIVATE = ("proc", "dev", "tmp", "sandbox")

    def __init__(self, *, bwrap: str = "bwrap", **options: object) -> None:
        super().__init__(**options)  # type: ignore[arg-type]
        self.bwrap = bwrap

    def _prepare(self, argv: list[str], *, scratch: Path, mounts: list[Mount], env: dict[str, str],
                 limits: Limits, cwd: str, hidden: list[Path]) -> _Launch:
        binary = shutil.which(self.bwrap)
        if binary is None:
            raise SandboxFault(f"bwrap: binary {self.bwrap!r} not found")
        hidden_real = list(dict.fromkeys(real for real in (os.path.realpath(h) for h in hidden)
                                         if os.path.lexists(real)))
        if "/" in hidden_real:
            raise SandboxFault("bwrap: cannot hide /")
        # Covered at their own place: the outermost hidden paths outside the private folders.
        in_place = [real for real in _outermost(hidden_real) if real.split("/")[1] not in self.ALWAYS_PRIVATE]
        os.chown(scratch, self.uid, self.gid)
        opts = ["--unshare-net", "--unshare-pid", "--unshare-ipc", "--unshare-uts", "--unshare-cgroup-try",
                "--die-with-parent", "--new-session", "--info-fd", "{info_fd}", "--tmpfs", "/"]
        for name in sorted(os.listdir("/")):
            path = f"/{name}"
            if name in self.ALWAYS_PRIVATE or path in in_place:  # a hidden top-level entry: cover only
                continue
            if os.path.islink(path):
                opts += ["--symlink", os.readlink(path), path]
            else:
                opts += ["--ro-bind-try", path, path]
        tmpfs_size = str(limits.scratch_bytes)
        opts += ["--proc", "/proc", "--dev", "/dev",
                 "--perms", "1777", "--size", tmpfs_size, "--tmpfs", "/tmp",
                 "--perms", "1777", "--size", tmpfs_size, "--tmpfs", "/dev/shm"]
        # Hidden paths are covered first, so that a mount may re-expose a subpath of one (an
        # interpreter under a hidden /root); a hidden path inside a mount's source is covered again
        # at its place under the mount's target, after the mounts.
        read_only: list[str] = []

        def cover(real: str, inside: str) -> list[str]:
            if os.path.isdir(real):
                read_only.append(inside)
                return ["--perms", "0755", "--size", "4096", "--tmpfs", inside]
            return ["--ro-bind", "/dev/null", inside]

        for real in in_place:
            opts += cover(real, real)
        made: set[str] = {"/"}

        def parents(target: str) -> list[str]:
            out = []
            for parent in reversed(Path(target).parents):
                p = str(parent)
                if p not in made:
                    made.add(p)
                    out += ["--perms", "0755", "--dir", p]
            return out

        binds = [(str(scratch), SCRATCH_TARGET, True),
                 *((str(m.source), m.target, m.writable) for m in mounts)]
        prefix = os.path.dirname(os.path.dirname(self.python))  # <prefix>/bin/python3.x
        if any(_is_within(prefix, h) for h in hidden_real):  # the launcher's interpreter, re-exposed
            binds.insert(0, (prefix, prefix, False))
        for source, target, writable in binds:
            if not target.startswith("/") or target != os.path.normpath(target):
                raise SandboxFault(f"bwrap: mount target {target!r} is not an absolute normal path")
            if not os.path.exists(source):
                raise SandboxFault(f"bwrap: mount source {source} does not exist")
            opts += [*parents(target), "--bind" if writable else "--ro-bind", source, target]
        for source, target, _ in binds:
            src = os.path.realpath(source)
            for real in _outermost([h for h in hidden_real if _is_within(h, src)]):
                opts += cover(real, os.path.normpath(target + real[len(src):]))
        opts += [*parents(EXEC_TARGET), "--perms", "0444", "--file", "{exec_fd}", EXEC_TARGET]
        for inside in read_only:
            opts += ["--remount-ro", inside]
        opts += ["--remount-ro", "/", "--chdir", "/"]
        try:
            launcher_source = EXEC_SOURCE.read_bytes()
        except OSError as exc:
            raise SandboxFault(f"bwrap: cannot read the launcher {EXEC_SOURCE}: {exc}") from exc
        info_r, info_w = os.pipe()
        made_fds = [info_r, info_w]
        try:
            exec_fd = _memfd("jaxgrade-launcher", launcher_source)
            made_fds.append(exec_fd)
            opts[opts.index("{info_fd}")] = str(info_w)
            opts[opts.index("{exec_fd}")] = str(exec_fd)
            # bwrap's options go through a memfd, so pid 1 of the namespace (bwrap itself) does not
            # show the host paths in them on /proc/1/cmdline; the command stays on the command line.
            args_fd = _memfd("jaxgrade-bwrap-args", b"".join(os.fsencode(o) + b"\0" for o in opts))
        except OSError as exc:
            for fd in made_fds:
                os.close(fd)
            raise SandboxFault(f"bwrap: cannot pass the options: {exc}") from exc
        cmd = [binary, "--args", str(args_fd), "--",
               *self._launcher(EXEC_TARGET, limits, cwd, drop=True), *argv]
        fds = (info_w, exec_fd, args_fd)
        return _Launch(argv=cmd, env=_scrubbed_env(env, SCRATCH_TARGET), pass_fds=fds,
                       info_fd=info_r, close_after_start=fds, disk_watch=scratch)


def _memfd(name: str, data: bytes) -> int:
    """An anonymous file holding `data`, offset 0 (for bwrap's --args and --file)."""
    fd = os.memfd_create(name)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
        os.lseek(fd, 0, os.SEEK_SET)
    except OSError:
        os.close(fd)
        raise
    return fd


def _outermost(paths: list[str]) -> list[str]:
    """`paths` without those inside another one that is a folder (its cover already hides them)."""
    folders = [p for p in paths if os.path.isdir(p)]
    return [p for p in dict.fromkeys(paths) if not any(f != p and _is_within(p, f) for f in folders)]


def _is_within(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip("/") + "/")


def _path_translator(scratch: Path, mounts: Sequence[Mount]) -> Callable[[str], str]:
    """Maps /sandbox/scratch/... and mount targets to host paths (modes without a mount namespace)."""
    table = sorted([(SCRATCH_TARGET, str(scratch)), *((m.target.rstrip("/"), str(m.source)) for m in mounts)],
                   key=lambda pair: -len(pair[0]))

    def translate(text: str) -> str:
        for inside, host in table:
            if text == inside or text.startswith(inside + "/"):
                return host + text[len(inside):]
        return text

    return translate


def _uid_pids(uid: int) -> list[int]:
    """Live (non-zombie) processes whose real, effective or saved uid is `uid`."""
    pids = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/status") as f:
                fields = dict(line.split(":", 1) for line in f if ":" in line)
        except (FileNotFoundError, ProcessLookupError, PermissionError):
            continue
        if fields.get("State", "").strip().startswith("Z"):
            continue
        if uid in (int(v) for v in fields.get("Uid", "").split()[:3]):
            pids.append(int(entry))
    return pids


class _NoNamespaceSandbox(Sandbox):
    """Shared by "rlimit" and "none": host paths, /sandbox/... rewritten in argv, cwd and env."""

    drop = True
    confine_writes = False  # Landlock: file-system changes only beneath scratch and writable mounts

    def _prepare(self, argv: list[str], *, scratch: Path, mounts: list[Mount], env: dict[str, str],
                 limits: Limits, cwd: str, hidden: list[Path]) -> _Launch:
        translate = _path_translator(scratch, mounts)
        self._check(scratch, mounts, hidden)
        env = {k: ":".join(translate(part) for part in v.split(":")) for k, v in env.items()}
        writable = [scratch, *(m.source for m in mounts if m.writable)] if self.confine_writes else []
        cmd = [*self._launcher(str(EXEC_SOURCE), limits, translate(cwd), drop=self.drop, writable=writable),
               *(translate(a) for a in argv)]
        # No private /tmp in these modes: steer well-behaved temp files into scratch.
        return _Launch(argv=cmd, env=_scrubbed_env({"TMPDIR": str(scratch), **env}, str(scratch)),
                       sweep=self._sweep, account_uid=self.uid if self.drop else None,
                       disk_watch=scratch if self.drop else None)

    def _check(self, scratch: Path, mounts: list[Mount], hidden: list[Path]) -> None:
        pass

    def _sweep(self) -> None:
        """Nothing beyond the process group (killed before the launcher was reaped)."""


class RlimitSandbox(_NoNamespaceSandbox):
    """Container mode (no namespaces): the launcher drops to `uid` with rlimits and seccomp.

    Protection of files rests on permissions: `hidden` paths must not be readable by the uid (checked
    before start from mode bits, ACLs ignored; SandboxFault otherwise), read-only mounts must not be
    writable by it (the caller's job; `Mount.writable` is not enforced), no network comes from the
    seccomp filter (only AF_UNIX sockets). Afterwards every process of the uid is killed (kill(-1) as
    that uid), so the uid must be dedicated to one job at a time: start() refuses a uid that already
    runs processes. The container should reap orphans (podman run --init): zombies count towards
    RLIMIT_NPROC until reaped.
    """

    mode = "rlimit"
    quota_scratch = True  # as root on a host; a container normally refuses the mount
    confine_writes = True
    SWEEP_ROUNDS = 20

    def _check(self, scratch: Path, mounts: list[Mount], hidden: list[Path]) -> None:
        if busy := _uid_pids(self.uid):
            raise SandboxFault(f"rlimit: uid {self.uid} already runs processes {busy[:5]}; "
                               "give each concurrent job its own uid")
        os.chown(scratch, self.uid, self.gid)
        os.chmod(scratch, 0o700)  # the other jobs' uids must not read this job's files
        for path in (scratch, *(m.source for m in mounts)):
            # a mounted folder may be search-only (0711: entries opened by name, never listed)
            need = 1 if path != scratch and os.path.isdir(path) else 4
            if not _uid_can_reach(path, self.uid, self.gid, need):
                raise SandboxFault(f"rlimit: uid {self.uid} cannot reach {path} (check its parents' modes)")
        for path in hidden:
            if os.path.lexists(path) and _uid_can_reach(path, self.uid, self.gid):
                raise SandboxFault(f"rlimit: hidden path {path} is readable by uid {self.uid}")

    def _sweep(self) -> None:
        self._kill_uid()
        _remove_owned_by(self.uid, SHARED_WRITABLE)

    def _kill_uid(self) -> None:
        for _ in range(self.SWEEP_ROUNDS):
            if not _uid_pids(self.uid):
                return
            done = subprocess.run(
                [self.python, "-I", "-S", str(EXEC_SOURCE), "--kill-uid", f"--uid={self.uid}",
                 f"--gid={self.gid}"], stdin=subprocess.DEVNULL, capture_output=True, timeout=30,
                env={"PATH": DEFAULT_PATH},
            )
            if done.returncode != 0:
                raise SandboxFault(f"rlimit: kill of uid {self.uid} failed: {done.stderr[-500:]!r}")
            time.sleep(0.01)  # SIGKILL is delivered asynchronously
        if left := _uid_pids(self.uid):
            raise SandboxFault(f"rlimit: processes of uid {self.uid} survive: {left[:10]}")


def _remove_owned_by(uid: int, folders: Sequence[str]) -> None:
    """Deletes what `uid` left in the world-writable folders of the host (without Landlock a job can
    write there; its files must not outlive it). Links are removed, never followed."""
    for folder in folders:
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            try:
                if entry.stat(follow_symlinks=False).st_uid != uid:
                    continue
                if entry.is_dir(follow_symlinks=False):
                    shutil.rmtree(entry.path)
                else:
                    os.unlink(entry.path)
            except OSError as exc:
                raise SandboxFault(f"rlimit: cannot remove {entry.path} left by uid {uid}: {exc}") from exc


class UnsafeNoSandbox(_NoNamespaceSandbox):
    """UNSAFE, for --unsafe-no-sandbox only: the program runs as the grader's user with the grader's
    view of every file and the network. Only rlimits, a scrubbed environment and the wall clock
    apply; a process that leaves its session survives. Never use it for untrusted code."""

    mode = "none"
    drop = False


def make_sandbox(mode: str = "bwrap", **options: object) -> Sandbox:
    """The sandbox of one isolation mode.

    "bwrap"  options: bwrap (binary, default "bwrap"), uid, gid (default 65534), python (launcher
             interpreter, default the real path of sys.executable).
    "rlimit" options: uid, gid (default 65534; must be dedicated to one job at a time), python.
    "none"   requires unsafe=True: no isolation at all, for --unsafe-no-sandbox.
    """
    if mode == "bwrap":
        return BwrapSandbox(**options)  # type: ignore[arg-type]
    if mode == "rlimit":
        return RlimitSandbox(**options)  # type: ignore[arg-type]
    if mode == "none":
        if options.pop("unsafe", False) is not True:
            raise ValueError('sandbox mode "none" isolates nothing: pass unsafe=True (--unsafe-no-sandbox)')
        return UnsafeNoSandbox(**options)  # type: ignore[arg-type]
    raise ValueError(f"unknown sandbox mode {mode!r} (bwrap, rlimit, none)")
