"""Supervision of one started sandbox: the launcher's status pipe, the wall clock, the disk
watchdog, the kill of the whole tree and the `SandboxResult` (trusted parent side).

Every host mode runs the program through the launcher (`autograder/sandbox/launcher.py`), which
stays as a root parent out of the program's reach and reports the program's exact wait status and
rusage on the status pipe. `SandboxedProcess.usage()` is the CPU and CPU-wait time of the program's
processes so far (autograder/sandbox/usage.py), for time limits judged on CPU
(autograder/grade/timing.py); a wall clock that fires while the program mostly waited for a CPU is
reported as `SandboxResult.starved`.
"""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from autograder.sandbox.base import Limits, SandboxFault, SandboxResult
from autograder.sandbox.capture import CappedReader
from autograder.sandbox.cgroup import ProgramCgroup
from autograder.sandbox.outcome import describe, host_oom_kills, infer_limit
from autograder.sandbox.quota import scratch_inodes
from autograder.sandbox.usage import (
    ZERO,
    Usage,
    pid_namespace_members,
    scratch_usage,
    session_members,
    starved,
    uid_members,
    usage_of,
)

STATUS_FD_ARG = "--status-fd={status_fd}"  # placeholder, filled once the pipe exists
DEFAULT_PATH = "/usr/local/bin:/usr/bin:/bin"
START_TIMEOUT_S = 30.0  # from Popen to the launcher's "started" event
DRAIN_TIMEOUT_S = 10.0  # after the sandbox is gone, for the pipes to reach EOF
STATUS_CAP = 64 * 1024  # bytes the launcher may write on the status pipe
DISK_POLL_S = 0.5  # how often the disk watchdog walks a scratch folder that has no quota tmpfs
CGROUP_POLL_S = 0.2  # how often the OOM-kill count of the program's cgroup leaf is read


class MonitoredProcess(ABC):
    """The `Process` end shared by the modes: a monitor thread sets `_result` (what the program did)
    or `_fault` (the sandbox failed), then `_done`; poll, wait and kill read them."""

    def __init__(self) -> None:
        self._done = threading.Event()
        self._result: SandboxResult | None = None
        self._fault: SandboxFault | None = None

    @abstractmethod
    def _request_kill(self) -> None:
        """Asks the monitor thread to kill the program (it tears everything down, then sets `_done`)."""

    def poll(self) -> SandboxResult | None:
        return self._finish() if self._done.is_set() else None

    def wait(self, timeout: float | None = None) -> SandboxResult | None:
        """The result, or None if still running after `timeout` seconds (None: until it ends)."""
        return self._finish() if self._done.wait(timeout) else None

    def kill(self) -> SandboxResult:
        """Kills the whole tree; when it returns, no process the program started remains."""
        self._request_kill()
        self._done.wait()
        return self._finish()

    def _finish(self) -> SandboxResult:
        if self._fault is not None:
            raise self._fault
        assert self._result is not None
        return self._result


@dataclass(frozen=True)
class Launch:
    """What a mode prepared: the command line and how to tear down what it started."""

    argv: list[str]
    env: dict[str, str]
    pass_fds: tuple[int, ...] = ()
    info_fd: int | None = None  # bwrap --info-fd read end (pid 1 of the pid namespace)
    sweep: Callable[[], None] | None = None  # kills what may remain after the launcher is reaped
    close_after_start: tuple[int, ...] = field(default=())
    account_uid: int | None = None  # the program's processes are this (dedicated) uid's; None: see usage()
    disk_watch: Path | None = None  # scratch without a quota tmpfs: the parent walks it and enforces the cap


class SandboxedProcess(MonitoredProcess):
    """One started sandbox. A monitor thread enforces the wall clock even if nobody calls wait()."""

    def __init__(self, mode: str, launch: Launch, limits: Limits, *, scratch_limited: bool = False,
                 cgroup: ProgramCgroup | None = None) -> None:
        super().__init__()
        self._cgroup = cgroup
        self._cgroup_oom = False  # the job's cgroup OOM killer took one of the program's processes
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
        self._wake_lock = threading.Lock()  # kill() must never write to a closed (reused) fd number
        self._timed_out = False
        self._events: list[dict] = []
        self._status_buf = b""
        self._ns_pidfd: int | None = None
        self._reaped = False  # once reaped, the launcher's pid (and process group id) may be reused
        self._starved = False
        self._oom_kills_at_start = host_oom_kills()
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
            self._remove_cgroup_quietly()
            raise SandboxFault(f"{mode}: could not start {launch.argv[0]}: {exc}") from exc
        os.close(status_w)
        for fd in launch.close_after_start:
            os.close(fd)
        assert self._popen.stdout is not None and self._popen.stderr is not None
        self._stdout = CappedReader(os.dup(self._popen.stdout.fileno()), limits.output_bytes, "sandbox-out")
        self._stderr = CappedReader(os.dup(self._popen.stderr.fileno()), limits.output_bytes, "sandbox-err")
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
            self._remove_cgroup_quietly()
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
                ready = _readable(watch, min(left, self._poll_s()))
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
                if self._cgroup is not None and self._cgroup.oom_kills() > 0:
                    # the job's share is spent and one of this program's processes was the victim:
                    # the program ends (as v2's memory.oom.group would), a `memory` outcome
                    self._cgroup_oom = killed = True
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
            if self._cgroup is not None:
                self._cgroup_oom = self._cgroup_oom or self._cgroup.oom_kills() > 0
                self._cgroup.remove()  # every process of the program is gone (namespace or uid swept)
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
        if self._disk_full:
            limit: str | None = "disk"
        elif self._cgroup_oom and not self._timed_out:
            limit = "memory"  # the job's own cgroup limit, never the host's OOM killer
        else:
            limit = infer_limit(self.limits, self._timed_out, exit_code, sig, cpu, killed, stderr, truncated,
                                host_oom=host_oom_kills() > self._oom_kills_at_start >= 0)
        return SandboxResult(
            exit_code=exit_code, signal=sig, timed_out=self._timed_out, limit=limit,
            wall_s=round(ended_at - self.started_at, 6),
            stdout=bytes(self._stdout.data).decode(errors="replace"), stderr=stderr,
            output_truncated=truncated, cpu_s=None if cpu is None else round(cpu, 6),
            max_rss_bytes=max_rss, killed=killed,
            mode=self.mode,
            message=describe(self.limits, exit_code, sig, limit, killed, self._timed_out, cpu,
                             job_memory_bytes=self._job_memory_spent()),
            scratch_limited=self.scratch_limited, starved=self._starved, wait_s=self._peak_wait_s,
        )

    def _job_memory_spent(self) -> int | None:
        """The job's memory limit when its cgroup OOM killer took one of this program's processes."""
        return self._cgroup.job_memory_bytes if self._cgroup is not None and self._cgroup_oom else None

    def _poll_s(self) -> float:
        """How long the monitor may wait for an event: the watchdogs' period, or an hour without one."""
        if self._disk_watch is not None:
            return DISK_POLL_S
        return CGROUP_POLL_S if self._cgroup is not None else 3600.0

    def _remove_cgroup_quietly(self) -> None:
        """After a failed start: the leaf goes if it can (a leaf left behind goes with the job's group)."""
        if self._cgroup is not None:
            try:
                self._cgroup.remove()
            except SandboxFault:
                pass

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
        """CPU and CPU-wait seconds the program's processes consumed so far (usage.py). Members:
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

    def _request_kill(self) -> None:
        with self._wake_lock:
            if self._wake_w is not None:
                os.write(self._wake_w, b"k")


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
