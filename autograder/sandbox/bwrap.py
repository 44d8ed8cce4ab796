"""Isolation mode "bwrap", the host mode (root on a Linux host): bubblewrap namespaces, then the
launcher drops to an unprivileged uid with rlimits and seccomp (trusted parent side). Paths inside:
/sandbox/scratch (writable) and the `Mount` targets. What it protects against is in
docs/architecture.md, "Sandbox"."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from autograder.sandbox.base import SCRATCH_TARGET, Limits, Mount, SandboxFault
from autograder.sandbox.mode import EXEC_SOURCE, EXEC_TARGET, Sandbox, scrubbed_env
from autograder.sandbox.supervise import Launch


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
                 limits: Limits, cwd: str, hidden: list[Path]) -> Launch:
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
        return Launch(argv=cmd, env=scrubbed_env(env, SCRATCH_TARGET), pass_fds=fds,
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

