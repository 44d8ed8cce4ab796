"""One `jaxgrade serve` per data folder while its database is SQLite.

SQLite mode is built for one process (its queue leases, rate limits and caches live in that
process); two servers on one file would both claim attempts and both post grades. The first
server takes an exclusive `fcntl.flock` on `DIR/serve.lock` and writes its pid there; a second one
finds the lock held and is refused with a message naming the holder's pid. The kernel drops the
lock when the holder exits, however it exits (even `kill -9`), so a stale file never blocks a restart.
The descriptor is close-on-exec (Python's default), so grading subprocesses never inherit the lock.
"""

from __future__ import annotations

import fcntl
import os
from dataclasses import dataclass
from pathlib import Path

LOCK_NAME = "serve.lock"


class AlreadyServing(Exception):
    """Another process holds this data folder's lock (the message names its pid)."""


@dataclass(frozen=True)
class InstanceLock:
    path: Path
    fd: int  # kept open for the life of the process: closing it releases the lock

    def release(self) -> None:
        os.close(self.fd)


def holder_pid(path: Path) -> int | None:
    """The pid the lock file names, if it names one."""
    try:
        text = path.read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return int(text) if text.isdigit() else None


def hold(data_dir: Path) -> InstanceLock:
    """Take this data folder's lock for this process, or raise AlreadyServing."""
    data_dir.mkdir(parents=True, exist_ok=True)
    path = data_dir / LOCK_NAME
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        pid = holder_pid(path)
        who = f"pid {pid}" if pid is not None else "a process whose pid is not recorded"
        raise AlreadyServing(
            f"another jaxgrade serve ({who}) is serving {data_dir} (it holds {path}); SQLite allows one "
            "process per database: stop that one first, or use PostgreSQL (--db-url) for several"
        ) from None
    os.ftruncate(fd, 0)
    os.write(fd, f"{os.getpid()}\n".encode())
    os.fsync(fd)
    return InstanceLock(path, fd)
