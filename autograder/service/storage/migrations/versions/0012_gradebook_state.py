"""Gradebook state (issue 34): two new tables, nothing existing changes.

- `grade_shown`: a student's grade of an assignment that has been visible to them stays visible
  (an extension granted afterwards must not hide it again) until a TA un-releases the assignment.
- `release_moves`: a published regrade run moved the assignment to the run's release; later
  uploads are graded under it and points possible are its points. `course_release` is what the
  course file named when the move happened: a course file that names another release later wins.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012_gradebook_state"
down_revision = "0010_result_numbers"  # merged order: 0009, 0013, 0011, 0010, 0012
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "grade_shown",
        sa.Column("assignment_id", sa.String(64), sa.ForeignKey("assignments.id"), primary_key=True),
        sa.Column("student_id", sa.String(128), sa.ForeignKey("students.student_id"), primary_key=True),
        sa.Column("shown_at", sa.Double, nullable=False),
        sa.Column("why", sa.Text, nullable=False),
    )
    op.create_table(
        "release_moves",
        sa.Column("assignment_id", sa.String(64), sa.ForeignKey("assignments.id"), primary_key=True),
        sa.Column("release", sa.Text, nullable=False),
        sa.Column("release_version", sa.Text, nullable=False),
        sa.Column("course_release", sa.Text, nullable=False),
        sa.Column("run_id", sa.Integer, sa.ForeignKey("regrade_runs.id"), nullable=False),
        sa.Column("moved_by", sa.Text, nullable=False),
        sa.Column("moved_at", sa.Double, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("release_moves")
    op.drop_table("grade_shown")
