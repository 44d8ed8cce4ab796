"""Content-addressed store of uploaded files: `blobs/<sha256[:2]>/<sha256>`, written once, never overwritten.

A blob is written to a temporary file in its final folder, fsynced, then linked to its name
(`os.link` fails instead of replacing an existing file) and the folder is fsynced, so a blob that
has a name is complete on disk. The same bytes uploaded twice are stored once.
"""

from __future__ import annotations

import hashlib
import os
import re
import tempfile
from pathlib import Path

_HEX64 = re.compile(r"[0-9a-f]{64}")


class BlobStore:
    def __init__(self, root: Path):
        self.root = root
        root.mkdir(parents=True, exist_ok=True)
        os.chmod(root, 0o700)

    def path(self, sha256: str) -> Path:
        if not _HEX64.fullmatch(sha256):
            raise ValueError(f"not a sha256 hex digest: {sha256!r}")
        return self.root / sha256[:2] / sha256

    def put(self, data: bytes) -> str:
        digest = hashlib.sha256(data).hexdigest()
        final = self.path(digest)
        if final.is_file() and final.stat().st_size == len(data):
            return digest
        final.parent.mkdir(mode=0o700, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=final.parent, prefix=".tmp-")
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
                f.flush()
                os.fsync(f.fileno())
            os.chmod(tmp, 0o400)
            try:
                os.link(tmp, final)
            except FileExistsError:
                # Same name, so the same sha256: an earlier put finished it (or a torn file from a
                # crash before this design; it is not replaced: get() checks the digest).
                pass
        finally:
            os.unlink(tmp)
        _fsync_dir(final.parent)
        return digest

    def get(self, sha256: str) -> bytes:
        data = self.path(sha256).read_bytes()
        if hashlib.sha256(data).hexdigest() != sha256:
            raise OSError(f"blob {sha256} is damaged on disk")
        return data


def _fsync_dir(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
