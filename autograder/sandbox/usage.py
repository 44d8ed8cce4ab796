"""What a running sandbox has consumed so far, read from /proc by the trusted parent.

Two measures, both sampled while the program runs (the launcher's final rusage only comes at the end):

- CPU seconds (`Usage.cpu_s`): user + system time of every live process of the sandbox, plus what
  they and the sandbox's reapers (the launcher, bwrap's pid 1) collected from reaped children. The
  launcher is a child subreaper, so orphans are reaped inside the sandbox and their time stays
  counted. Only a process that leaves the count (a new session in mode "none") is undercounted,
  never overcounted: that only moves the judgement to the wall-clock backstop.
- Seconds waiting for a CPU (`Usage.wait_s`, and per thread `Usage.threads`): the scheduler's
  run delay (`/proc/<pid>/task/<tid>/schedstat`, field 2) of the live threads: time runnable but not
  running. A program that sleeps or blocks does not accumulate it; one starved by its neighbours does.

`starved()` is the one rule the runner, the builds and the container mode share: a wall-clock limit
that fired while the program had not used its CPU budget and its busiest thread spent at least
`STARVED_WAIT_FRACTION` of the window waiting for a CPU beyond the program's own CPU time (the delay
its own threads can cause it) is the machine's fault (retry), not the student's timeout.

`scratch_usage()` is the disk watchdog of modes where no size-limited tmpfs could be mounted on the
scratch folder (rlimit mode in a container): bytes and entries under the folder, without following
links, each inode counted once, stopping as soon as a cap is exceeded.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
STARVED_WAIT_FRACTION = 0.25  # of the wall-clock window spent runnable but waiting for a CPU


@dataclass(frozen=True)
class Usage:
    """CPU and CPU-wait seconds of a sandbox's processes up to the moment it was read."""

    cpu_s: float  # user + system CPU of its processes and of the children they and its reapers reaped
    wait_s: float  # run delay summed over its live threads (runnable, not running)
    # (pid, tid) -> (seconds on a CPU, run delay) of each live thread: what `starved` judges
    threads: tuple[tuple[tuple[int, int], float, float], ...] = ()

    def since(self, earlier: Usage) -> Usage:
        """The part consumed after `earlier` (never negative: a vanished thread takes its delay along)."""
        before = {t: (run, wait) for t, run, wait in earlier.threads}
        threads = tuple(
            (t, max(0.0, run - before.get(t, (0.0, 0.0))[0]), max(0.0, wait - before.get(t, (0.0, 0.0))[1]))
            for t, run, wait in self.threads
        )
        return Usage(max(0.0, self.cpu_s - earlier.cpu_s), max(0.0, self.wait_s - earlier.wait_s), threads)

    @property
    def busiest_thread_wait_s(self) -> float:
        """The run delay of the thread that ran longest (the one doing the program's work)."""
        return max(self.threads, key=lambda t: t[1], default=((0, 0), 0.0, 0.0))[2]

    @property
    def busiest_thread_cpu_s(self) -> float:
        """The CPU seconds of that thread."""
        return max(self.threads, key=lambda t: t[1], default=((0, 0), 0.0, 0.0))[1]


ZERO = Usage(0.0, 0.0)


def starved(used: Usage, wall_s: float, cpu_budget_s: float) -> bool:
    """True when a window of `wall_s` seconds ended with less CPU than its budget while the host and
    the other jobs kept one of its threads waiting for a CPU for a good part of it (the machine was
    too busy, the program was not asleep).

    Only delay the job did not cause itself counts: while one of its threads waits for a CPU, the
    CPUs run either its own other threads (counted in their CPU time) or someone else's, so one
    thread's delay minus its siblings' CPU time is at most what others took from it. The thread judged is the
    one that ran longest (the program's work): the worst of many idle threads would pick up noise.
    Summing delay over threads instead would let a job whose own threads wake together many times a
    second (little CPU, much delay between siblings) look starved and turn its timeout into a
    retried grader fault."""
    # a thread never waits for itself: what the job's own other threads may have taken from it is at
    # most their CPU time, the job's CPU less the busiest thread's own
    siblings_cpu = max(0.0, used.cpu_s - used.busiest_thread_cpu_s)
    foreign = used.busiest_thread_wait_s - siblings_cpu
    return used.cpu_s < cpu_budget_s and wall_s > 0 and foreign >= STARVED_WAIT_FRACTION * wall_s


def _stat_fields(pid: int) -> list[str] | None:
    """Fields of /proc/<pid>/stat after the command name (index 0 is field 3, the state)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            data = f.read()
    except OSError:
        return None
    return data.rpartition(b")")[2].decode().split()


def process_cpu_s(pid: int, *, children: bool = True) -> float:
    """utime + stime (+ cutime + cstime) of one process in seconds; 0.0 when it is gone."""
    fields = _stat_fields(pid)
    if fields is None or len(fields) < 15:
        return 0.0
    ticks = int(fields[11]) + int(fields[12])
    if children:
        ticks += int(fields[13]) + int(fields[14])
    return ticks / CLOCK_TICKS


def _thread_times_s(pid: int) -> list[tuple[tuple[int, int], float, float]]:
    """((pid, tid), seconds on a CPU, run delay in seconds) of each live thread of `pid`."""
    out = []
    try:
        tids = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return out
    for tid in tids:
        try:
            with open(f"/proc/{pid}/task/{tid}/schedstat", "rb") as f:
                fields = f.read().split()
                out.append(((pid, int(tid)), int(fields[0]) / 1e9, int(fields[1]) / 1e9))
        except (OSError, IndexError, ValueError):
            continue
    return out


def usage_of(members: Iterable[int], reapers: Iterable[int] = ()) -> Usage:
    """Usage of the processes `members` (own and reaped children's time, run delay of their threads)
    plus the reaped children's time of `reapers` (processes outside the program that reap its
    orphans and the program itself)."""
    cpu = 0.0
    threads: list[tuple[tuple[int, int], float, float]] = []
    for pid in members:
        cpu += process_cpu_s(pid)
        threads += _thread_times_s(pid)
    for pid in reapers:
        fields = _stat_fields(pid)
        if fields is not None and len(fields) >= 15:
            cpu += (int(fields[13]) + int(fields[14])) / CLOCK_TICKS
    return Usage(round(cpu, 3), round(sum(w for _, _, w in threads), 3), tuple(threads))


def all_pids() -> list[int]:
    return [int(e) for e in os.listdir("/proc") if e.isdigit()]


def uid_members(uid: int) -> list[int]:
    """Processes (zombies included: their time is not yet anyone's) whose real, effective or saved
    uid is `uid`."""
    out = []
    for pid in all_pids():
        try:
            with open(f"/proc/{pid}/status", "rb") as f:
                for line in f:
                    if line.startswith(b"Uid:"):
                        if uid in (int(v) for v in line.split()[1:4]):
                            out.append(pid)
                        break
        except (OSError, ValueError):
            continue
    return out


def pid_namespace_members(init_pid: int) -> list[int]:
    """Processes in the pid namespace whose pid 1 is `init_pid` (as seen from here)."""
    try:
        ns = os.readlink(f"/proc/{init_pid}/ns/pid")
    except OSError:
        return []
    out = []
    for pid in all_pids():
        try:
            if os.readlink(f"/proc/{pid}/ns/pid") == ns:
                out.append(pid)
        except OSError:
            continue
    return out


def session_members(sid: int) -> list[int]:
    out = []
    for pid in all_pids():
        fields = _stat_fields(pid)
        if fields is not None and len(fields) > 3 and fields[3] == str(sid):
            out.append(pid)
    return out


@dataclass(frozen=True)
class DiskUsage:
    bytes: int  # allocated bytes (st_blocks * 512) of the files, each inode once
    entries: int  # files, folders, links, sockets... under the folder
    over: bool  # a cap was exceeded (the walk stopped there)


def scratch_usage(root: Path, max_bytes: int, max_entries: int) -> DiskUsage:
    """What the folder `root` holds, without following links; stops once a cap is exceeded."""
    seen: set[tuple[int, int]] = set()
    total = entries = 0
    stack = [str(root)]
    while stack:
        try:
            it = os.scandir(stack.pop())
        except OSError:
            continue
        with it:
            for entry in it:
                entries += 1
                try:
                    st = entry.stat(follow_symlinks=False)
                except OSError:
                    continue
                if stat.S_ISDIR(st.st_mode):
                    stack.append(entry.path)
                if (st.st_dev, st.st_ino) not in seen:
                    seen.add((st.st_dev, st.st_ino))
                    total += st.st_blocks * 512
                if total > max_bytes or entries > max_entries:
                    return DiskUsage(total, entries, True)
    return DiskUsage(total, entries, False)
