"""Scratch quota: a size-limited tmpfs backing one scratch folder for its life (trusted parent side).

`Sandbox.scratch(path, limits)` is a context manager around the life of one scratch folder (create
it empty, enter, fill it, start, read what the program left, leave). In "bwrap", "rlimit" and
"container" mode, as root, it mounts a tmpfs of `Limits.scratch_bytes` on the folder and always
unmounts it on the way out; where mounting is refused it changes nothing and says so
(`ScratchQuota.limited`, `SandboxResult.scratch_limited`), and the monitor thread's disk watchdog
bounds the folder instead (kills the program over `scratch_bytes` or its entry cap: limit "disk").
"""

from __future__ import annotations

import ctypes
import os
import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from autograder.sandbox.base import SandboxFault

SCRATCH_TAG = "jaxgrade-scratch"  # source name of a quota tmpfs: <tag>-<grader pid>-<its start time>
MS_NOSUID, MS_NODEV = 2, 4
MNT_DETACH, UMOUNT_NOFOLLOW = 2, 8


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


def has_quota(path: Path) -> bool:
    """Is the (resolved) folder `path` backed by a quota tmpfs of ours right now?"""
    with _QUOTA_LOCK:
        return str(path) in _QUOTAS
