"""Server-side session records (issue 32, section 5) and refused uploads per student (section 3).

`sessions`: a cookie is honoured only while its row is open, so a logout, a token reissue and a
TA's removal end it. Cookies made before this revision carry no session id and are refused (a new
log-in). `upload_refusals`: each upload refused on its contents, counted per student in a window of
its own. Only new tables: nothing existing changes.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013_sessions_refusals"
down_revision = "0009_lti_bindings"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "sessions",
        sa.Column("id_hash", sa.String(64), primary_key=True),
        sa.Column("role", sa.String(16), nullable=False),
        sa.Column("student_id", sa.String(128), nullable=False),
        sa.Column("ta_name", sa.String(64), nullable=False),
        sa.Column("created_at", sa.Double, nullable=False),
        sa.Column("last_seen_at", sa.Double, nullable=False),
        sa.Column("ended_at", sa.Double, nullable=True),
        sa.Column("ended_reason", sa.String(32), nullable=True),
        sa.CheckConstraint("role IN ('student', 'ta')", name="ck_sessions_role"),
    )
    op.create_index("sessions_by_created", "sessions", ["created_at"])
    op.create_table(
        "upload_refusals",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("student_id", sa.String(128), nullable=False),
        sa.Column("at", sa.Double, nullable=False),
        sa.Column("reason", sa.String(64), nullable=False),
    )
    op.create_index("upload_refusals_by_student", "upload_refusals", ["student_id", "at"])


def downgrade() -> None:
    op.drop_index("upload_refusals_by_student", table_name="upload_refusals")
    op.drop_table("upload_refusals")
    op.drop_index("sessions_by_created", table_name="sessions")
    op.drop_table("sessions")
