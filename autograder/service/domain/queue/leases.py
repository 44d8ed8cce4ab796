"""The lease protocol that the attempt queue (attempt_queue.py) and the regrade queue
(regrade_queue.py) share, each on its own table with the columns `id`, `status`, `worker`,
`lease_until`, `tries`, `error` and `not_before`.

Every write of the protocol is here, and only here: `claim` (queued -> running, a conditional
UPDATE whose rowcount says who won), `extend_lease`, `finish` (the end of a grading, only by the
lease's holder) and `take_back` (an expired lease).

A worker holds a row while `status` is running, `worker` is its name and `lease_until` lies ahead;
its heartbeat moves `lease_until` on, and every write that ends the grading is conditional on the
lease still being held (`held_by`), so a worker that lost its lease changes nothing. A lease that
ran out (`expired`) is taken back by any process: queued again, or grader_error after `max_tries`.
A grader fault is queued again after an exponential backoff while tries are left.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from autograder.service.domain.course.config import ServiceConfig
from autograder.states import AttemptState

MAX_ERROR_CHARS = 2000


def held_by(table: sa.Table, row_id: int, worker: str) -> tuple[sa.ColumnElement[bool], ...]:
    """The WHERE clauses of a write that only the lease's holder may make."""
    c = table.c
    return (c.id == row_id, c.status == AttemptState.RUNNING, c.worker == worker)


def expired(table: sa.Table, now: float) -> sa.ColumnElement[bool]:
    c = table.c
    return sa.or_(c.lease_until.is_(None), c.lease_until < now)


def claim(conn: sa.Connection, table: sa.Table, row_id: int, worker: str, now: float, lease_s: float) -> bool:
    """Queued -> running with `worker`'s lease, one more try. False if another claim won (the row
    was no longer queued): the UPDATE is conditional and its rowcount is the answer, on SQLite and
    PostgreSQL alike."""
    c = table.c
    n = conn.execute(
        table.update()
        .where(c.id == row_id, c.status == AttemptState.QUEUED)
        .values(
            status=AttemptState.RUNNING,
            worker=worker,
            lease_until=now + lease_s,
            started_at=now,
            tries=c.tries + 1,
        )
    ).rowcount
    return n == 1


def finish(conn: sa.Connection, table: sa.Table, row_id: int, worker: str, values: dict[str, Any]) -> bool:
    """End the grading with `values` if `worker` still holds the lease (else nothing, and False)."""
    n = conn.execute(
        table.update().where(*held_by(table, row_id, worker)).values(worker=None, lease_until=None, **values)
    ).rowcount
    return n == 1


def take_back(conn: sa.Connection, table: sa.Table, cfg: ServiceConfig, row: Any, now: float) -> bool:
    """`row` (id, worker, tries) whose lease ran out: queued again, or grader_error after max_tries.
    False if its worker renewed the lease or finished meanwhile."""
    n = conn.execute(
        table.update()
        .where(*held_by(table, row.id, row.worker), expired(table, now))
        .values(taken_back(cfg, row.tries, row.worker))
    ).rowcount
    return n == 1


def extend_lease(engine: sa.Engine, table: sa.Table, row_id: int, worker: str, until: float) -> bool:
    """The heartbeat: the lease runs until `until`. False if the worker lost it."""
    with engine.begin() as conn:
        n = conn.execute(
            table.update().where(*held_by(table, row_id, worker)).values(lease_until=until)
        ).rowcount
    return n == 1


def taken_back(cfg: ServiceConfig, tries: int, worker: str) -> dict[str, Any]:
    """The values of a row whose worker's lease ran out."""
    return {
        "status": AttemptState.GRADER_ERROR if tries >= cfg.max_tries else AttemptState.QUEUED,
        "worker": None,
        "lease_until": None,
        "error": f"its worker {worker} stopped before finishing (lease expired)",
    }


@dataclass(frozen=True)
class AfterFault:
    """How a grading that ended in a grader fault is recorded."""

    retried: bool  # queued again after a backoff (else grader_error for good)
    values: dict[str, Any]  # the row's new status, error and not_before


def after_fault(cfg: ServiceConfig, tries: int, error: str, now: float) -> AfterFault:
    """The row's values after a grader fault: queued again after an exponential backoff while tries
    are left, else grader_error."""
    retry = tries < cfg.max_tries
    backoff = cfg.retry_backoff_s * 2 ** max(0, tries - 1)
    return AfterFault(
        retry,
        {
            "status": AttemptState.QUEUED if retry else AttemptState.GRADER_ERROR,
            "error": " ".join(error.split())[:MAX_ERROR_CHARS],
            "not_before": now + backoff if retry else 0.0,
        },
    )
