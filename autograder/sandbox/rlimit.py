"""Isolation mode "rlimit", for a container where namespaces cannot be created: unprivileged uid +
rlimits + seccomp + Landlock + kill of every process of the uid afterwards (trusted parent side).
No mount namespace: the child sees host paths (see hostview.py)."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from collections.abc import Sequence
from pathlib import Path

from autograder.sandbox.base import DEFAULT_PATH, Mount, SandboxFault
from autograder.sandbox.hostview import HostViewSandbox
from autograder.sandbox.mode import EXEC_SOURCE

SHARED_WRITABLE = ("/dev/shm", "/tmp", "/var/tmp", "/dev/mqueue")  # rlimit mode sweeps the uid's files there


def uid_pids(uid: int) -> list[int]:
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


def uid_can_reach(path: Path, uid: int, gid: int, need_self: int = 4) -> bool:
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


class RlimitSandbox(HostViewSandbox):
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
    private_proc = True
    SWEEP_ROUNDS = 20

    def _check(self, scratch: Path, mounts: list[Mount], hidden: list[Path]) -> None:
        if busy := uid_pids(self.uid):
            raise SandboxFault(f"rlimit: uid {self.uid} already runs processes {busy[:5]}; "
                               "give each concurrent job its own uid")
        os.chown(scratch, self.uid, self.gid)
        os.chmod(scratch, 0o700)  # the other jobs' uids must not read this job's files
        for path in (scratch, *(m.source for m in mounts)):
            # a mounted folder may be search-only (0711: entries opened by name, never listed)
            need = 1 if path != scratch and os.path.isdir(path) else 4
            if not uid_can_reach(path, self.uid, self.gid, need):
                raise SandboxFault(f"rlimit: uid {self.uid} cannot reach {path} (check its parents' modes)")
        for path in hidden:
            if os.path.lexists(path) and uid_can_reach(path, self.uid, self.gid):
                raise SandboxFault(f"rlimit: hidden path {path} is readable by uid {self.uid}")

    def _sweep(self) -> None:
        self._kill_uid()
        _remove_owned_by(self.uid, SHARED_WRITABLE)

    def _kill_uid(self) -> None:
        for _ in range(self.SWEEP_ROUNDS):
            if not uid_pids(self.uid):
                return
            done = subprocess.run(
                [self.python, "-I", "-S", str(EXEC_SOURCE), "--kill-uid", f"--uid={self.uid}",
                 f"--gid={self.gid}"], stdin=subprocess.DEVNULL, capture_output=True, timeout=30,
                env={"PATH": DEFAULT_PATH},
            )
            if done.returncode != 0:
                raise SandboxFault(f"rlimit: kill of uid {self.uid} failed: {done.stderr[-500:]!r}")
            time.sleep(0.01)  # SIGKILL is delivered asynchronously
        if left := uid_pids(self.uid):
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
            except FileNotFoundError:
                continue  # already gone (the sweep of another job of this uid range, a tmp cleaner)
            except OSError as exc:
                raise SandboxFault(f"rlimit: cannot remove {entry.path} left by uid {uid}: {exc}") from exc
