"""The trusted compile cache as content-addressed plain data, for Dask workers (trusted side).

The client packs the cache folder its own children would get (`--compile-cache`, resolved by
`jaxgrade grade`): every entry file (grade/compile_cache.py `read_entries`), plus the folder's name,
which says what the entries were compiled for (release, child code, jaxlib, CPU). The digest is
sha256 over the name and, sorted, each entry's name and sha256 (`compile_cache.entries_digest`).
The archive is a dict {entry file name: bytes}; Dask moves it to each worker once, as the output of
one task keyed by the digest, exactly like the release (release_archive.py).

A worker first compares the name with the one it computes itself (`compile_cache.cache_name` of the
same release, its own child code, jaxlib and CPU flags): entries compiled for another CPU must never
run there. Only when they match does it unpack, once, into
`$TMPDIR/jaxgrade-worker/xla/<digest>/<name>/`, owned by the worker's user, entries 0444, folders
0711 (what `compile_cache.usable` accepts and warm-cache makes), after checking every entry name and
the digest again. The folder is mounted read-only into the children like a local cache.
"""

from __future__ import annotations

import os
import re
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path

from autograder.grade import compile_cache

MAX_CACHE_BYTES = 512 * 2**20
_unpack_lock = threading.Lock()


class CacheArchiveError(RuntimeError):
    """The cache cannot be packed or unpacked (the run goes on without it)."""


@dataclass(frozen=True)
class CacheArchive:
    name: str  # the cache folder's name (compile_cache.cache_name as warm-cache computed it)
    digest: str  # sha256 hex (compile_cache.entries_digest)
    files: dict[str, bytes]  # entry file name -> bytes

    @property
    def size(self) -> int:
        return sum(len(b) for b in self.files.values())


def pack_compile_cache(folder: Path) -> CacheArchive:
    folder = Path(folder)
    try:
        files = compile_cache.read_entries(folder)
    except OSError as exc:
        raise CacheArchiveError(f"cannot read {folder}: {exc}") from exc
    if not files:
        raise CacheArchiveError(f"{folder} holds no entries")
    size = sum(len(b) for b in files.values())
    if size > MAX_CACHE_BYTES:
        raise CacheArchiveError(f"{folder} holds {size} bytes, more than {MAX_CACHE_BYTES} travel")
    return CacheArchive(folder.name, compile_cache.entries_digest(folder.name, files), files)


def default_root() -> Path:
    return Path(tempfile.gettempdir()) / "jaxgrade-worker" / "xla"


def _search_only(path: Path) -> None:
    """A folder sandbox uids may pass through by name but not list (rlimit mode reaches it so)."""
    path.mkdir(mode=0o711, parents=True, exist_ok=True)
    os.chmod(path, 0o711)  # whatever the umask


def unpack_compile_cache(files: dict[str, bytes], digest: str, name: str, root: Path | None = None) -> Path:
    """The folder holding this cache on this machine (unpacked on first use, verified)."""
    root = root or default_root()
    if not compile_cache.CACHE_NAME.fullmatch(name) or not re.fullmatch(r"[0-9a-f]{64}", digest):
        raise CacheArchiveError(f"not a compile cache name and digest: {name!r} {digest!r}")
    dest = root / digest / name
    with _unpack_lock:
        if dest.is_dir():
            return dest
        if not isinstance(files, dict) or not files:
            raise CacheArchiveError("the compile cache archive is empty")
        for entry, data in files.items():
            if not isinstance(entry, str) or not compile_cache.ENTRY_NAME.fullmatch(entry):
                raise CacheArchiveError(f"the compile cache archive holds a file named {entry!r}")
            if not isinstance(data, bytes):
                raise CacheArchiveError(f"the compile cache entry {entry} is not bytes")
        if compile_cache.entries_digest(name, files) != digest:
            raise CacheArchiveError("the compile cache archive does not match its digest")
        _search_only(root)
        _search_only(root / digest)
        try:
            compile_cache.write_entries(files, dest)
        except OSError as exc:
            raise CacheArchiveError(f"cannot unpack the compile cache into {dest}: {exc}") from exc
    return dest
