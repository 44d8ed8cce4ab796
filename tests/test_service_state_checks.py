"""Every state column of the service database refuses a state its enum does not have (a CHECK built
from autograder/states.py), on SQLite and on a throwaway PostgreSQL, and accepts every state it has.
The CHECKs come from the migrations (the database is created by `db.connect`, revision by revision)."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path

import pytest
import sqlalchemy as sa

from autograder.service.storage import db
from autograder.states import AttemptState, RegradeRequestState, RegradeRunState

from helpers.databases import db_args, db_kind, postgres  # noqa: F401 (fixtures)

STATE_COLUMNS: dict[str, type[StrEnum]] = {
    "attempts": AttemptState,
    "regrade_results": AttemptState,
    "regrade_runs": RegradeRunState,
    "regrade_requests": RegradeRequestState,
}


def seeded(url: str) -> tuple[sa.Engine, dict[str, int]]:
    """A database at the head revision with one row in each table that has a state column."""
    engine = db.connect(url)
    ids = {}
    with engine.begin() as conn:
        conn.execute(
            db.students.insert().values(student_id="s1", name="S", token_hash="0" * 64, created_at=0.0)
        )
        conn.execute(
            db.assignments.insert().values(
                id="a1",
                position=0,
                title="A",
                release="/r",
                exercises="[]",
                counting="best",
                late_policy="[]",
                visibility="immediately",
                updated_at=0.0,
            )  # fmt: skip
        )
        ids["attempts"] = conn.execute(
            db.attempts.insert().values(
                student_id="s1",
                assignment_id="a1",
                submitted_at=0.0,
                late=False,
                files="[]",
                status="queued",
                tries=0,
                not_before=0.0,
            )  # fmt: skip
        ).inserted_primary_key[0]
        ids["regrade_runs"] = conn.execute(
            db.regrade_runs.insert().values(
                assignment_id="a1",
                release="/r",
                release_version="v",
                scope="all",
                status="open",
                created_by="ta",
                created_at=0.0,
            )  # fmt: skip
        ).inserted_primary_key[0]
        ids["regrade_results"] = conn.execute(
            db.regrade_results.insert().values(
                run_id=ids["regrade_runs"],
                attempt_id=ids["attempts"],
                assignment_id="a1",
                student_id="s1",
                counted=True,
                status="queued",
                tries=0,
                not_before=0.0,
            )  # fmt: skip
        ).inserted_primary_key[0]
        ids["regrade_requests"] = conn.execute(
            db.regrade_requests.insert().values(
                assignment_id="a1",
                student_id="s1",
                attempt_id=ids["attempts"],
                exercise="fusion",
                status="open",
                created_at=0.0,
            )  # fmt: skip
        ).inserted_primary_key[0]
    return engine, ids


def test_state_columns_hold_only_their_enums_states(
    db_kind: str,  # noqa: F811
    request: pytest.FixtureRequest,
    tmp_path: Path,
) -> None:
    args = db_args(db_kind, request)
    engine, ids = seeded(args[1] if args else f"sqlite:///{tmp_path / 'service.sqlite'}")
    try:
        for name, states in STATE_COLUMNS.items():
            table = db.metadata.tables[name]
            for state in states:  # every state of the enum is stored
                with engine.begin() as conn:
                    conn.execute(table.update().where(table.c.id == ids[name]).values(status=state))
            for bad in ("bogus", "Queued", "", "graded "):
                with pytest.raises(sa.exc.IntegrityError), engine.begin() as conn:
                    conn.execute(table.update().where(table.c.id == ids[name]).values(status=bad))
    finally:
        engine.dispose()
