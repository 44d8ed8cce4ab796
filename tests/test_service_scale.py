"""Two `jaxgrade serve` processes on one real PostgreSQL database (tests/helpers/pg.py), as behind a load
balancer: 200 uploads from 50 students spread over both, one process `kill -9`ed while it grades
and started again, and by the database's own records every attempt graded exactly once, nothing
lost, and no live work of the surviving process ever taken back.

The grading is real (the worker's grade host runs the batch's intake and reports) and cheap: every
upload is a notebook intake refuses fast (`examples/submissions/s004_malformed.ipynb`), which is
graded to `malformed:...` like any other attempt.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
import sqlalchemy as sa

from autograder.service.storage import db

from helpers.databases import postgres  # noqa: F401 (the PostgreSQL server fixture)
from helpers.served import MALFORMED, serve, upload, write_roster

pytestmark = pytest.mark.slow
STUDENTS = tuple(f"m{i:02d}" for i in range(50))
UPLOADS_EACH = 4
LEASE = "5"
WAIT_S = 1800  # a bound on a hung service, not a timing assertion


def _pid_of(worker: str | None) -> int:
    return int((worker or "x:0:").split(":")[1])


def test_two_processes_grade_every_attempt_once_through_a_kill_9(postgres, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    url = postgres.new_database()
    roster = write_roster(tmp_path / "roster.csv", STUDENTS)
    common = ("--db", url, "--workers", "2", "--lease", LEASE, "--max-attempts-per-hour", "100")
    a = serve(tmp_path / "data", "--roster", str(roster), *common)  # first: it issues the tokens
    b = serve(tmp_path / "data", *common)
    engine = db.connect(url)
    at, g = db.attempts.c, db.gradings.c
    restarted = None
    try:
        killed_pid = a.proc.pid
        ids: list[int] = []
        for i in range(len(STUDENTS) * UPLOADS_EACH):
            served = (a, b)[i % 2] if a.proc.poll() is None else b
            status, doc = upload(served, STUDENTS[i % len(STUDENTS)], [(f"n{i}.ipynb", MALFORMED)])
            assert status == 202, doc
            ids.append(doc["id"])
            if a.proc.poll() is None and i > 20:
                with engine.connect() as conn:
                    mine = conn.execute(
                        sa.select(sa.func.count()).where(
                            at.status == "running", at.worker.like(f"%:{killed_pid}:%")
                        )
                    ).scalar_one()
                if mine:
                    a.kill9()  # mid-grading: it holds at least one live lease
        if a.proc.poll() is None:
            a.kill9()
        restarted = serve(tmp_path / "data", *common)  # its start-up must leave b's live leases alone
        for i in range(len(ids), len(ids) + 10):  # and it takes uploads again
            status, doc = upload(restarted, STUDENTS[i % len(STUDENTS)], [(f"n{i}.ipynb", MALFORMED)])
            assert status == 202
            ids.append(doc["id"])
        end = time.monotonic() + WAIT_S
        while time.monotonic() < end:
            with engine.connect() as conn:
                left = conn.execute(
                    sa.select(sa.func.count()).where(at.status.in_(("queued", "running")))
                ).scalar_one()
            if not left:
                break
            time.sleep(1.0)
        with engine.connect() as conn:
            attempts = {r.id: r for r in conn.execute(sa.select(db.attempts))}
            runs = conn.execute(sa.select(g.attempt_id, g.worker, g.outcome)).all()
    finally:
        for s in (a, b, restarted):
            if s is not None:
                s.stop()
        engine.dispose()
    assert sorted(attempts) == sorted(ids) and len(ids) == 210
    assert {r.status for r in attempts.values()} == {"graded"}, [
        r.error for r in attempts.values() if r.error
    ]
    assert {r.grade_status for r in attempts.values()} == {"malformed:not_json"}
    graded_runs: dict[int, int] = {}
    for run in runs:
        if run.outcome == "graded":
            graded_runs[run.attempt_id] = graded_runs.get(run.attempt_id, 0) + 1
    assert graded_runs == {i: 1 for i in ids}  # exactly once, by the database's records
    expired = [run for run in runs if run.outcome == "lease_expired"]
    assert expired, "the killed process held no live lease when it died"
    assert {_pid_of(run.worker) for run in expired} == {killed_pid}  # nobody else's work was taken back
    assert all(run.outcome is not None for run in runs)  # no claim left open
    graders = {_pid_of(run.worker) for run in runs if run.outcome == "graded"}
    assert b.proc.pid in graders and restarted is not None and restarted.proc.pid in graders
