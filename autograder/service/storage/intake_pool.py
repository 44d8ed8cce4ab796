"""Intake's reading of an upload, in a small bounded pool of child processes (trusted side).

To check an upload's chapters, intake parses and validates every notebook in it: seconds of CPU for
a notebook near the 20 MB cap, nearly all of it holding the interpreter lock. In a thread of the
service's process that starves the event loop, so every other request waits (issue 32, section 3).
`IntakePool` runs that reading in other processes instead:

- the children are started with `spawn` (no copy of the service's threads, sockets or database
  connections) and import only this module and intake (`layout.chapters_in_layout`: trusted code,
  no student code runs there). They run at a lower CPU priority (nice +NICE) than the process that
  answers requests, so on a busy machine a page waits less than an intake;
- what crosses is plain data: the path of the upload laid out in the spool (the parent writes it,
  the child only reads it) and, back, a sorted list of chapter names;
- at most `processes` readings run at once and `queue` more wait. One more is refused at once (503
  `uploads_busy`, with Retry-After) rather than queued without bound; `busy()` lets an upload be
  refused before its body is read;
- a child that dies mid-reading (killed, out of memory) is the service's fault, not the student's:
  the pool is replaced and the upload refused with the same 503, so the student tries again.

`chapters_in` blocks its caller (a worker thread: `UploadIntake.submit`) until the child answers.
`JAXGRADE_INTAKE_PROCESSES` and `JAXGRADE_INTAKE_QUEUE` change the two bounds.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import threading
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import suppress
from pathlib import Path

from autograder.service.storage.layout import chapters_in_layout
from autograder.service.storage.records import Refusal, refusal

log = logging.getLogger("jaxgrade.service.intake_pool")

DEFAULT_PROCESSES = 2
DEFAULT_QUEUE = 8
NICE = 10
RETRY_AFTER_S = 15.0


def processes_from_env() -> int:
    return max(1, int(os.environ.get("JAXGRADE_INTAKE_PROCESSES", DEFAULT_PROCESSES)))


def queue_from_env() -> int:
    return max(0, int(os.environ.get("JAXGRADE_INTAKE_QUEUE", DEFAULT_QUEUE)))


def busy_refusal(why: str) -> Refusal:
    return refusal(503, "uploads_busy", why, retry_after=RETRY_AFTER_S)


def _child_started() -> None:
    """Each child, once: below the service's CPU priority (an unprivileged process may lower its own)."""
    with suppress(OSError):
        os.nice(NICE)


def _ready() -> None:
    """Nothing: sent once per child at start-up, so the first uploads do not wait for a spawn."""


def _chapters_in(subs: str) -> list[str]:
    """In the child: the chapters intake finds in the upload laid out at `subs`."""
    return sorted(chapters_in_layout(Path(subs)))


class IntakePool:
    def __init__(self, processes: int | None = None, queue: int | None = None) -> None:
        self.processes = processes if processes is not None else processes_from_env()
        self.queue = queue if queue is not None else queue_from_env()
        self._lock = threading.Lock()
        self._taken = 0  # readings running or waiting for a child
        self._executor = self._new_executor()

    def _new_executor(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(
            self.processes, mp_context=multiprocessing.get_context("spawn"), initializer=_child_started
        )

    def warm(self) -> None:
        """Start the children now (in the background): a spawn imports intake, about a second."""
        for _unused in range(self.processes):
            self._executor.submit(_ready)

    def busy(self) -> bool:
        """True when one more reading would be refused now."""
        with self._lock:
            return self._taken >= self.processes + self.queue

    def chapters_in(self, subs: Path) -> set[str]:
        """`layout.chapters_in_layout(subs)`, read in a child. Raises a 503 Refusal when
        `processes + queue` readings are already running or waiting, or when the child died."""
        with self._lock:
            if self._taken >= self.processes + self.queue:
                raise busy_refusal(f"{self._taken} uploads are waiting for intake")
            self._taken += 1
            executor = self._executor
        try:
            return set(executor.submit(_chapters_in, str(subs)).result())
        except BrokenProcessPool:
            log.error("an intake process died; starting a new pool")
            self._replace(executor)
            raise busy_refusal("the intake process died") from None
        finally:
            with self._lock:
                self._taken -= 1

    def _replace(self, broken: ProcessPoolExecutor) -> None:
        with self._lock:
            if self._executor is not broken:  # another thread replaced it already
                return
            self._executor = self._new_executor()
        broken.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        """Stop the children (a reading under way finishes first; waiting ones are cancelled)."""
        with self._lock:
            executor = self._executor
        executor.shutdown(wait=True, cancel_futures=True)
