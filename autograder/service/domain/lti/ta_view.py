"""What the TAs' LTI page and API show, read in one connection: the outbox of scores, the line
items each course has, and the latest launches that matched no student.

    read(service) -> TaView
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from autograder.service.domain.course.service_database import HoldsDatabase
from autograder.service.storage.lti_tables import line_items, scores, unmatched

UNMATCHED_SHOWN = 200  # the newest ones: the page is for spotting a problem, not an archive


@dataclass(frozen=True)
class OutboxRow:
    """One score on its way to (or in) the LMS, as the outbox holds it."""

    student_id: str
    assignment_id: str
    context: int
    score: float
    max_score: float
    status: str  # an `LtiScoreState` value
    tries: int
    sent_score: float | None
    last_error: str | None


@dataclass(frozen=True)
class UnmatchedLaunch:
    at: float  # unix seconds
    name: str
    email: str
    sub: str
    reason: str  # English, for the TAs


@dataclass(frozen=True)
class TaView:
    outbox: tuple[OutboxRow, ...]  # by student, then in queueing order
    line_items: dict[int, int]  # course (context id) -> how many line items it has
    unmatched: tuple[UnmatchedLaunch, ...]  # newest first


def _reason(detail: Any) -> str:
    return str(json.loads(detail).get("reason", "")) if detail else ""


def read(service: HoldsDatabase) -> TaView:
    with service.engine.connect() as conn:
        rows = conn.execute(sa.select(scores).order_by(scores.c.student_id, scores.c.id)).all()
        items: dict[int, int] = {}
        for context in conn.execute(sa.select(line_items.c.context)).scalars():
            items[context] = items.get(context, 0) + 1
        seen = conn.execute(sa.select(unmatched).order_by(unmatched.c.at.desc()).limit(UNMATCHED_SHOWN)).all()
    return TaView(
        outbox=tuple(
            OutboxRow(
                r.student_id, r.assignment_id, r.context, r.score, r.max_score,
                r.status, r.tries, r.sent_score, r.last_error,
            )
            for r in rows
        ),
        line_items=items,
        unmatched=tuple(UnmatchedLaunch(u.at, u.name, u.email, u.sub, _reason(u.detail)) for u in seen),
    )  # fmt: skip
