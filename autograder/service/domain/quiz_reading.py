"""Reading an attempt's quiz answers as a domain command (issue 42): answers whose points join the
ledger's total reach the LMS in the same transaction.

    read_attempt(engine, assignment=..., chapters=..., attempt_id=..., student_id=..., files=..., ...)
    read_unread(engine, assignment=..., chapters=..., counted={attempt id: student id}, blob=..., ...)

The worker reads an attempt's answers before it records the grade (`quiz_answers.record_attempt`,
and it queues the LMS score after). When that read failed, the answers are read later, when a TA
opens the quiz pages: then the counted total may move (the quiz is on), so the read stores the
answers and calls `lti_outbox.counted_grade_changed` in one transaction. A page view never changes
a grade without the LMS hearing of it. (`quiz_answers` itself cannot import the outbox: the outbox
reads the ledger, which reads the quiz's answers.)
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

import sqlalchemy as sa

from autograder.service.domain import lti_outbox, quiz_answers
from autograder.service.storage import db
from autograder.term.course import Assignment


def read_attempt(
    engine: sa.Engine,
    *,
    assignment: Assignment,
    chapters: Sequence[str],
    attempt_id: int,
    student_id: str,
    files: Sequence[tuple[str, bytes]],
    scratch: Path,
    now: float,
) -> int:
    """Read and store the attempt's answers and, in the same transaction, queue the student's
    counted LMS score (a no-op when it did not change). Returns the answers stored."""

    def notify(conn: sa.Connection) -> None:
        lti_outbox.counted_grade_changed(conn, assignment.id, student_id)

    return quiz_answers.record_attempt(
        engine, assignment=assignment, chapters=chapters, attempt_id=attempt_id, student_id=student_id,
        files=files, scratch=scratch, now=now, then=notify,
    )  # fmt: skip


def read_unread(
    engine: sa.Engine,
    *,
    assignment: Assignment,
    chapters: Sequence[str],
    counted: Mapping[int, str],
    blob: Callable[[str], bytes],
    scratch: Path,
    now: float,
) -> int:
    """Read the answers of the counted graded attempts (`counted`: attempt id -> student id) that
    have none stored (their read after grading had failed), each through `read_attempt`, so the
    LMS hears of every total that moves. Returns how many attempts were read."""
    with engine.connect() as conn:
        missing = sorted(set(counted) - quiz_answers.stored_attempts(conn, list(counted)))
        if not missing:
            return 0
        a = db.attempts.c
        files = dict(conn.execute(sa.select(a.id, a.files).where(a.id.in_(missing))).all())
    for attempt_id in missing:
        read_attempt(
            engine,
            assignment=assignment,
            chapters=chapters,
            attempt_id=attempt_id,
            student_id=counted[attempt_id],
            files=[(f["name"], blob(f["sha256"])) for f in json.loads(files[attempt_id])],
            scratch=scratch,
            now=now,
        )
    return len(missing)


__all__ = ["read_attempt", "read_unread"]
