"""Isolation mode "bwrap", the host mode (root on a Linux host): bubblewrap namespaces, then the
launcher drops to an unprivileged uid with rlimits and seccomp (trusted parent side). Paths inside:
/sandbox/scratch (writable) and the `Mount` targets. What it protects against is in
docs/architecture.md, "Sandbox"."""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass
from pathlib import Path

from autograder.sandbox.base import SCRATCH_TARGET, Limits, Mount, SandboxFault
from autograder.sandbox.mode import EXEC_SOURCE, EXEC_TARGET, Sandbox, scrubbed_env
from autograder.sandbox.supervise import Launch

# New namespaces for everything but the user and mount ones (bwrap needs those); no peer in the
# network namespace: no network at all. bwrap ends when the parent does.
NAMESPACE_OPTIONS = ("--unshare-net", "--unshare-pid", "--unshare-ipc", "--unshare-uts",
                     "--unshare-cgroup-try", "--die-with-parent", "--new-session")


class BwrapSandbox(Sandbox):
    """Host mode: bubblewrap as root, then the launcher drops to `uid` under seccomp.

    The child sees a read-only copy of / (a tmpfs root with each top-level entry bound read-only),
    fresh /proc and /dev, a private /tmp and /dev/shm (folders of scratch, inside its quota), the scratch
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
        hidden_real = _existing_real_paths(hidden)
        if "/" in hidden_real:
            raise SandboxFault("bwrap: cannot hide /")
        # Covered at their own place: the outermost hidden paths outside the private folders.
        in_place = [real for real in _outermost(hidden_real) if real.split("/")[1] not in self.ALWAYS_PRIVATE]
        os.chown(scratch, self.uid, self.gid)
        opts = self._options(scratch, mounts, limits, hidden_real, in_place)
        fds = _hand_over(opts, _read_launcher())
        cmd = [binary, "--args", str(fds.args), "--",
               *self._launcher(EXEC_TARGET, limits, cwd, drop=True), *argv]
        passed = (fds.info_w, fds.exec, fds.args)
        return Launch(argv=cmd, env=scrubbed_env(env, SCRATCH_TARGET), pass_fds=passed,
                      info_fd=fds.info_r, close_after_start=passed, disk_watch=scratch)

    def _options(self, scratch: Path, mounts: list[Mount], limits: Limits, hidden_real: list[str],
                 in_place: list[str]) -> list[str]:
        """bwrap's options, with the placeholders "{info_fd}" and "{exec_fd}" (`_hand_over` fills them).

        Hidden paths are covered first, so that a mount may re-expose a subpath of one (an interpreter
        under a hidden /root); a hidden path inside a mount's source is covered again at its place
        under the mount's target, after the mounts.
        """
        opts = [*NAMESPACE_OPTIONS, "--info-fd", "{info_fd}", "--tmpfs", "/",
                *self._read_only_root(in_place), *_private_folders(scratch)]
        covers = [_Cover.of(real, real) for real in in_place]
        opts += [o for cover in covers for o in cover.options()]
        made: set[str] = {"/"}
        binds = self._binds(scratch, mounts, hidden_real)
        opts += [o for bind in binds for o in _bind_options(bind, made)]
        under_mounts = [cover for bind in binds for cover in _covers_under(bind, hidden_real)]
        opts += [o for cover in under_mounts for o in cover.options()]
        opts += [*_new_parents(EXEC_TARGET, made), "--perms", "0444", "--file", "{exec_fd}", EXEC_TARGET]
        folders = [cover.inside for cover in (*covers, *under_mounts) if cover.folder]
        opts += [o for inside in folders for o in ("--remount-ro", inside)]
        return [*opts, "--remount-ro", "/", "--chdir", "/"]

    def _read_only_root(self, in_place: list[str]) -> list[str]:
        """Each top-level entry of the host bound read-only (a symlink recreated), except the private
        folders and a hidden top-level entry, which gets only its cover."""
        opts: list[str] = []
        for name in sorted(os.listdir("/")):
            path = f"/{name}"
            if name in self.ALWAYS_PRIVATE or path in in_place:
                continue
            if os.path.islink(path):
                opts += ["--symlink", os.readlink(path), path]
            else:
                opts += ["--ro-bind-try", path, path]
        return opts

    def _binds(self, scratch: Path, mounts: list[Mount], hidden_real: list[str]) -> list[_Bind]:
        """Scratch and the mounts, after the launcher's interpreter when a hidden path holds it."""
        binds = [_Bind(str(scratch), SCRATCH_TARGET, True),
                 *(_Bind(str(m.source), m.target, m.writable) for m in mounts)]
        prefix = os.path.dirname(os.path.dirname(self.python))  # <prefix>/bin/python3.x
        if any(_is_within(prefix, h) for h in hidden_real):
            binds.insert(0, _Bind(prefix, prefix, False))
        return binds


@dataclass(frozen=True)
class _Bind:
    source: str  # on the host
    target: str  # in the sandbox
    writable: bool


@dataclass(frozen=True)
class _Cover:
    """What hides one host path at `inside`: an empty read-only tmpfs for a folder, /dev/null for a file."""

    inside: str
    folder: bool  # a tmpfs, remounted read-only once everything is mounted

    @classmethod
    def of(cls, real: str, inside: str) -> _Cover:
        return cls(inside, os.path.isdir(real))

    def options(self) -> list[str]:
        if self.folder:
            return ["--perms", "0755", "--size", "4096", "--tmpfs", self.inside]
        return ["--ro-bind", "/dev/null", self.inside]


@dataclass(frozen=True)
class _HandedOver:
    """The descriptors bwrap inherits, and the read end of its --info-fd."""

    info_r: int
    info_w: int
    exec: int  # the launcher's source (--file)
    args: int  # bwrap's options (--args)


def _existing_real_paths(paths: list[Path]) -> list[str]:
    """The real paths of those of `paths` that exist, each once, in order."""
    return list(dict.fromkeys(real for real in (os.path.realpath(p) for p in paths) if os.path.lexists(real)))


SYSTEM_TMP = ".sys"  # in scratch: the folders bound at /tmp and /dev/shm


def _private_folders(scratch: Path) -> list[str]:
    """Fresh /proc and /dev, and a private /tmp and /dev/shm that are folders of the scratch folder:
    what a job keeps there counts against the scratch quota (its tmpfs has a size and an inode cap;
    without one, the disk watchdog walks them too). Their own tmpfs would each add `scratch_bytes` of
    memory outside RLIMIT_AS, with no inode cap (bwrap's --size has none)."""
    base = scratch / SYSTEM_TMP
    base.mkdir(mode=0o755, exist_ok=True)
    for name in ("tmp", "shm"):
        (base / name).mkdir(exist_ok=True)
        os.chmod(base / name, 0o1777)
    return ["--proc", "/proc", "--dev", "/dev", "--bind", str(base / "tmp"), "/tmp",
            "--bind", str(base / "shm"), "/dev/shm"]


def _new_parents(target: str, made: set[str]) -> list[str]:
    """Options creating the folders above `target` that are not in `made` yet (added to it)."""
    out = []
    for parent in reversed(Path(target).parents):
        p = str(parent)
        if p not in made:
            made.add(p)
            out += ["--perms", "0755", "--dir", p]
    return out


def _bind_options(bind: _Bind, made: set[str]) -> list[str]:
    if not bind.target.startswith("/") or bind.target != os.path.normpath(bind.target):
        raise SandboxFault(f"bwrap: mount target {bind.target!r} is not an absolute normal path")
    if not os.path.exists(bind.source):
        raise SandboxFault(f"bwrap: mount source {bind.source} does not exist")
    return [*_new_parents(bind.target, made), "--bind" if bind.writable else "--ro-bind", bind.source,
            bind.target]


def _covers_under(bind: _Bind, hidden_real: list[str]) -> list[_Cover]:
    """Covers of the outermost hidden paths inside the bind's source, at their place under its target."""
    src = os.path.realpath(bind.source)
    return [_Cover.of(real, os.path.normpath(bind.target + real[len(src):]))
            for real in _outermost([h for h in hidden_real if _is_within(h, src)])]


def _read_launcher() -> bytes:
    try:
        return EXEC_SOURCE.read_bytes()
    except OSError as exc:
        raise SandboxFault(f"bwrap: cannot read the launcher {EXEC_SOURCE}: {exc}") from exc


def _hand_over(opts: list[str], launcher_source: bytes) -> _HandedOver:
    """The --info-fd pipe and the memfds of the launcher and of `opts` (placeholders filled in).

    bwrap's options go through a memfd, so pid 1 of the namespace (bwrap itself) does not show the
    host paths in them on /proc/1/cmdline; the command stays on the command line.
    """
    info_r, info_w = os.pipe()
    made_fds = [info_r, info_w]
    try:
        exec_fd = _memfd("jaxgrade-launcher", launcher_source)
        made_fds.append(exec_fd)
        opts[opts.index("{info_fd}")] = str(info_w)
        opts[opts.index("{exec_fd}")] = str(exec_fd)
        args_fd = _memfd("jaxgrade-bwrap-args", b"".join(os.fsencode(o) + b"\0" for o in opts))
    except OSError as exc:
        for fd in made_fds:
            os.close(fd)
        raise SandboxFault(f"bwrap: cannot pass the options: {exc}") from exc
    return _HandedOver(info_r, info_w, exec_fd, args_fd)


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

