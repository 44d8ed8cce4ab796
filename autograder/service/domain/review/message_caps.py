"""Caps on what one student may write into regrade-request threads: at most
STUDENT_MESSAGES_PER_THREAD messages in one thread (the question included) and at most
STUDENT_MESSAGES_PER_DAY across all their threads in any 24 hours. TAs' answers are not counted.

Without them one student could fill the TAs' queue and the database at 4,000 characters a
message. Refusals raise regrade_requests.RequestError with a key whose Chinese text is in
messages.SERVICE_ZH; the API answers 429.
"""

from __future__ import annotations

import sqlalchemy as sa

from autograder.service.storage import db

STUDENT_MESSAGES_PER_THREAD = 20
STUDENT_MESSAGES_PER_DAY = 30
DAY_S = 24 * 3600.0
CAP_KEYS = ("thread_full", "messages_per_day")


def student_cap_reached(conn: sa.Connection, author: str, request_id: int | None, now: float) -> str | None:
    """The cap this student's next message would pass ("thread_full", "messages_per_day"), or None.
    `author` is the thread's author string ("student:<id>"); `request_id` None: a new thread."""
    m = db.regrade_request_messages.c
    if request_id is not None:
        in_thread = conn.execute(
            sa.select(sa.func.count()).where(m.request_id == request_id, m.author == author)
        ).scalar_one()
        if int(in_thread) >= STUDENT_MESSAGES_PER_THREAD:
            return "thread_full"
    today = conn.execute(
        sa.select(sa.func.count()).where(m.author == author, m.at > now - DAY_S)
    ).scalar_one()
    return "messages_per_day" if int(today) >= STUDENT_MESSAGES_PER_DAY else None
