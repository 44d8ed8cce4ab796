"""Extensions: one student's own due-at and late-until for one assignment."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003_extensions"
down_revision = "0002_assignments"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "extensions",
        sa.Column("assignment_id", sa.String(64), sa.ForeignKey("assignments.id"), primary_key=True),
        sa.Column("student_id", sa.String(128), sa.ForeignKey("students.student_id"), primary_key=True),
        sa.Column("due_at", sa.Double, nullable=False),
        sa.Column("late_until", sa.Double),
        sa.Column("granted_by", sa.Text, nullable=False),
        sa.Column("granted_at", sa.Double, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("extensions")
