"""One way in for a student's upload, shared by `POST /api/submissions` and the page's `POST /submit`.

In order, for one upload:

1. the cheap refusals, before any body is read: the assignment, its deadline, the attempt limit
   (`check_upload_allowed`), then the student's bucket of refused uploads (`refusal_bucket.py`);
   database reads, so in a worker thread;
2. at most MAX_UPLOADS_PER_STUDENT of one student's uploads at once in this process (on top of the
   body limit's cap on all uploads, `body_limit.py`): one more is refused at once (429); and when
   intake's process pool has no room (`storage/intake_pool.py`), a 503 before the body is read; an upload
   of a student with nothing else in flight is a first upload there, with a share of the pool kept
   for it and its reading served first;
3. the body, streamed into the spool (`uploads.py`), part by part into the upload's entry;
4. the entry's `submit` (`UploadIntake.submit`), in a worker thread: the chapter layout written
   to the spool, intake's reading of it in a child process of the bounded pool (the CPU-heavy
   step: an 18 MB notebook takes seconds), then storing the blobs and the attempt row (disk and
   database). Nothing of it runs on the event loop, and the interpreter lock is free while the
   child reads;
5. a refusal of the upload's contents (400, 413, 422) goes into the student's bucket.

`JAXGRADE_MAX_UPLOADS_PER_STUDENT` changes the per-student bound; `intake_pool.py` names the pool's.
The spool and the pool are the domain's: `domain/entry/upload_entry.py` is the upload's way in (steps 1,
4, 5 and the pool's 503), and this module only counts, streams and hands over.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import anyio.to_thread
from starlette.requests import Request

from autograder.service.domain.core import Service
from autograder.service.domain.entry import upload_entry
from autograder.service.records import Attempt, Refusal, refusal
from autograder.service.web.uploads import Upload, read_upload

DEFAULT_MAX_UPLOADS_PER_STUDENT = 2


def max_uploads_per_student() -> int:
    return max(1, int(os.environ.get("JAXGRADE_MAX_UPLOADS_PER_STUDENT", DEFAULT_MAX_UPLOADS_PER_STUDENT)))


class _UploadState:
    """Per application (one event loop): the uploads in progress, by student."""

    def __init__(self) -> None:
        self.in_progress: Counter[str] = Counter()


def _state(request: Request) -> _UploadState:
    state = getattr(request.app.state, "upload_flow", None)
    if state is None:  # made inside the loop: anyio's limiter belongs to the running loop
        state = request.app.state.upload_flow = _UploadState()
    return state


@contextmanager
def _one_of_the_students_uploads(state: _UploadState, student_id: str) -> Iterator[None]:
    if state.in_progress[student_id] >= max_uploads_per_student():
        raise refusal(
            429,
            "uploads_in_progress",
            f"{state.in_progress[student_id]} uploads of this student are in progress",
            retry_after=10.0,
        )
    state.in_progress[student_id] += 1
    try:
        yield
    finally:
        state.in_progress[student_id] -= 1
        if not state.in_progress[student_id]:
            del state.in_progress[student_id]


async def accept_upload(
    request: Request,
    service: Service,
    student_id: str,
    assignment_id: str | None,
    *,
    check_fields: Callable[[Upload], None] | None = None,
    drop_unnamed: bool = False,
) -> Attempt:
    """The queued attempt of this upload, or a Refusal. `check_fields` checks the form's other
    fields (the page's CSRF token); `drop_unnamed` drops file parts without a name (a file input
    left empty)."""
    pool = getattr(request.app.state, "intake_pool", None)  # the app's (app.py); None: read in the thread
    entry = await anyio.to_thread.run_sync(upload_entry.enter, service, pool, student_id, assignment_id)
    state = _state(request)
    first = not state.in_progress[student_id]  # nothing else of this student in flight here
    entry.refuse_if_busy(first=first)
    with _one_of_the_students_uploads(state, student_id):
        try:
            async with read_upload(
                request,
                entry,
                max_bytes=service.cfg.max_upload_bytes,
                max_files=service.cfg.max_files,
            ) as upload:  # its spool files are gone when the block ends, accepted or refused
                if check_fields is not None:
                    check_fields(upload)
                files = [(n, d) for n, d in upload.files if n] if drop_unnamed else upload.files
                return await anyio.to_thread.run_sync(lambda: entry.submit(files, first=first))
        except Refusal as exc:
            await anyio.to_thread.run_sync(entry.refused, exc)  # counted when it is about the contents
            raise
