"""Leases for several service processes on one database: `attempts.lease_until`, one `gradings` row
per claim (the record that every attempt was graded once), and the pages' failed log-ins shared
by every process (`login_failures`)."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004_leases"
down_revision = "0003_extensions"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("attempts") as batch:  # SQLite needs the batch form to add a column
        batch.add_column(sa.Column("lease_until", sa.Double))
    op.create_table(
        "gradings",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("attempt_id", sa.Integer, sa.ForeignKey("attempts.id"), nullable=False),
        sa.Column("try", sa.Integer, nullable=False),
        sa.Column("worker", sa.String(64), nullable=False),
        sa.Column("claimed_at", sa.Double, nullable=False),
        sa.Column("finished_at", sa.Double),
        sa.Column("outcome", sa.String(16)),
    )
    op.create_index("gradings_by_attempt", "gradings", ["attempt_id"])
    op.create_table(
        "login_failures",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("client", sa.String(64), nullable=False),
        sa.Column("at", sa.Double, nullable=False),
    )
    op.create_index("login_failures_by_client", "login_failures", ["client", "at"])


def downgrade() -> None:
    op.drop_table("login_failures")
    op.drop_index("gradings_by_attempt", "gradings")
    op.drop_table("gradings")
    with op.batch_alter_table("attempts") as batch:
        batch.drop_column("lease_until")
