"""Refused uploads cost the student who sent them: a per-student bucket of their own.

An upload refused on its contents (a file intake will not take, a notebook of another chapter, a
body over the cap or broken: 400, 413, 422) costs the service its body, its spool and intake's
time, yet makes no attempt, so the hourly attempt limit never sees it. Each such refusal is a row
here. A student with `limit` refusals in the last `window_s` is refused (429) before the service
reads another body from them, until the oldest leaves the window. The service's own faults
(503: spool full, too many uploads at once) and the cheap refusals made before the body is read
(deadline, attempt limit, this bucket) are not counted.

Kept in the database so that every service process counts the same refusals; rows older than the
window are deleted whenever one is recorded. Default: 20 an hour,
`JAXGRADE_MAX_REFUSED_UPLOADS_PER_HOUR` changes it.
"""

from __future__ import annotations

import os
from collections.abc import Callable

import sqlalchemy as sa

from autograder.service.records import Refusal, refusal
from autograder.service.storage import db

DEFAULT_LIMIT = 20
WINDOW_S = 3600.0
COUNTED_STATUSES = frozenset({400, 413, 422})


def limit_from_env() -> int:
    return int(os.environ.get("JAXGRADE_MAX_REFUSED_UPLOADS_PER_HOUR", DEFAULT_LIMIT))


def counts(exc: Refusal) -> bool:
    """Whether this refusal of an upload goes into the student's bucket."""
    return exc.http_status in COUNTED_STATUSES


class RefusalBucket:
    def __init__(
        self, engine: sa.Engine, clock: Callable[[], float], *, limit: int, window_s: float = WINDOW_S
    ) -> None:
        self.engine, self.clock, self.limit, self.window_s = engine, clock, limit, window_s

    def check(self, student_id: str) -> None:
        """Raise 429 when the student's bucket is full (before their next body is read)."""
        r = db.upload_refusals.c
        now = self.clock()
        with self.engine.connect() as conn:
            recent = (
                conn.execute(
                    sa.select(r.at)
                    .where(r.student_id == student_id, r.at > now - self.window_s)
                    .order_by(r.at)
                )
                .scalars()
                .all()
            )
        if len(recent) >= self.limit:
            wait = max(1.0, recent[len(recent) - self.limit] + self.window_s - now)
            raise refusal(
                429,
                "refused_uploads",
                f"{self.limit} refused uploads in the last hour; the next upload is read in {wait:.0f} s",
                retry_after=wait,
                limit=self.limit,
                minutes=max(1, round(wait / 60)),
            )

    def record(self, student_id: str, reason: str) -> None:
        now = self.clock()
        r = db.upload_refusals.c
        with self.engine.begin() as conn:
            conn.execute(db.upload_refusals.delete().where(r.at <= now - self.window_s))
            conn.execute(
                db.upload_refusals.insert().values(student_id=student_id, at=now, reason=reason[:64])
            )
