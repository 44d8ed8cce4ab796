"""Regrade requests: a student asks about one exercise of their counted attempt; TAs answer.

A request is a thread (its first message is the student's question) and is `open` until a TA
resolves it, with or without an override of that exercise (the override, like every score
change, is audited by `overrides.put`). One open request per student, assignment and exercise:
a student adds to it instead of opening another. Both sides post to the thread; a resolved
request takes no more messages.

A student's messages are capped per thread and per day (message_caps.py).

Every function takes the caller's connection (one transaction per request to the API).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from autograder.service.domain.review import message_caps
from autograder.service.records import iso
from autograder.service.storage import db
from autograder.states import RegradeRequestState

OPEN, RESOLVED = RegradeRequestState.OPEN, RegradeRequestState.RESOLVED
MAX_MESSAGE_CHARS = 4000


class RequestError(ValueError):
    """Refused; `key` is the messages.SERVICE_ZH key of the student's text."""

    def __init__(self, key: str, message_en: str):
        super().__init__(message_en)
        self.key = key


@dataclass(frozen=True)
class Message:
    author: str  # "student:<id>" or a TA's name
    body: str
    at: float

    @property
    def from_student(self) -> bool:
        return self.author.startswith("student:")

    def to_json(self) -> dict[str, Any]:
        return {
            "author": self.author,
            "from_student": self.from_student,
            "body": self.body,
            "at": iso(self.at),
        }


@dataclass(frozen=True)
class Request:
    id: int
    assignment_id: str
    student_id: str
    attempt_id: int
    exercise: str
    status: str
    created_at: float
    resolved_at: float | None
    resolved_by: str | None
    messages: tuple[Message, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "assignment_id": self.assignment_id,
            "student_id": self.student_id,
            "attempt_id": self.attempt_id,
            "exercise": self.exercise,
            "status": self.status,
            "created_at": iso(self.created_at),
            "resolved_at": None if self.resolved_at is None else iso(self.resolved_at),
            "resolved_by": self.resolved_by,
            "messages": [m.to_json() for m in self.messages],
        }


def checked_message(body: str) -> str:
    body = body.strip()
    if not body or len(body) > MAX_MESSAGE_CHARS:
        raise RequestError("bad_message", f"a message needs 1..{MAX_MESSAGE_CHARS} characters")
    return body


def _messages(conn: sa.Connection, request_ids: list[int]) -> dict[int, list[Message]]:
    m = db.regrade_request_messages.c
    out: dict[int, list[Message]] = {i: [] for i in request_ids}
    if not request_ids:
        return out
    rows = conn.execute(
        sa.select(db.regrade_request_messages).where(m.request_id.in_(request_ids)).order_by(m.id)
    )
    for r in rows:
        out[r.request_id].append(Message(r.author, r.body, r.at))
    return out


def _request(row: Any, messages: list[Message]) -> Request:
    return Request(
        row.id,
        row.assignment_id,
        row.student_id,
        row.attempt_id,
        row.exercise,
        row.status,
        row.created_at,
        row.resolved_at,
        row.resolved_by,
        tuple(messages),
    )


def listing(
    conn: sa.Connection,
    *,
    student_id: str | None = None,
    status: str | None = None,
    assignment_id: str | None = None,
) -> list[Request]:
    """Requests with their threads: open ones first (oldest first, the TAs' queue), then the rest;
    with `assignment_id`, only that assignment's (an assignment's page lists its own requests)."""
    r = db.regrade_requests.c
    query = sa.select(db.regrade_requests)
    if student_id is not None:
        query = query.where(r.student_id == student_id)
    if assignment_id is not None:
        query = query.where(r.assignment_id == assignment_id)
    if status is not None:
        query = query.where(r.status == status)
    rows = conn.execute(query.order_by(r.id)).all()
    threads = _messages(conn, [row.id for row in rows])
    found = [_request(row, threads[row.id]) for row in rows]
    return sorted(found, key=lambda q: (q.status != OPEN, q.id if q.status == OPEN else -q.id))


def get(conn: sa.Connection, request_id: int, *, student_id: str | None = None) -> Request | None:
    """One request with its thread; with `student_id`, only if it is that student's."""
    r = db.regrade_requests.c
    query = sa.select(db.regrade_requests).where(r.id == request_id)
    if student_id is not None:
        query = query.where(r.student_id == student_id)
    row = conn.execute(query).first()
    return None if row is None else _request(row, _messages(conn, [row.id])[row.id])


def open_request(
    conn: sa.Connection,
    *,
    assignment_id: str,
    student_id: str,
    attempt_id: int,
    exercise: str,
    message: str,
    now: float,
) -> int:
    """Open a request (its first message the student's); RequestError if one is open already."""
    body = checked_message(message)
    r = db.regrade_requests.c
    already = conn.execute(
        sa.select(r.id).where(
            r.assignment_id == assignment_id,
            r.student_id == student_id,
            r.exercise == exercise,
            r.status == OPEN,
        )
    ).first()
    if already is not None:
        raise RequestError("request_open", f"request {already.id} about {exercise} is still open")
    request_id = conn.execute(
        db.regrade_requests.insert().values(
            assignment_id=assignment_id,
            student_id=student_id,
            attempt_id=attempt_id,
            exercise=exercise,
            status=OPEN,
            created_at=now,
        )
    ).inserted_primary_key[0]
    add_message(conn, int(request_id), f"student:{student_id}", body, now)
    return int(request_id)


def add_message(conn: sa.Connection, request_id: int, author: str, body: str, now: float) -> None:
    """Append to an open request's thread (RequestError if it is resolved)."""
    status = conn.execute(
        sa.select(db.regrade_requests.c.status).where(db.regrade_requests.c.id == request_id)
    ).scalar_one_or_none()
    if status is None:
        raise RequestError("no_request", f"no request {request_id}")
    if status != OPEN:
        raise RequestError("request_closed", f"request {request_id} is resolved")
    if author.startswith("student:"):
        cap = message_caps.student_cap_reached(conn, author, request_id, now)
        if cap is not None:
            raise RequestError(cap, f"{author} reached the cap {cap} of regrade-request messages")
    conn.execute(
        db.regrade_request_messages.insert().values(
            request_id=request_id, author=author, body=checked_message(body), at=now
        )
    )


def resolve(conn: sa.Connection, request_id: int, actor: str, now: float) -> None:
    """Close an open request (RequestError if it is not open)."""
    r = db.regrade_requests.c
    n = conn.execute(
        db.regrade_requests.update()
        .where(r.id == request_id, r.status == OPEN)
        .values(status=RESOLVED, resolved_at=now, resolved_by=actor)
    ).rowcount
    if n != 1:
        raise RequestError("request_closed", f"request {request_id} is not open")
