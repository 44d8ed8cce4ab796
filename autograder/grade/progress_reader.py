"""Parent side of a child's progress.jsonl (trusted; the lines are written by an untrusted child)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from autograder import untrusted_json
from autograder.sandboxed.wire import ProgressPhase

MAX_PROGRESS_BYTES = 1 * 2**20
_PHASES = frozenset(ProgressPhase)


@dataclass(frozen=True)
class ProgressEvent:
    exercise: str | None
    phase: str
    error: str = ""


class ProgressReader:
    """Follows progress.jsonl; malformed, unexpected or token-less lines are ignored.

    Create it BEFORE the child starts: it creates the file and keeps its own descriptor, so a child
    that unlinks the path or puts a FIFO or symlink in its place cannot blind or block the parent.
    """

    def __init__(self, path: Path, exercises: tuple[str, ...], token: str = ""):
        self.path = path
        self.exercises = frozenset(exercises)
        self.token = token
        self.offset = 0
        self.pending = b""
        self.fd = os.open(path, os.O_RDONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o666)
        os.fchmod(self.fd, 0o666)  # the child (another uid) appends to it

    def close(self) -> None:
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1

    def __enter__(self) -> ProgressReader:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def read_new(self) -> list[ProgressEvent]:
        if self.offset >= MAX_PROGRESS_BYTES or self.fd < 0:
            return []
        try:
            chunk = os.pread(self.fd, MAX_PROGRESS_BYTES - self.offset, self.offset)
        except OSError:
            return []
        self.offset += len(chunk)
        data = self.pending + chunk
        *lines, self.pending = data.split(b"\n")
        events = []
        for line in lines:
            try:
                doc = untrusted_json.loads(line)
            except ValueError:
                continue
            phase = doc.get("phase") if isinstance(doc, dict) else None
            if not isinstance(phase, str) or phase not in _PHASES:
                continue
            if self.token and doc.get("token") != self.token:
                continue
            ex = doc.get("exercise")
            if ex is not None and (not isinstance(ex, str) or ex not in self.exercises):  # unhashable too
                continue
            events.append(ProgressEvent(ex, phase, str(doc.get("error", ""))[:4000]))
        return events
