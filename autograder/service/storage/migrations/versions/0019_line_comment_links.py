"""Line comments (issue 45, section 1): a comment's optional link to a rubric item or an override,
and the comment of an earlier attempt it was carried from. Three nullable columns; existing rows
keep no link and no origin.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0019_line_comment_links"
down_revision = "0017_line_comments"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("line_comments") as batch:
        batch.add_column(sa.Column("link_kind", sa.Text))
        batch.add_column(sa.Column("link_ref", sa.Text))
        batch.add_column(sa.Column("carried_from", sa.Integer))


def downgrade() -> None:
    with op.batch_alter_table("line_comments") as batch:
        batch.drop_column("carried_from")
        batch.drop_column("link_ref")
        batch.drop_column("link_kind")
