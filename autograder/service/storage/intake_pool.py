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
- a share of that room is kept for students with nothing else in flight: an upload made while the
  same student has another one under way (`reading_as(first=False)`) may take at most
  `processes + queue - reserve` places, and waiting readings of first uploads go to the next free
  child before any second upload's. A few students sending large notebooks two at a time therefore
  neither fill the pool nor make a student with one ordinary upload wait behind all of theirs;
- a child that dies mid-reading (killed, out of memory) is the service's fault, not the student's:
  the pool is replaced and the upload refused with the same 503, so the student tries again.

`chapters_in` blocks its caller (a worker thread: `UploadIntake.submit`) until the child answers.
`JAXGRADE_INTAKE_PROCESSES`, `JAXGRADE_INTAKE_QUEUE` and `JAXGRADE_INTAKE_RESERVE` (default: as many
places as there are processes) change the bounds.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import threading
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager, suppress
from itertools import count
from pathlib import Path

from autograder.service.records import Refusal, refusal
from autograder.service.storage.layout import chapters_in_layout

log = logging.getLogger("jaxgrade.service.intake_pool")

DEFAULT_PROCESSES = 2
DEFAULT_QUEUE = 8
NICE = 10
RETRY_AFTER_S = 15.0


def processes_from_env() -> int:
    return max(1, int(os.environ.get("JAXGRADE_INTAKE_PROCESSES", DEFAULT_PROCESSES)))


def queue_from_env() -> int:
    return max(0, int(os.environ.get("JAXGRADE_INTAKE_QUEUE", DEFAULT_QUEUE)))


def reserve_from_env(processes: int) -> int:
    return max(0, int(os.environ.get("JAXGRADE_INTAKE_RESERVE", processes)))


# Whether the reading made on this thread is the upload of a student with nothing else in flight.
# `UploadIntake.submit` runs in one worker thread from start to end, so the caller sets it around that
# call (`reading_as`) and `chapters_in`, deeper in the same thread, reads it.
_reading = threading.local()


@contextmanager
def reading_as(*, first: bool) -> Iterator[None]:
    """Readings made on this thread inside the block are first uploads (`first`) or not."""
    before = getattr(_reading, "first", True)
    _reading.first = first
    try:
        yield
    finally:
        _reading.first = before


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
    def __init__(
        self, processes: int | None = None, queue: int | None = None, reserve: int | None = None
    ) -> None:
        self.processes = processes if processes is not None else processes_from_env()
        self.queue = queue if queue is not None else queue_from_env()
        room = self.processes + self.queue
        wanted = reserve if reserve is not None else reserve_from_env(self.processes)
        self.reserve = min(wanted, room - 1)  # a later upload always has at least one place
        self._turns = threading.Condition()
        self._taken = 0  # readings running or waiting for a child
        self._running = 0  # readings handed to a child
        self._waiting: list[tuple[int, int]] = []  # (0 first upload / 1 later upload, arrival)
        self._arrivals = count()
        self._executor = self._new_executor()

    def _new_executor(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(
            self.processes, mp_context=multiprocessing.get_context("spawn"), initializer=_child_started
        )

    def warm(self) -> None:
        """Start the children now (in the background): a spawn imports intake, about a second."""
        for _unused in range(self.processes):
            self._executor.submit(_ready)

    def _room(self, first: bool) -> int:
        return self.processes + self.queue - (0 if first else self.reserve)

    def busy(self, *, first: bool = True) -> bool:
        """True when one more reading (of a first upload, or not) would be refused now."""
        with self._turns:
            return self._taken >= self._room(first)

    def chapters_in(self, subs: Path) -> set[str]:
        """`layout.chapters_in_layout(subs)`, read in a child. Raises a 503 Refusal when the pool has
        no place for this reading (see the module doc), or when the child died."""
        first = getattr(_reading, "first", True)
        with self._turns:
            if self._taken >= self._room(first):
                raise busy_refusal(f"{self._taken} uploads are waiting for intake")
            self._taken += 1
            ticket = (0 if first else 1, next(self._arrivals))
            self._waiting.append(ticket)
            # a free child goes to the waiting reading of the highest priority, first come first
            self._turns.wait_for(lambda: self._running < self.processes and min(self._waiting) == ticket)
            self._waiting.remove(ticket)
            self._running += 1
            executor = self._executor
            self._turns.notify_all()  # another child may be free for the next in line
        try:
            return set(executor.submit(_chapters_in, str(subs)).result())
        except BrokenProcessPool:
            log.error("an intake process died; starting a new pool")
            self._replace(executor)
            raise busy_refusal("the intake process died") from None
        finally:
            with self._turns:
                self._taken -= 1
                self._running -= 1
                self._turns.notify_all()

    def _replace(self, broken: ProcessPoolExecutor) -> None:
        with self._turns:
            if self._executor is not broken:  # another thread replaced it already
                return
            self._executor = self._new_executor()
        broken.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        """Stop the children (a reading under way finishes first; waiting ones are cancelled)."""
        with self._turns:
            executor = self._executor
        executor.shutdown(wait=True, cancel_futures=True)
