"""The number a person reads for an attempt: its place among the same student's attempts of the
same assignment, 1, 2, 3 … in upload order (the ledger's `attempt_number`, the submissions zip's
`attempt-<n>`). Database ids stay internal: they count every student's uploads to every assignment.

    numbers(attempts) -> {attempt id: number}    attempts of one student (any assignments, any order)
    numbers_around(service, attempt_id)          the same for every attempt of that attempt's student
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

import sqlalchemy as sa

from autograder.service.domain.course.service_database import HoldsDatabase
from autograder.service.storage import db


class _Numbered(Protocol):
    @property
    def id(self) -> int: ...

    @property
    def assignment_id(self) -> str | None: ...


def numbers(attempts: Iterable[_Numbered]) -> dict[int, int]:
    """Each attempt's number among the attempts of its assignment (upload order is id order, as the
    ledger counts). Pass all of one student's attempts: a partial list numbers from the wrong start."""
    seen: dict[str | None, int] = {}
    out: dict[int, int] = {}
    for attempt in sorted(attempts, key=lambda a: int(a.id)):
        key = attempt.assignment_id or None
        seen[key] = seen.get(key, 0) + 1
        out[int(attempt.id)] = seen[key]
    return out


def numbers_around(service: HoldsDatabase, attempt_id: int) -> dict[int, int]:
    """`numbers` of every attempt of the student who uploaded `attempt_id` ({} when there is none)."""
    a = db.attempts.c
    with service.engine.connect() as conn:
        student = conn.execute(sa.select(a.student_id).where(a.id == attempt_id)).scalar_one_or_none()
        if student is None:
            return {}
        rows = conn.execute(sa.select(a.id, a.assignment_id).where(a.student_id == student)).all()
    return numbers(rows)
