"""The baseline: the schema of the first service release (students, settings, attempts).

Its tables are written out here, not imported from `db.py`, so later changes to `db.py` never
change what this revision is. `schema.py` also compares an unversioned database with
`baseline_metadata()` to recognise one made before the schema was versioned.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001_baseline"
down_revision = None
branch_labels = None
depends_on = None


def baseline_metadata() -> sa.MetaData:
    md = sa.MetaData()
    sa.Table(
        "students",
        md,
        sa.Column("student_id", sa.String(128), primary_key=True),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("email", sa.Text, nullable=False),
        sa.Column("lms_id", sa.Text, nullable=False),
        sa.Column("sis_login_id", sa.Text, nullable=False),
        sa.Column("section", sa.Text, nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("created_at", sa.Double, nullable=False),
    )
    sa.Table(
        "settings",
        md,
        sa.Column("key", sa.String(64), primary_key=True),
        sa.Column("value", sa.Text, nullable=False),
    )
    attempts = sa.Table(
        "attempts",
        md,
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("student_id", sa.String(128), sa.ForeignKey("students.student_id"), nullable=False),
        sa.Column("submitted_at", sa.Double, nullable=False),
        sa.Column("late", sa.Boolean, nullable=False),
        sa.Column("files", sa.Text, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("tries", sa.Integer, nullable=False),
        sa.Column("not_before", sa.Double, nullable=False),
        sa.Column("worker", sa.String(64)),
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
    )
    sa.Index("attempts_queue", attempts.c.status, attempts.c.id)
    sa.Index("attempts_by_student", attempts.c.student_id, attempts.c.submitted_at)
    sa.Index(
        "attempts_one_running_per_student",
        attempts.c.student_id,
        unique=True,
        sqlite_where=attempts.c.status == "running",
        postgresql_where=attempts.c.status == "running",
    )
    return md


def upgrade() -> None:
    baseline_metadata().create_all(op.get_bind())


def downgrade() -> None:
    baseline_metadata().drop_all(op.get_bind())
