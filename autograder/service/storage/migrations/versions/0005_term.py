"""A term of several assignments: `grade_releases`, the assignments whose grades a TA released."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005_term"
down_revision = "0007_regrade"  # order of merging: 0004, 0008_lti, 0007_regrade, 0005_term, 0006_audit
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "grade_releases",
        sa.Column("assignment_id", sa.String(64), sa.ForeignKey("assignments.id"), primary_key=True),
        sa.Column("released_at", sa.Double, nullable=False),
        sa.Column("released_by", sa.Text, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("grade_releases")
