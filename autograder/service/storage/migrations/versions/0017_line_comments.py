"""Line comments (issue 45, section 1): one new table, nothing existing changes.

The table is written out here, not imported from `storage/line_comment_tables.py`, so later changes
there never change what this revision is.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0017_line_comments"
down_revision = "0015_lti_links"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "line_comments",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("attempt_id", sa.Integer, nullable=False),
        sa.Column("file", sa.Text, nullable=False),
        sa.Column("cell", sa.Integer, nullable=False),
        sa.Column("first_line", sa.Integer, nullable=False),
        sa.Column("last_line", sa.Integer, nullable=False),
        sa.Column("body", sa.Text, nullable=False),
        sa.Column("created_by", sa.Text, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("edited_by", sa.Text),
        sa.Column("edited_at", sa.Float),
        sa.CheckConstraint("first_line >= 1 AND last_line >= first_line", name="ck_line_comments_lines"),
    )
    op.create_index("line_comments_by_attempt", "line_comments", ["attempt_id", "id"])


def downgrade() -> None:
    op.drop_index("line_comments_by_attempt", table_name="line_comments")
    op.drop_table("line_comments")
