"""One copy of an attempt's points, and the LTI outbox's states as a CHECK (issue 28).

- `attempts.exercises` (a JSON copy of the points per exercise that `attempt_scores` holds as
  numbers since revision 0010) is dropped: the pages, the dashboard, the items page and the
  regrade diff read `attempt_scores`. An attempt whose JSON has no rows in `attempt_scores` (graded
  before 0010, then queued again by a TA's regrade, which 0010 did not fill) gets its rows from
  the JSON first, so no point a page showed is lost.
- `lti_scores.status` gets a CHECK from `LtiScoreState` (autograder/states.py): pending | sent |
  failed | held | withdraw | withdraw_failed. A row outside them stops the upgrade.

The values are written out here as they are at this revision. SQLite cannot drop a column or add a
CHECK in place: both tables are rebuilt in Alembic's batch mode (schema.py runs the upgrade with
SQLite's foreign keys off and checks them before it commits).
"""

from __future__ import annotations

import json

import sqlalchemy as sa
from alembic import op

revision = "0014_scores_one_copy"
down_revision = "0012_gradebook_state"
branch_labels = None
depends_on = None

LTI_SCORE_STATES = ("pending", "sent", "failed", "held", "withdraw", "withdraw_failed")
# the registry's order at this revision: the order a downgrade writes the JSON in
EXERCISE_ORDER = ("histogram", "recompile", "fusion", "safe_distance", "reduce_sum_rules",
                  "gammaln_callback", "silu_ffi", "ffi_lowering")  # fmt: skip

_attempts = sa.table("attempts", sa.column("id"), sa.column("exercises"))
_scores = sa.table("attempt_scores", sa.column("attempt_id"), sa.column("exercise"), sa.column("points"))


def points_of(exercises_json: str | None) -> dict[str, float | None]:
    """The points an `exercises` JSON holds ({} unless it is an object of numbers or nulls)."""
    try:
        doc = json.loads(exercises_json) if exercises_json else None
    except ValueError:
        return {}
    if not isinstance(doc, dict) or not all(v is None or isinstance(v, int | float) for v in doc.values()):
        return {}
    return {str(ex): None if v is None else float(v) for ex, v in doc.items()}


def upgrade() -> None:
    conn = op.get_bind()
    has_rows = sa.exists().where(_scores.c.attempt_id == _attempts.c.id)
    only_json = conn.execute(
        sa.select(_attempts.c.id, _attempts.c.exercises).where(_attempts.c.exercises.is_not(None), ~has_rows)
    ).all()
    values = [
        {"attempt_id": r.id, "exercise": ex, "points": points}
        for r in only_json
        for ex, points in sorted(points_of(r.exercises).items())
    ]
    if values:
        conn.execute(_scores.insert(), values)
    with op.batch_alter_table("attempts") as batch:
        batch.drop_column("exercises")
    states = ", ".join(f"'{s}'" for s in LTI_SCORE_STATES)
    with op.batch_alter_table("lti_scores") as batch:
        batch.create_check_constraint("ck_lti_scores_status", f"status IN ({states})")


def downgrade() -> None:
    with op.batch_alter_table("lti_scores") as batch:
        batch.drop_constraint("ck_lti_scores_status", type_="check")
    with op.batch_alter_table("attempts") as batch:
        batch.add_column(sa.Column("exercises", sa.Text))
    conn = op.get_bind()
    by: dict[int, dict[str, float | None]] = {}
    for r in conn.execute(sa.select(_scores.c.attempt_id, _scores.c.exercise, _scores.c.points)):
        by.setdefault(r.attempt_id, {})[r.exercise] = r.points
    rank = {ex: i for i, ex in enumerate(EXERCISE_ORDER)}
    for attempt_id, points in by.items():
        ordered = dict(sorted(points.items(), key=lambda kv: (rank.get(kv[0], len(rank)), kv[0])))
        own = _attempts.update().where(_attempts.c.id == attempt_id)
        conn.execute(own.values(exercises=json.dumps(ordered)))
