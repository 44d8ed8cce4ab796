"""The trusted XLA compile cache as grading sees it: where it lives, whether it may be used, how a
child gets it (trusted parent side; the fill is `autograder/release/compile_cache.py`).

JAX's persistent compilation cache stores compiled executables keyed by a hash of the program. An
entry is machine code that the process loading it will run, so the folder must only ever hold what
trusted runs compiled: reference answers and the project's correct corpus variants, run through the
probes by `jaxgrade warm-cache`. A child never writes to it:

- the folder belongs to the grader and is neither group- nor world-writable (`usable` refuses it
  otherwise), its entries are 0444 and the folder itself 0711;
- it is bound read-only at `CHILD_TARGET` (bwrap, container); in rlimit mode the permissions are
  the wall; mode `none` never gets it (its child runs as the grader's own user);
- children run with `jax_persistent_cache_min_compile_time_secs` = 1e9, so JAX never even tries to
  write (a student who lowers it gets a warning: the write fails on the read-only folder).

Reading is by key only: the folder is 0711, so a child can open an entry whose name (module name +
SHA-256 of the canonical program, compile options, jaxlib version and XLA flags) it can compute,
i.e. only the executable of a program it already has, but cannot list the folder. docs/architecture.md,
"Trusted compile cache", has the full argument, including what an entry contains.

The folder name scopes entries to one release, one grader and one host:
`<version>-r<manifest digest>-g<child code digest>-jax<jaxlib version>-cpu<CPU flags digest>`.
Entries stay valid only if all of these match; a stale entry is merely never hit (the key covers the
program), so the name is about trust and usefulness, never about correctness.
"""

from __future__ import annotations

import hashlib
import os
import platform
import re
import shutil
import stat
import tempfile
from dataclasses import dataclass
from pathlib import Path

from autograder import cache_paths
from autograder.cache_paths import default_root

CHILD_TARGET = "/sandbox/xla"
ENV_ROOT = cache_paths.ENV_ROOT
# Entry files as JAX's LRUCache names them: "<module name>-<sha256 hex>-cache".
ENTRY_NAME = re.compile(r"[A-Za-z0-9_.\-]{1,200}-[0-9a-f]{64}-cache")
# A cache folder's name as cache_name makes it; its parts, in order, with what each one scopes.
CACHE_NAME = re.compile(
    r"(?P<version>[A-Za-z0-9_.\-]+)-r(?P<release>[0-9a-f]{16})-g(?P<code>[0-9a-f]{12})"
    r"-jax(?P<jaxlib>[A-Za-z0-9_.+]+)-cpu(?P<cpu>[0-9a-f]{12})"
)
NAME_PARTS = (("version", "release version"), ("release", "release (manifest.json)"),
              ("code", "child code (autograder/sandboxed, jaxcourse)"), ("jaxlib", "jaxlib"),
              ("cpu", "CPU (machine and CPU flags)"))  # fmt: skip
NEVER_WRITE_S = "1000000000"  # children: no compilation is ever slow enough to be written
_REPO = Path(__file__).resolve().parents[2]
# What decides which programs a child compiles (besides the release): the child-side code.
_CHILD_CODE = (_REPO / "autograder" / "sandboxed", _REPO / "jaxcourse")


def _digest_files(folders: tuple[Path, ...]) -> str:
    h = hashlib.sha256()
    for folder in folders:
        for path in sorted(folder.rglob("*.py")):
            if "__pycache__" in path.parts:
                continue
            h.update(str(path.relative_to(_REPO)).encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()


def _cpu_flags() -> str:
    """The host's CPU feature flags: XLA compiles for the host CPU, so an entry made on another CPU
    must not be used (it could contain instructions this one lacks)."""
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8", errors="replace").splitlines():
            if line.startswith(("flags", "Features")):
                return " ".join(sorted(line.split(":", 1)[1].split()))
    except OSError:
        pass
    return platform.processor() or "unknown"


def cache_name(manifest_bytes: bytes, version: str) -> str:
    import jaxlib

    release = hashlib.sha256(manifest_bytes).hexdigest()[:16]
    grader = _digest_files(_CHILD_CODE)[:12]
    cpu = hashlib.sha256(f"{platform.machine()} {_cpu_flags()}".encode()).hexdigest()[:12]
    safe_version = re.sub(r"[^A-Za-z0-9_.\-]", "_", version)
    return f"{safe_version}-r{release}-g{grader}-jax{jaxlib.__version__}-cpu{cpu}"


def name_mismatch(found: str, own: str) -> str | None:
    """None when a cache named `found` was made for what `own` (this host's cache_name) names;
    otherwise one line saying which parts differ, e.g. the CPU of another machine."""
    if found == own:
        return None
    theirs, ours = CACHE_NAME.fullmatch(found), CACHE_NAME.fullmatch(own)
    if theirs is None or ours is None:
        return f"{found!r} is not a cache folder name made by jaxgrade warm-cache"
    diffs = [f"{label}: {theirs[key]} there, {ours[key]} here" for key, label in NAME_PARTS
             if theirs[key] != ours[key]]  # fmt: skip
    return "made for another " + "; ".join(diffs)


def cache_dir(release_root: Path, version: str, root: Path | None = None) -> Path:
    """Where the cache of this release, grader and host lives (it may not exist yet)."""
    manifest = (Path(release_root) / "manifest.json").read_bytes()
    return (root or default_root()) / cache_name(manifest, version)


def usable(path: Path, *, reachable_by_others: bool = False) -> str | None:
    """None when `path` may be handed to children; otherwise why not (one line).

    `reachable_by_others`: the children run under other uids without a mount namespace (rlimit), so
    every parent folder must let them pass.
    """
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return "not filled (run jaxgrade warm-cache)"
    except OSError as exc:
        return f"unreadable: {exc}"
    if not stat.S_ISDIR(st.st_mode):
        return "not a folder"
    if st.st_uid != os.geteuid():
        return f"owned by uid {st.st_uid}, not by the grader"
    if st.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        return "writable by other users"
    if reachable_by_others:
        for parent in Path(path).resolve().parents:
            if not os.stat(parent).st_mode & stat.S_IXOTH:
                return f"{parent} does not let sandbox uids through"
        if not st.st_mode & stat.S_IXOTH:
            return "the folder does not let sandbox uids through"
    return None


def read_entries(folder: Path) -> dict[str, bytes]:
    """Entry file name -> bytes, for every well-named regular file of a cache folder (links, atime
    files and anything else are left out; files are opened with O_NOFOLLOW)."""
    out = {}
    for entry in sorted(os.scandir(folder), key=lambda e: e.name):
        if not ENTRY_NAME.fullmatch(entry.name) or not entry.is_file(follow_symlinks=False):
            continue
        with os.fdopen(os.open(entry.path, os.O_RDONLY | os.O_NOFOLLOW), "rb") as f:
            out[entry.name] = f.read()
    return out


def entries_digest(name: str, files: dict[str, bytes]) -> str:
    """sha256 over the folder name and, sorted, each entry's name and sha256: equal digests, equal caches."""
    h = hashlib.sha256(b"jaxgrade-xla-v1\0" + name.encode() + b"\0")
    for entry in sorted(files):
        h.update(entry.encode() + b"\0" + hashlib.sha256(files[entry]).digest())
    return h.hexdigest()


def write_entries(files: dict[str, bytes], final: Path) -> None:
    """Make `final` a trusted cache folder holding `files`: owned by this process's user, entries 0444,
    folder 0711, put in place by one rename (a folder already there is kept: another process of this
    user wrote the same content). The caller has checked the names (ENTRY_NAME) and the content."""
    fresh = Path(tempfile.mkdtemp(prefix=f".{final.name[:40]}.new-", dir=final.parent))
    try:
        for entry, data in sorted(files.items()):
            fd = os.open(fresh / entry, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            os.chmod(fresh / entry, 0o444)
        os.chmod(fresh, 0o711)
        try:
            os.rename(fresh, final)
        except OSError:
            if not final.is_dir():
                raise
    finally:
        shutil.rmtree(fresh, ignore_errors=True)


@dataclass(frozen=True)
class ChildCache:
    """How a child sees the cache: one mount and the JAX settings for its environment."""

    source: Path
    writable: bool  # only for the trusted fill runs

    def env(self) -> dict[str, str]:
        return {
            "JAX_COMPILATION_CACHE_DIR": CHILD_TARGET,
            # reads never depend on these; they decide whether JAX tries to write
            "JAX_PERSISTENT_CACHE_MIN_COMPILE_TIME_SECS": "0" if self.writable else NEVER_WRITE_S,
            "JAX_PERSISTENT_CACHE_MIN_ENTRY_SIZE_BYTES": "0" if self.writable else "-1",
            "JAX_COMPILATION_CACHE_MAX_SIZE": "-1",  # no eviction: a lookup writes no atime file
        }


def for_child(path: Path | None, fill: bool, mode: str) -> ChildCache | None:
    """The cache a child of sandbox `mode` gets, or None (no folder, or mode `none`)."""
    if path is None or mode == "none":
        return None
    return ChildCache(Path(path).resolve(), writable=fill)
