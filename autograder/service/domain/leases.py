"""The lease protocol that the attempt queue (attempt_queue.py) and the regrade queue
(regrade_queue.py) share, each on its own table with the columns `id`, `status`, `worker`,
`lease_until`, `tries`, `error` and `not_before`.

A worker holds a row while `status` is running, `worker` is its name and `lease_until` lies ahead;
its heartbeat moves `lease_until` on, and every write that ends the grading is conditional on the
lease still being held (`held_by`), so a worker that lost its lease changes nothing. A lease that
ran out (`expired`) is taken back by any process: queued again, or grader_error after `max_tries`.
A grader fault is queued again after an exponential backoff while tries are left.
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa

from autograder.service.domain.config import ServiceConfig
from autograder.states import AttemptState

MAX_ERROR_CHARS = 2000


def held_by(table: sa.Table, row_id: int, worker: str) -> tuple[sa.ColumnElement[bool], ...]:
    """The WHERE clauses of a write that only the lease's holder may make."""
    c = table.c
    return (c.id == row_id, c.status == AttemptState.RUNNING, c.worker == worker)


def expired(table: sa.Table, now: float) -> sa.ColumnElement[bool]:
    c = table.c
    return sa.or_(c.lease_until.is_(None), c.lease_until < now)


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


def after_fault(cfg: ServiceConfig, tries: int, error: str, now: float) -> tuple[bool, dict[str, Any]]:
    """(retried?, the values) of a row whose grading ended in a grader fault."""
    retry = tries < cfg.max_tries
    backoff = cfg.retry_backoff_s * 2 ** max(0, tries - 1)
    return retry, {
        "status": AttemptState.QUEUED if retry else AttemptState.GRADER_ERROR,
        "error": " ".join(error.split())[:MAX_ERROR_CHARS],
        "not_before": now + backoff if retry else 0.0,
    }
