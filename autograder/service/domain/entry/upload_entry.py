"""A student's upload on its way in from the web floor: the domain's entry point, which owns the
spool the upload's file parts stream into (`storage/spool.py`) and intake's process pool
(`storage/intake_pool.py`), so the web floor (`web/upload_flow.py`, `web/uploads.py`) parses the
body and hands each part's bytes over without knowing where they are kept.

    enter(service, pool, student_id, assignment_id) -> UploadEntry   the refusals that need no body
    entry.refuse_if_busy(first=)     503 before the body is read when intake's pool has no place
    entry.new_part() -> StreamedPart a spool file for one file part, written as the body streams in
    entry.submit(files, first=)      `UploadIntake.submit`, its reading queued as a first upload or not
    entry.remove_parts()             every spool file of this upload gone (accepted or refused)
    entry.refused(exc)               a refusal of the upload's contents into the student's bucket

`enter`, `submit`, `remove_parts` and `refused` read or write the database or the disk: the web
floor runs them in a worker thread. `refuse_if_busy` and `new_part` only count in memory and make an
empty file's handle, so they may run on the event loop (`new_part` in the parser's thread).
"""

from __future__ import annotations

from typing import Protocol

from autograder.service.domain.core import Service
from autograder.service.domain.intake import refusal_bucket
from autograder.service.records import Attempt, Refusal
from autograder.service.storage import intake_pool
from autograder.service.storage.intake_pool import IntakePool, busy_refusal
from autograder.term.course import Assignment


class StreamedPart(Protocol):
    """One file part of an upload as the web floor sees it: written while the body streams in, read
    back once the body is complete."""

    def write(self, data: bytes) -> None: ...

    def read_bytes(self) -> bytes: ...


class UploadEntry:
    """One upload of `student_id`: where its parts go, and the intake that checks and stores them."""

    def __init__(
        self, service: Service, pool: IntakePool | None, student_id: str, target: Assignment | None
    ) -> None:
        self._service, self._pool = service, pool
        self.student_id, self.target = student_id, target  # target None: the chapters choose
        self._files = service.spool.request_files()

    def refuse_if_busy(self, *, first: bool) -> None:
        """Raise a 503 Refusal when intake's pool has no place for this upload's reading now (a first
        upload of its student has a share kept for it, `intake_pool.py`)."""
        if self._pool is not None and self._pool.busy(first=first):
            raise busy_refusal("intake's queue is full")

    def new_part(self) -> StreamedPart:
        return self._files.new()

    def remove_parts(self) -> None:
        self._files.remove_all()

    def submit(self, files: list[tuple[str, bytes]], *, first: bool) -> Attempt:
        """The queued attempt of these files (client name, bytes), or a Refusal; intake's reading of
        them waits in the pool as a first upload of its student (`first`) or not."""
        with intake_pool.reading_as(first=first):
            return self._service.intake.submit(
                self.student_id, files, self.target.id if self.target else None
            )

    def refused(self, exc: Refusal) -> None:
        """Count a refusal of the upload's contents (400, 413, 422) in the student's bucket."""
        if refusal_bucket.counts(exc):
            self._service.refusals.record(self.student_id, exc.reason or "refused")


def enter(
    service: Service, pool: IntakePool | None, student_id: str, assignment_id: str | None
) -> UploadEntry:
    """The refusals that need no body (database reads: the assignment, its deadline, the attempt
    limit, the student's bucket of refused uploads), then the upload's entry."""
    target = service.intake.check_upload_allowed(student_id, assignment_id)
    service.refusals.check(student_id)
    return UploadEntry(service, pool, student_id, target)
