"""Output capture of a sandboxed program: its stdout and stderr pipes, size-capped (trusted parent side)."""

from __future__ import annotations

import os
import threading


class CappedReader(threading.Thread):
    """Reads a pipe to EOF, keeps the first `cap` bytes, discards the rest so the child never blocks."""

    def __init__(self, fd: int, cap: int, name: str) -> None:
        super().__init__(name=name, daemon=True)
        self.fd, self.cap = fd, cap
        self.data = bytearray()
        self.total = 0

    def run(self) -> None:
        try:
            while chunk := os.read(self.fd, 65536):
                self.total += len(chunk)
                room = self.cap - len(self.data)
                if room > 0:
                    self.data += chunk[:room]
        except OSError:
            pass
        finally:
            os.close(self.fd)

    @property
    def truncated(self) -> bool:
        return self.total > self.cap
