"""The upload spool: `DIR/spool/` (0700), where an upload's files are written while its body streams in.

An upload is not accepted until `UploadIntake.submit` has checked it, so its bytes must not reach the
blob store (or any other folder) before then; and a body of up to `--max-upload-mb` should not sit in
the event loop's memory while a slow client sends it. So each file part goes to its own `part-*`
file here (`mkstemp`: mode 0600, a unique name), owned by the request that made it: `Spool.parts()`
is a context manager whose exit removes every file it made, whatever ended the request (accepted,
refused, a broken body, the client gone, the task cancelled); `request_files()` is the same for a
caller that removes them itself (the upload path does, in a worker thread).

The chapters check of an upload to one assignment of a term lays its files out for intake in a
`jaxgrade-upload-*` folder here too (`layout.chapters_present`), removed when the check ends.

A process that dies mid-upload leaves its files behind: `sweep` (at start-up) removes those (and
such folders) older than `STALE_S`. Younger ones are left, as they may be the in-flight uploads of
another process that shares DIR; an upload refreshes its file's mtime with every write.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import BinaryIO

__all__ = ["PREFIX", "STALE_S", "PartFiles", "Spool", "SpooledPart"]

PREFIX = "part-"
STALE_S = 3600.0  # far longer than any upload under the body cap takes on a working connection


class SpooledPart:
    """One file part being written (then read back) in the spool. It is read back through the file
    it was written with, not by name: even a file another process's sweep took is read whole."""

    def __init__(self, path: Path, file: BinaryIO):
        self.path, self._file, self.size = path, file, 0

    def write(self, data: bytes) -> None:
        self._file.write(data)
        self.size += len(data)

    def close(self) -> None:
        self._file.close()

    def read_bytes(self) -> bytes:
        self._file.flush()
        self._file.seek(0)
        return self._file.read()


class PartFiles:
    """The spool files of one request; `remove_all` closes and deletes every one it made."""

    def __init__(self, root: Path):
        self.root = root
        self._made: list[SpooledPart] = []

    def new(self) -> SpooledPart:
        fd, name = tempfile.mkstemp(dir=self.root, prefix=PREFIX)
        part = SpooledPart(Path(name), os.fdopen(fd, "w+b"))
        self._made.append(part)
        return part

    def remove_all(self) -> None:
        for part in self._made:
            part.close()
            with suppress(FileNotFoundError):
                part.path.unlink()
        self._made.clear()


class Spool:
    def __init__(self, root: Path):
        self.root = root
        root.mkdir(mode=0o700, parents=True, exist_ok=True)
        os.chmod(root, 0o700)  # students' bytes, not yet accepted: private like the blob store

    def request_files(self) -> PartFiles:
        """A request's spool files; the caller calls `remove_all` when the request ends, whatever ended it."""
        return PartFiles(self.root)

    @contextmanager
    def parts(self) -> Iterator[PartFiles]:
        """A request's spool files, all removed when the block ends (also on an exception)."""
        files = PartFiles(self.root)
        try:
            yield files
        finally:
            files.remove_all()

    def sweep(self, *, older_than_s: float = STALE_S) -> int:
        """Remove spool files and folders last written more than `older_than_s` ago (wall clock, as
        mtimes are); the number removed."""
        cutoff = time.time() - older_than_s
        removed = 0
        for entry in os.scandir(self.root):
            with suppress(FileNotFoundError):  # another process's request may remove its own file
                if entry.stat(follow_symlinks=False).st_mtime >= cutoff:
                    continue
                if entry.is_dir(follow_symlinks=False):
                    shutil.rmtree(entry.path)
                else:
                    os.unlink(entry.path)
                removed += 1
        return removed
