"""Scores as numbers, and the state machines as CHECKs (issue 28).

- `attempt_scores`: a graded attempt's points per exercise, one numeric row each (NULL: skipped).
  Filled for every graded attempt already stored, from its `exercises` JSON (the numbers the worker
  read), or, where that is missing or unreadable, by parsing the `grades_row` cells it kept.
- `attempts.grades_row` and `regrade_results.grades_row` (grades.csv cells written for people) are
  dropped: exports format the numbers through the ledger.
- CHECK constraints from the state enums (autograder/states.py): `attempts.status` and
  `regrade_results.status` (AttemptState), `regrade_runs.status` (RegradeRunState),
  `regrade_requests.status` (RegradeRequestState). A row outside them stops the upgrade (the
  database would hold a state no code knows).

The values are written out here as they are at this revision: a later change of an enum needs a
revision of its own. SQLite cannot add a CHECK or drop a column in place, so those tables are
rebuilt in Alembic's batch mode (schema.py runs the upgrade with SQLite's foreign keys off and
checks them before it commits).
"""

from __future__ import annotations

import json
import math

import sqlalchemy as sa
from alembic import op

revision = "0010_result_numbers"
down_revision = "0011_quiz_rubrics"  # merged order: 0009, 0013, 0011, 0010
branch_labels = None
depends_on = None

ATTEMPT_STATES = ("queued", "running", "graded", "grader_error")
RUN_STATES = ("open", "published", "cancelled")
REQUEST_STATES = ("open", "resolved")
# grades.csv columns when the cells were stored: student_id, these exercises, total, max_total, status
CELL_EXERCISES = ("histogram", "recompile", "fusion", "safe_distance", "reduce_sum_rules",
                  "gammaln_callback", "silu_ffi", "ffi_lowering")  # fmt: skip
CHECKS = {
    "attempts": ("ck_attempts_status", ATTEMPT_STATES),
    "regrade_results": ("ck_regrade_results_status", ATTEMPT_STATES),
    "regrade_runs": ("ck_regrade_runs_status", RUN_STATES),
    "regrade_requests": ("ck_regrade_requests_status", REQUEST_STATES),
}


def _check(states: tuple[str, ...]) -> str:
    return "status IN ({})".format(", ".join(f"'{s}'" for s in states))


def _number(cell: str) -> float | None:
    """A grades.csv score cell ("" for an exercise without a score) as a number."""
    cell = cell.strip()
    if not cell:
        return None
    value = float(cell)
    if not math.isfinite(value):
        raise ValueError(f"score cell {cell!r} is not a finite number")
    return value


def points_of(exercises_json: str | None, grades_row_json: str | None) -> dict[str, float | None]:
    """The attempt's points per exercise: its `exercises` JSON when it holds an object of numbers,
    else its grades.csv cells parsed; {} when neither is there."""
    try:
        doc = json.loads(exercises_json) if exercises_json else None
    except ValueError:
        doc = None
    if isinstance(doc, dict) and all(v is None or isinstance(v, int | float) for v in doc.values()):
        return {str(ex): None if v is None else float(v) for ex, v in doc.items()}
    cells = json.loads(grades_row_json) if grades_row_json else None
    if not isinstance(cells, list) or len(cells) != 1 + len(CELL_EXERCISES) + 3:
        return {}
    return {ex: _number(str(cell)) for ex, cell in zip(CELL_EXERCISES, cells[1:], strict=False)}


def upgrade() -> None:
    op.create_table(
        "attempt_scores",
        sa.Column("attempt_id", sa.Integer, sa.ForeignKey("attempts.id"), primary_key=True),
        sa.Column("exercise", sa.String(64), primary_key=True),
        sa.Column("points", sa.Double),
    )
    conn = op.get_bind()
    attempts = sa.table(
        "attempts", sa.column("id"), sa.column("status"), sa.column("exercises"), sa.column("grades_row")
    )
    scores = sa.table("attempt_scores", sa.column("attempt_id"), sa.column("exercise"), sa.column("points"))
    rows = conn.execute(
        sa.select(attempts.c.id, attempts.c.exercises, attempts.c.grades_row).where(
            attempts.c.status == "graded"
        )
    ).all()
    values = [
        {"attempt_id": r.id, "exercise": ex, "points": points}
        for r in rows
        for ex, points in sorted(points_of(r.exercises, r.grades_row).items())
    ]
    if values:
        conn.execute(scores.insert(), values)
    for table, (name, states) in CHECKS.items():
        with op.batch_alter_table(table) as batch:
            if table in ("attempts", "regrade_results"):
                batch.drop_column("grades_row")
            batch.create_check_constraint(name, _check(states))


def downgrade() -> None:
    for table, (name, _states) in CHECKS.items():
        with op.batch_alter_table(table) as batch:
            batch.drop_constraint(name, type_="check")
            if table in ("attempts", "regrade_results"):
                batch.add_column(sa.Column("grades_row", sa.Text))
    op.drop_table("attempt_scores")
