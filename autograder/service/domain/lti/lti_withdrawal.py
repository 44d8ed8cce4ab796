"""Taking a score back out of the LMS gradebook when its grade is hidden again (a TA's un-release).

The outbox (`lti_outbox.py`) keeps one row per (LMS course, assignment, student): the score wanted
and what the LMS was last sent (`sent_score`). While a grade is hidden its row is `held`; if the
LMS already shows a score for it, the row is queued as `withdraw` instead, and the sender posts an
AGS score with no `scoreGiven` (nor `scoreMaximum`) and `gradingProgress` "PendingManual": the
LTI AGS 2.0 Score service's way to say there is no final score for the student now (a platform
shows such a result as empty), and that a person (the TA, by releasing again) completes it. Once
sent, the row is `held` with nothing in the LMS; a new release queues the score again as any other.

Statuses added to the outbox's `pending | sent | failed | held`:
    withdraw          a withdrawal waiting to be sent (retried with the outbox's backoff)
    withdraw_failed   a withdrawal that failed MAX_TRIES times; a TA's "retry now" queues it again
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from pylti1p3.grade import Grade

from autograder.service.storage.lti_tables import scores
from autograder.states import LtiScoreState

WITHDRAW = LtiScoreState.WITHDRAW
WITHDRAW_FAILED = LtiScoreState.WITHDRAW_FAILED
HIDDEN_PROGRESS = "PendingManual"  # AGS gradingProgress: final grade pending, a person completes it


def held_status(row: Any | None) -> str:
    """The status of a hidden grade's row: `withdraw` while the LMS may show a score for it (sent
    before, a withdrawal not yet through, or a post in flight), else `held`.

    In flight: a sender claimed the row (`claimed_until`) and has not recorded the outcome; the
    platform may already show that score, and the sender records nothing once the row has changed,
    so a grade hidden meanwhile must be withdrawn. If that post failed, the withdrawal only says
    again that there is no score."""
    if row is not None and (
        row.sent_score is not None
        or row.status in (WITHDRAW, WITHDRAW_FAILED)
        or row.claimed_until is not None
    ):
        return WITHDRAW
    return LtiScoreState.HELD


def hidden_grade(row: Any) -> Grade:
    """The AGS score that hides the row's grade in the LMS: no scoreGiven, not FullyGraded."""
    return (
        Grade()
        .set_timestamp(datetime.fromtimestamp(row.changed_at, UTC).isoformat())
        .set_activity_progress("Completed")
        .set_grading_progress(HIDDEN_PROGRESS)
        .set_user_id(row.sub)
    )


def withdrawn_values() -> dict[str, Any]:
    """The row once the LMS took the withdrawal: held, with nothing shown there."""
    return {"status": LtiScoreState.HELD, "sent_score": None}


def retry_failed(conn: sa.Connection) -> int:
    """A TA's "retry now" for withdrawals that gave up; returns how many are due again."""
    return int(
        conn.execute(
            scores.update()
            .where(scores.c.status == WITHDRAW_FAILED)
            .values(status=WITHDRAW, tries=0, not_before=0.0)
        ).rowcount
    )
