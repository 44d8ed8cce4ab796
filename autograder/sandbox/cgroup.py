"""One cgroup per grading job: its memory and its process count bounded as a whole (trusted parent
side, as root).

RLIMIT_AS is per process and RLIMIT_NPROC per uid, so without a cgroup the sum of a job's processes
(its notebook child, its kernel child, their forks and the tmpfs pages they write) can push the host
into its OOM killer, which may take another job. `JobCgroups.create(name, memory_bytes, pids_max)`
makes one group per job; a sandbox bound to it (`Sandbox.in_job(cgroup=)`) moves each program into
it before anything of the program runs (`ProgramCgroup.enter_argv`: a `/bin/sh` prefix writes its own
pid into the group's `cgroup.procs`, then execs bwrap or the launcher, so every later fork is born
inside). When the
group's OOM killer kills a process, the program's supervisor ends the program and reports the
`memory` limit (the student's), never `host_oom`. Each program gets a leaf of its own below the job's
group (`JobCgroup.program()`): the job's limit applies to all of them together, the OOM killer takes
the largest process of the whole job, and a program is ended only when the victim was one of its own
processes (so the kernel child's hog does not end the notebook child beside it). `remove()` deletes
the group after the job (a process still in it is a `SandboxFault`).

Hierarchies, the first that works: cgroup v2 where the grader may create groups with the `memory`
and `pids` controllers (`/sys/fs/cgroup` is cgroup2 and its `cgroup.subtree_control` enables both,
e.g. a delegated root or a container's own namespace); else v1's `memory` and `pids` hierarchies
(`/sys/fs/cgroup/memory`, `/sys/fs/cgroup/pids`, writable by root); else none: `JobCgroups.reason`
says why, and the runner warns once at start-up (jobs then run with per-process limits only).

Groups are named `jaxgrade/<grader pid>-<its start time>-<n>`; `create` first removes empty groups
whose grader process no longer exists (SIGKILL, OOM killer), so a crash leaks nothing for long.
"""

from __future__ import annotations

import itertools
import os
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from autograder.sandbox.base import SandboxFault

CGROUP_ROOT = Path("/sys/fs/cgroup")
GROUP_PARENT = "jaxgrade"  # every job group lives in this folder of each hierarchy
ENTER_SCRIPT = 'for f; do [ "$f" = -- ] && break; echo $$ > "$f" || exit 125; shift; done; shift; exec "$@"'
REMOVE_TRIES = 50  # rmdir of a group whose last task is still exiting: EBUSY for a moment
_counter = itertools.count(1)
_stale_lock = threading.Lock()


def _start_time(pid: int) -> str | None:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return stat.rpartition(")")[2].split()[19]


@dataclass(frozen=True)
class ProgramCgroup:
    """The leaf of one program inside its job's group: entered by the program's first process, watched
    for OOM kills of the program's own processes (the job's limit picks the largest process of the
    whole job, so a hog beside an honest program of the same job is the one that dies), removed when
    the program has ended."""

    enter_dirs: tuple[Path, ...]  # where its first process writes its pid (v1: memory leaf, pids job group)
    memory_dir: Path  # the leaf whose OOM kills are this program's
    version: int
    job_memory_bytes: int

    def enter_argv(self) -> list[str]:
        """A prefix for a command line: the process joins the group, then execs the rest."""
        procs = [str(d / "cgroup.procs") for d in self.enter_dirs]
        return ["/bin/sh", "-c", ENTER_SCRIPT, "jaxgrade-cgroup", *procs, "--"]

    def oom_kills(self) -> int:
        """How many of the program's processes the job's OOM killer has killed (-1 when unreadable)."""
        name = "memory.oom_control" if self.version == 1 else "memory.events"
        try:
            for line in (self.memory_dir / name).read_text().splitlines():
                field, _, value = line.partition(" ")
                if field == "oom_kill":
                    return int(value)
        except (OSError, ValueError):
            pass
        return -1

    def remove(self) -> None:
        _rmdir(self.memory_dir)


@dataclass(frozen=True)
class JobCgroup:
    """One job's group: `dirs` (v1: the memory and the pids folder; v2: one folder) with the job's
    limits, and one leaf per program below it (`program()`)."""

    name: str
    dirs: tuple[Path, ...]
    version: int  # 1 or 2
    memory_bytes: int
    pids_max: int

    def program(self, memory_bytes: int | None = None) -> ProgramCgroup:
        """A new leaf for one program, with a memory bound of its own below the job's when
        `memory_bytes` is given (SandboxFault when the host refuses it)."""
        leaf = self.dirs[0] / f"p{next(_counter)}"
        try:
            leaf.mkdir(mode=0o755)
            if memory_bytes is not None:
                _limit_memory(leaf, self.version, min(memory_bytes, self.memory_bytes))
        except OSError as exc:
            _rmdir(leaf)
            raise SandboxFault(f"cgroup: cannot create {leaf}: {exc}") from exc
        enter = (leaf, *self.dirs[1:])  # v1: the pids limit is the job folder's own
        return ProgramCgroup(enter, leaf, self.version, self.memory_bytes)

    def tasks(self) -> list[int]:
        """Every process in the job's group and its leaves."""
        out: set[int] = set()
        for d in self.dirs:
            for procs in d.rglob("cgroup.procs"):
                try:
                    out.update(int(t) for t in procs.read_text().split())
                except (OSError, ValueError):
                    continue
        return sorted(out)

    def remove(self) -> None:
        """Deletes the group, leaves first; its programs must have ended. SandboxFault when it cannot."""
        for d in self.dirs:
            if d.is_dir():
                for leaf in [p for p in d.iterdir() if p.is_dir()]:
                    _rmdir(leaf)
            _rmdir(d)


def _rmdir(folder: Path) -> None:
    for _ in range(REMOVE_TRIES):
        try:
            folder.rmdir()
            return
        except FileNotFoundError:
            return
        except OSError as exc:
            if exc.errno != 16:  # EBUSY: a task of it is still being reaped
                raise SandboxFault(f"cgroup: cannot remove {folder}: {exc}") from exc
        time.sleep(0.02)
    left = (folder / "cgroup.procs").read_text().split() if (folder / "cgroup.procs").exists() else []
    raise SandboxFault(f"cgroup: {folder} still holds processes {left[:10]} after the job")


@dataclass(frozen=True)
class JobCgroups:
    """Where job groups can be made on this host: `parents` (one folder per hierarchy, empty when
    none works) and, when none works, `reason`."""

    version: int  # 2, 1, or 0 (none)
    parents: tuple[Path, ...]
    reason: str = ""

    @property
    def available(self) -> bool:
        return self.version != 0

    def create(self, memory_bytes: int, pids_max: int) -> JobCgroup:
        """A new group with these limits (SandboxFault when the host refuses it)."""
        if not self.available:
            raise SandboxFault(f"cgroup: no per-job cgroup on this host: {self.reason}")
        self.release_stale()
        name = f"{os.getpid()}-{_start_time(os.getpid())}-{next(_counter)}"
        dirs = tuple(parent / name for parent in self.parents)
        group = JobCgroup(name, dirs, self.version, memory_bytes, pids_max)
        try:
            for d in dirs:
                d.mkdir(mode=0o755)
            self._limit(group)
        except (OSError, SandboxFault) as exc:
            for d in dirs:
                try:
                    d.rmdir()
                except OSError:
                    pass
            raise SandboxFault(f"cgroup: cannot create job group {name}: {exc}") from exc
        return group

    def _limit(self, group: JobCgroup) -> None:
        pids = str(group.pids_max)
        _limit_memory(group.dirs[0], group.version, group.memory_bytes)
        if group.version == 2:
            d = group.dirs[0]
            _write(d / "pids.max", pids)
            _write(d / "cgroup.subtree_control", "+memory +pids")  # the programs' leaves
            return
        _write(group.dirs[1] / "pids.max", pids)

    def release_stale(self) -> None:
        """Removes empty groups of graders that no longer run (a crash left them behind)."""
        with _stale_lock:
            for parent in self.parents:
                try:
                    entries = list(parent.iterdir())
                except OSError:
                    continue
                for entry in entries:
                    pid, _, rest = entry.name.partition("-")
                    started = rest.rpartition("-")[0]
                    if not entry.is_dir() or not pid.isdigit() or _start_time(int(pid)) == started:
                        continue
                    try:
                        for leaf in [p for p in entry.iterdir() if p.is_dir()]:
                            leaf.rmdir()
                        entry.rmdir()
                    except OSError:
                        pass  # still holds a process: the next sweep tries again


def _limit_memory(folder: Path, version: int, memory_bytes: int) -> None:
    """RAM and swap together at most `memory_bytes` (where the kernel accounts swap)."""
    if version == 2:
        _write(folder / "memory.max", str(memory_bytes))
        _write(folder / "memory.swap.max", "0", optional=True)
    else:
        _write(folder / "memory.limit_in_bytes", str(memory_bytes))
        _write(folder / "memory.memsw.limit_in_bytes", str(memory_bytes), optional=True)


def _write(path: Path, value: str, optional: bool = False) -> None:
    try:
        path.write_text(value)
    except FileNotFoundError:
        if not optional:
            raise
    except OSError:
        if not optional:
            raise


def _v2_parent(root: Path) -> Path | None:
    """The v2 folder job groups go in, when `root` is a cgroup2 mount that enables memory and pids
    for its children (and the folder can be made there); else None."""
    try:
        enabled = (root / "cgroup.subtree_control").read_text().split()
    except OSError:
        return None
    if not {"memory", "pids"} <= set(enabled):
        return None
    parent = root / GROUP_PARENT
    try:
        parent.mkdir(mode=0o755, exist_ok=True)
        (parent / "cgroup.subtree_control").write_text("+memory +pids")
    except OSError:
        return None
    return parent


def _v1_parents(root: Path) -> tuple[Path, ...] | None:
    parents = []
    for controller in ("memory", "pids"):
        hierarchy = root / controller
        if not (hierarchy / "cgroup.procs").exists():
            return None
        parent = hierarchy / GROUP_PARENT
        try:
            parent.mkdir(mode=0o755, exist_ok=True)
        except OSError:
            return None
        if controller == "memory":
            _write(parent / "memory.use_hierarchy", "1", optional=True)
        parents.append(parent)
    return tuple(parents)


def detect(root: Path = CGROUP_ROOT) -> JobCgroups:
    """The hierarchy this host offers for job groups (v2 first, then v1), or none with its reason."""
    if os.geteuid() != 0:
        return JobCgroups(0, (), "the grader does not run as root")
    if (v2 := _v2_parent(root)) is not None:
        return JobCgroups(2, (v2,))
    if (v1 := _v1_parents(root)) is not None:
        return JobCgroups(1, v1)
    return JobCgroups(
        0,
        (),
        f"neither a delegated cgroup v2 (memory, pids) nor writable v1 memory and "
        f"pids hierarchies under {root}",
    )


_detected: dict[Path, JobCgroups] = {}
_detect_lock = threading.Lock()


def host_cgroups(root: Path = CGROUP_ROOT) -> JobCgroups:
    """`detect(root)`, once per process."""
    with _detect_lock:
        if root not in _detected:
            _detected[root] = detect(root)
        return _detected[root]
