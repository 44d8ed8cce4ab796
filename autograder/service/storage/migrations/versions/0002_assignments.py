"""Assignments: a term holds several; every attempt belongs to one.

A database of the single-assignment service gets one assignment, FIRST_ASSIGNMENT, and all its
attempts become that assignment's. Its release and deadlines are not in the old database (they
were command-line flags): the service fills them in at start-up from `--release`/`--deadline`.
"""

from __future__ import annotations

import time

import sqlalchemy as sa
from alembic import op

revision = "0002_assignments"
down_revision = "0001_baseline"
branch_labels = None
depends_on = None

FIRST_ASSIGNMENT = "a1"


def upgrade() -> None:
    assignments = op.create_table(
        "assignments",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("position", sa.Integer, nullable=False),
        sa.Column("title", sa.Text, nullable=False),
        sa.Column("release", sa.Text, nullable=False),
        sa.Column("exercises", sa.Text, nullable=False),
        sa.Column("opens_at", sa.Double),
        sa.Column("due_at", sa.Double),
        sa.Column("late_until", sa.Double),
        sa.Column("late_policy", sa.Text, nullable=False),
        sa.Column("counting", sa.String(8), nullable=False),
        sa.Column("visibility", sa.String(16), nullable=False),
        sa.Column("updated_at", sa.Double, nullable=False),
    )
    # SQLite cannot add a foreign key in place: batch mode copies the table (PostgreSQL alters it).
    with op.batch_alter_table("attempts") as batch:
        batch.add_column(sa.Column("assignment_id", sa.String(64)))
        batch.create_foreign_key("attempts_assignment_id_fkey", "assignments", ["assignment_id"], ["id"])
    op.create_index("attempts_by_assignment", "attempts", ["assignment_id", "student_id"])
    bind = op.get_bind()
    if bind.execute(sa.text("SELECT COUNT(*) FROM attempts")).scalar_one() == 0:
        return
    op.bulk_insert(
        assignments,
        [
            {
                "id": FIRST_ASSIGNMENT,
                "position": 1,
                "title": "Assignment 1",
                "release": "",
                "exercises": "[]",
                "late_policy": "null",  # no schedule: late attempts count only without an on-time one
                "counting": "last",
                "visibility": "immediately",
                "updated_at": time.time(),
            }
        ],
    )
    bind.execute(sa.text("UPDATE attempts SET assignment_id = :a"), {"a": FIRST_ASSIGNMENT})


def downgrade() -> None:
    op.drop_index("attempts_by_assignment", table_name="attempts")
    with op.batch_alter_table("attempts") as batch:
        batch.drop_column("assignment_id")
    op.drop_table("assignments")
