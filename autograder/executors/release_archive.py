"""A release as content-addressed plain data, for workers on other machines (trusted side).

The client packs `assignments/<version>/`: manifest.json plus every file the manifest lists, each
checked against its sha256 in the manifest. The digest is sha256 over the manifest's bytes and,
sorted by path, each file's path and sha256: two folders with the same digest hold the same release.
The archive is a dict {relative path: bytes} (plain data; Dask moves it to each worker once as the
output of one task). A worker unpacks it once into `<cache>/<digest>/` (owner-only), verifying
every hash again, and reuses that folder for every later task of the same release. No path of the
client's machine travels.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

MANIFEST = "manifest.json"
MAX_RELEASE_BYTES = 64 * 2**20
_unpack_lock = threading.Lock()


class ReleaseArchiveError(RuntimeError):
    """The release cannot be packed or unpacked (a grader fault)."""


@dataclass(frozen=True)
class ReleaseArchive:
    digest: str  # sha256 hex
    files: dict[str, bytes]  # relative posix path -> bytes (manifest.json included)


def _listed(manifest_bytes: bytes) -> dict[str, str]:
    try:
        doc = json.loads(manifest_bytes)
        files = doc["files"]
        if not isinstance(files, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in files.items()
        ):
            raise TypeError("files is not a {path: sha256} object")
    except (ValueError, KeyError, TypeError) as exc:
        raise ReleaseArchiveError(f"unusable manifest.json: {exc}") from exc
    for rel in files:
        p = PurePosixPath(rel)
        if p.is_absolute() or ".." in p.parts or not p.parts or rel == MANIFEST:
            raise ReleaseArchiveError(f"manifest lists an unsafe path {rel!r}")
    return files


def archive_digest(manifest_bytes: bytes, listed: dict[str, str]) -> str:
    h = hashlib.sha256(b"jaxgrade-release-v1\0")
    h.update(hashlib.sha256(manifest_bytes).digest())
    for rel in sorted(listed):
        h.update(rel.encode() + b"\0" + listed[rel].encode() + b"\0")
    return h.hexdigest()


def pack_release(root: Path) -> ReleaseArchive:
    try:
        manifest_bytes = (root / MANIFEST).read_bytes()
        listed = _listed(manifest_bytes)
        files = {MANIFEST: manifest_bytes}
        for rel, sha in sorted(listed.items()):
            data = (root / rel).read_bytes()
            if hashlib.sha256(data).hexdigest() != sha:
                raise ReleaseArchiveError(f"release file {rel} does not match its sha256 in manifest.json")
            files[rel] = data
    except OSError as exc:
        raise ReleaseArchiveError(f"cannot read the release at {root}: {exc}") from exc
    if sum(len(b) for b in files.values()) > MAX_RELEASE_BYTES:
        raise ReleaseArchiveError(f"release at {root} is larger than {MAX_RELEASE_BYTES} bytes")
    return ReleaseArchive(archive_digest(manifest_bytes, listed), files)


def default_cache() -> Path:
    return Path(tempfile.gettempdir()) / "jaxgrade-worker" / "releases"


def unpack_release(files: dict[str, bytes], digest: str, cache: Path | None = None) -> Path:
    """The folder holding this release on this machine (unpacked on first use, verified)."""
    cache = cache or default_cache()
    dest = cache / digest
    with _unpack_lock:
        if (dest / MANIFEST).is_file():
            return dest
        if not isinstance(files, dict) or MANIFEST not in files:
            raise ReleaseArchiveError("release archive has no manifest.json")
        listed = _listed(files[MANIFEST])
        if archive_digest(files[MANIFEST], listed) != digest:
            raise ReleaseArchiveError("release archive does not match its digest")
        if set(files) != {MANIFEST, *listed}:
            raise ReleaseArchiveError("release archive holds other files than its manifest lists")
        for rel, sha in listed.items():
            if not isinstance(files[rel], bytes) or hashlib.sha256(files[rel]).hexdigest() != sha:
                raise ReleaseArchiveError(f"release file {rel} does not match its sha256")
        cache.mkdir(mode=0o700, parents=True, exist_ok=True)
        os.chmod(cache, 0o700)
        tmp = Path(tempfile.mkdtemp(prefix=".unpack-", dir=cache))
        try:
            for rel, data in files.items():
                target = tmp.joinpath(*PurePosixPath(rel).parts)
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(data)
            try:
                os.rename(tmp, dest)  # another worker process on this machine may have won the race
            except OSError:
                if not (dest / MANIFEST).is_file():
                    raise
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
    return dest
