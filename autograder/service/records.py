"""Plain data the service's floors hand each other and the API (no database, no I/O), below all
of them, so that web can name a refusal without reaching into storage.

`Refusal` is how every part says no to a request: the API turns it into a JSON error, the pages
into an error notice. Its Chinese text comes from `messages.SERVICE_ZH`.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from autograder.messages import service_message
from autograder.states import AttemptState


@dataclass(frozen=True)
class Student:
    student_id: str
    name: str
    email: str = ""


@dataclass(frozen=True)
class Attempt:
    """One upload and its grading; `to_json()` is the body of GET /api/submissions/<id>."""

    id: int
    student_id: str
    status: AttemptState  # a retry pending is QUEUED
    submitted_at: float  # unix seconds
    graded_at: float | None
    late: bool
    score: float | None
    max_score: float | None
    grade_status: str | None  # the graded submission's status (ok, malformed:..., ...)
    exercises: dict[str, float | None]  # exercise id -> score (None: not graded)
    files: tuple[str, ...] = ()  # uploaded file names, in upload order
    # The assignment the upload went to; None for a service without a course file (one assignment,
    # and the API of a single-assignment service stays as it was: no "assignment" key).
    assignment_id: str | None = None
    # Set when the assignment's grades are not shown yet (term/visibility.py): what the student
    # reads instead; score, max_score, grade_status and exercises are then empty.
    grades_hidden: str | None = None

    def to_json(self) -> dict[str, Any]:
        doc = {
            "id": self.id,
            "student_id": self.student_id,
            "status": str(self.status),
            "submitted_at": iso(self.submitted_at),
            "graded_at": iso(self.graded_at) if self.graded_at is not None else None,
            "late": self.late,
            "score": self.score,
            "max_score": self.max_score,
            "grade_status": self.grade_status,
            "exercises": dict(self.exercises),
        }
        if self.assignment_id is not None:
            doc["assignment"] = self.assignment_id
        if self.grades_hidden is not None:
            doc["grades_hidden"] = self.grades_hidden
        return doc


class Refusal(Exception):
    """An upload or request the service will not accept; the API turns it into a JSON error.

    http_status: 400, 401, 403, 404, 413, 422 or 429; message_zh for the student (Simplified
    Chinese); message_en for logs, the API and terminals; retry_after: seconds until the next
    attempt is allowed (429), else None; reason: the `messages.SERVICE_ZH` key of the message, so
    that a client can tell refusals of one status apart (e.g. `choose_assignment`), else None."""

    def __init__(
        self,
        http_status: int,
        message_zh: str,
        message_en: str,
        retry_after: float | None = None,
        reason: str | None = None,
    ):
        super().__init__(message_en)
        self.http_status = http_status
        self.message_zh = message_zh
        self.message_en = message_en
        self.retry_after = retry_after
        self.reason = reason


def refusal(
    http_status: int, key: str, message_en: str, *, retry_after: float | None = None, **fields: object
) -> Refusal:
    """A Refusal whose student text is `messages.SERVICE_ZH[key]` formatted with `fields`."""
    return Refusal(http_status, service_message(key, **fields), message_en, retry_after, reason=key)


@dataclass(frozen=True)
class ClaimedAttempt:
    """What a worker needs to grade one attempt it holds the lease of."""

    id: int
    student_id: str
    submitted_at: float
    files: tuple[tuple[str, str], ...]  # (file name, sha256)
    tries: int  # including this one
    worker: str = ""  # the lease holder (process-unique worker id); "" for a read-only copy
    assignment_id: str = ""  # whose release (and exercises) it is graded against


@dataclass(frozen=True)
class GradedOutcome:
    """What a worker read from a finished grading of one attempt (its validated result file): numbers
    and names only, never text formatted for people."""

    score: float
    max_score: float
    grade_status: str
    exercises: dict[str, float | None]
    subchecks: dict[str, bool]
    flags: tuple[str, ...]
    out_dir: str  # the grading try's folder on the grade host: named in logs, never read back
    # the result file's artefacts (result_file.ARTEFACT_FILES kind -> bytes, size and sha256 proven),
    # copied into the blob store by the command that records the grade
    artefacts: dict[str, bytes] = field(default_factory=dict)


def iso(t: float) -> str:
    return datetime.fromtimestamp(t, UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()
