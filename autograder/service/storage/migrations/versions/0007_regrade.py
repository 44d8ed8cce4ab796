"""Regrade runs: an assignment's attempts graded again under another release, kept apart from the
published results until a TA publishes them (`regrade_runs`, `regrade_results`)."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007_regrade"
down_revision = "0008_lti"  # order of merging: 0004, 0008_lti, 0007_regrade, 0005_term, 0006_audit
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "regrade_runs",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("assignment_id", sa.String(64), sa.ForeignKey("assignments.id"), nullable=False),
        sa.Column("release", sa.Text, nullable=False),
        sa.Column("release_version", sa.Text, nullable=False),
        sa.Column("scope", sa.String(8), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created_by", sa.Text, nullable=False),
        sa.Column("created_at", sa.Double, nullable=False),
        sa.Column("closed_by", sa.Text),
        sa.Column("closed_at", sa.Double),
    )
    op.create_table(
        "regrade_results",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("run_id", sa.Integer, sa.ForeignKey("regrade_runs.id"), nullable=False),
        sa.Column("attempt_id", sa.Integer, sa.ForeignKey("attempts.id"), nullable=False),
        sa.Column("assignment_id", sa.String(64), nullable=False),
        sa.Column("student_id", sa.String(128), nullable=False),
        sa.Column("counted", sa.Boolean, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("tries", sa.Integer, nullable=False),
        sa.Column("not_before", sa.Double, nullable=False),
        sa.Column("worker", sa.String(64)),
        sa.Column("lease_until", sa.Double),
        sa.Column("started_at", sa.Double),
        sa.Column("graded_at", sa.Double),
        sa.Column("score", sa.Double),
        sa.Column("max_score", sa.Double),
        sa.Column("grade_status", sa.Text),
        sa.Column("exercises", sa.Text),
        sa.Column("grades_row", sa.Text),
        sa.Column("subchecks", sa.Text),
        sa.Column("flags", sa.Text),
        sa.Column("error", sa.Text),
        sa.Column("out_dir", sa.Text),
        sa.Column("replaced", sa.Text),
        sa.UniqueConstraint("run_id", "attempt_id", name="regrade_results_one_per_attempt"),
    )
    op.create_index("regrade_results_queue", "regrade_results", ["status", "id"])


def downgrade() -> None:
    op.drop_index("regrade_results_queue", "regrade_results")
    op.drop_table("regrade_results")
    op.drop_table("regrade_runs")
