"""Quiz answers and rubric grading (issue 29): only new tables, nothing existing changes. A database
upgraded to it grades no quiz until a TA turns the quiz of an assignment on; answers of attempts
graded before the upgrade are read when a TA opens the grading page (`quiz_answers.backfill`).

The tables are written out here, not imported from `storage/quiz_tables.py`, so later changes there
never change what this revision is.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011_quiz_rubrics"
down_revision = "0013_sessions_refusals"  # branches were merged in this order: 0009, 0013, 0011
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "quiz_assignments",
        sa.Column("assignment_id", sa.String(64), primary_key=True),
        sa.Column("enabled_by", sa.Text, nullable=False),
        sa.Column("enabled_at", sa.Float, nullable=False),
    )
    op.create_table(
        "quiz_answers",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("attempt_id", sa.Integer, nullable=False),
        sa.Column("assignment_id", sa.String(64), nullable=False),
        sa.Column("student_id", sa.String(128), nullable=False),
        sa.Column("question", sa.String(16), nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("letters", sa.Text, nullable=False),
        sa.Column("chosen", sa.Text, nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("group_key", sa.String(64), nullable=False),
        sa.Column("points", sa.Float),
        sa.Column("max_points", sa.Float, nullable=False),
        sa.Column("read_at", sa.Float, nullable=False),
        sa.UniqueConstraint("attempt_id", "question", name="uq_quiz_answer"),
    )
    op.create_index("quiz_answers_by_question", "quiz_answers", ["assignment_id", "question"])
    op.create_table(
        "rubric_items",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("assignment_id", sa.String(64), nullable=False),
        sa.Column("question", sa.String(16), nullable=False),
        sa.Column("position", sa.Integer, nullable=False),
        sa.Column("points", sa.Float, nullable=False),
        sa.Column("description", sa.Text, nullable=False),
        sa.Column("key_item", sa.String(64), nullable=False),
        sa.Column("updated_by", sa.Text, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
        sa.UniqueConstraint("assignment_id", "question", "position", name="uq_rubric_item_position"),
    )
    op.create_table(
        "rubric_marks",
        sa.Column("answer_id", sa.Integer, primary_key=True),
        sa.Column("item_id", sa.Integer, primary_key=True),
        sa.Column("applied_by", sa.Text, nullable=False),
        sa.Column("applied_at", sa.Float, nullable=False),
    )
    op.create_index("rubric_marks_by_item", "rubric_marks", ["item_id"])
    op.create_table(
        "rubric_gradings",
        sa.Column("answer_id", sa.Integer, primary_key=True),
        sa.Column("comment", sa.Text, nullable=False),
        sa.Column("graded_by", sa.Text, nullable=False),
        sa.Column("graded_at", sa.Float, nullable=False),
    )
    op.create_table(
        "rubric_leases",
        sa.Column("answer_id", sa.Integer, primary_key=True),
        sa.Column("ta", sa.String(64), nullable=False),
        sa.Column("lease_until", sa.Float, nullable=False),
    )


def downgrade() -> None:
    for table in ("rubric_leases", "rubric_gradings", "rubric_marks", "rubric_items", "quiz_answers",
                  "quiz_assignments"):
        op.drop_table(table)
