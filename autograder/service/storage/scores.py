"""A graded attempt's points per exercise, stored as numbers (`attempt_scores`, one row each).

Written in the transaction that records the grade (the worker's validated result file, or a
published regrade), read by the ledger as each attempt's raw points. NULL points: the exercise was
not scored (skipped). Formatting a number for people happens at the edge (exports, pages), never here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import sqlalchemy as sa

from autograder.service.storage import db


def replace(conn: sa.Connection, attempt_id: int, points: Mapping[str, float | None]) -> None:
    """The attempt's points are now `points` (a regrade's replace the earlier ones)."""
    s = db.attempt_scores
    conn.execute(s.delete().where(s.c.attempt_id == attempt_id))
    if points:
        conn.execute(
            s.insert(),
            [
                {"attempt_id": attempt_id, "exercise": ex, "points": None if v is None else float(v)}
                for ex, v in sorted(points.items())
            ],
        )


def of_attempts(conn: sa.Connection, attempt_ids: Iterable[int]) -> dict[int, dict[str, float | None]]:
    """attempt id -> {exercise: points} for these attempts (an attempt without rows is absent)."""
    ids = sorted(set(attempt_ids))
    found: dict[int, dict[str, float | None]] = {}
    s = db.attempt_scores.c
    for chunk in (ids[i : i + 500] for i in range(0, len(ids), 500)):
        for r in conn.execute(sa.select(s.attempt_id, s.exercise, s.points).where(s.attempt_id.in_(chunk))):
            found.setdefault(r.attempt_id, {})[r.exercise] = r.points
    return found
