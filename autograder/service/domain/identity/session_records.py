"""Server-side records of the pages' log-ins, so that a session can end before its cookie does.

A student or TA log-in opens a record and gets a random session id, which the signed cookie
carries; the database keeps only its sha256. A cookie is honoured only while its record is open:

- `end` closes one record (POST /logout);
- `end_for_student` / `end_for_ta` close every record of a student whose token was reissued, or
  of a TA whose token was reissued or who was removed from the `--tas` list;
- a record expires when it was not seen for `idle_s` (idle expiry) or was opened more than
  `absolute_s` ago (absolute expiry), however active it is.

`last_seen_at` is written at most once per TOUCH_S, so an active page does not write the database
on every request. Records are deleted once they are older than the absolute expiry (no cookie can
use them any more), whenever a record is opened. Anonymous sessions (the log-in form's CSRF token)
have no record: a visitor costs no row.

Defaults: idle 2 hours, absolute 12 hours; `JAXGRADE_SESSION_IDLE_S` and `JAXGRADE_SESSION_MAX_S`
change them.
"""

from __future__ import annotations

import hashlib
import os
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

import sqlalchemy as sa

from autograder.service.storage import db

DEFAULT_IDLE_S = 2 * 3600.0
DEFAULT_ABSOLUTE_S = 12 * 3600.0
TOUCH_S = 60.0  # last_seen_at is rewritten at most this often (the idle expiry's resolution)

EndReason = Literal["logout", "token_reissued", "ta_removed"]
LoggedInRole = Literal["student", "ta"]


@dataclass(frozen=True)
class SessionPolicy:
    idle_s: float = DEFAULT_IDLE_S
    absolute_s: float = DEFAULT_ABSOLUTE_S

    @classmethod
    def from_env(cls) -> SessionPolicy:
        idle = float(os.environ.get("JAXGRADE_SESSION_IDLE_S", DEFAULT_IDLE_S))
        absolute = float(os.environ.get("JAXGRADE_SESSION_MAX_S", DEFAULT_ABSOLUTE_S))
        if idle <= 0 or absolute <= 0:
            raise ValueError("JAXGRADE_SESSION_IDLE_S and JAXGRADE_SESSION_MAX_S must be positive")
        return cls(idle_s=idle, absolute_s=absolute)


def _id_hash(session_id: str) -> str:
    return hashlib.sha256(session_id.encode("utf-8", "surrogatepass")).hexdigest()


def end_where(
    conn: sa.Connection, now: float, reason: EndReason, *, student_id: str = "", ta_name: str = ""
) -> int:
    """Close the open records of one student or one TA inside the caller's transaction."""
    s = db.sessions.c
    who = (
        (s.role == "student") & (s.student_id == student_id)
        if student_id
        else ((s.role == "ta") & (s.ta_name == ta_name))
    )
    result = conn.execute(
        db.sessions.update().where(who, s.ended_at.is_(None)).values(ended_at=now, ended_reason=reason)
    )
    return int(result.rowcount or 0)


class SessionRecords:
    def __init__(self, engine: sa.Engine, clock: Callable[[], float], policy: SessionPolicy) -> None:
        self.engine, self.clock, self.policy = engine, clock, policy

    def open(self, role: LoggedInRole, *, student_id: str = "", ta_name: str = "") -> str:
        """A new record; returns the session id for the cookie (never stored as such)."""
        session_id = secrets.token_urlsafe(32)
        now = self.clock()
        with self.engine.begin() as conn:
            conn.execute(db.sessions.delete().where(db.sessions.c.created_at < now - self.policy.absolute_s))
            conn.execute(
                db.sessions.insert().values(
                    id_hash=_id_hash(session_id), role=role, student_id=student_id, ta_name=ta_name,
                    created_at=now, last_seen_at=now,
                )
            )  # fmt: skip
        return session_id

    def is_open(
        self, session_id: str, role: LoggedInRole, *, student_id: str = "", ta_name: str = ""
    ) -> bool:
        """Whether the record is open, not expired, and is this role's and person's; marks it seen."""
        if not session_id:
            return False
        s = db.sessions.c
        key = _id_hash(session_id)
        now = self.clock()
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(db.sessions).where(s.id_hash == key)).first()
        if row is None or row.ended_at is not None:
            return False
        if (row.role, row.student_id, row.ta_name) != (role, student_id, ta_name):
            return False
        if now - row.created_at > self.policy.absolute_s or now - row.last_seen_at > self.policy.idle_s:
            return False
        if now - row.last_seen_at >= min(TOUCH_S, self.policy.idle_s / 4):
            with self.engine.begin() as conn:
                conn.execute(
                    db.sessions.update()
                    .where(s.id_hash == key, s.ended_at.is_(None))
                    .values(last_seen_at=now)
                )
        return True

    def end(self, session_id: str, reason: EndReason = "logout") -> None:
        if not session_id:
            return
        s = db.sessions.c
        with self.engine.begin() as conn:
            conn.execute(
                db.sessions.update()
                .where(s.id_hash == _id_hash(session_id), s.ended_at.is_(None))
                .values(ended_at=self.clock(), ended_reason=reason)
            )

    def end_for_student(self, student_id: str, reason: EndReason) -> int:
        with self.engine.begin() as conn:
            return end_where(conn, self.clock(), reason, student_id=student_id)

    def end_for_ta(self, ta_name: str, reason: EndReason) -> int:
        with self.engine.begin() as conn:
            return end_where(conn, self.clock(), reason, ta_name=ta_name)
