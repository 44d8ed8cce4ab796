"""One way back from grading (issue 42, section 2): a graded attempt's artefacts (feedback, the
grader's log, fingerprints, quiz scores, maxima) are blobs, named in one new nullable column of
`attempts` and of `regrade_results` (JSON {kind: sha256}). Existing rows keep NULL: they were
graded before the service kept artefacts and show no feedback until they are graded again. The
`out_dir` columns stay (nothing reads them): dropping a column is a table rebuild on SQLite.

It follows 0019_line_comment_links, which was committed first on top of 0017: one line of
revisions, one head (two revisions on 0017 would leave the schema with two heads).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0018_graded_artefacts"
down_revision = "0019_line_comment_links"
branch_labels = None
depends_on = None


def upgrade() -> None:
    for table in ("attempts", "regrade_results"):
        with op.batch_alter_table(table) as batch:  # SQLite needs the batch form to add a column
            batch.add_column(sa.Column("artefacts", sa.Text))


def downgrade() -> None:
    for table in ("attempts", "regrade_results"):
        with op.batch_alter_table(table) as batch:
            batch.drop_column("artefacts")
