"""The line comments' table (issue 45, section 1), on its own MetaData like the quiz tables: schema
revision 0017_line_comments creates it and 0019_line_comment_links adds the link and carry columns
(tests/test_service_migrations.py compares the two).

line_comments  a TA's comment on lines of one attempt: a code cell of an uploaded file (`file`, `cell`
               1-based among the file's code cells, as the TA's attempt page numbers them) or the
               grader's log (`file` "", `cell` 0); `first_line`..`last_line` 1-based, inclusive; the
               Markdown `body`; who wrote it and when, who edited it last and when. A deleted comment's
               row is removed; the audit log keeps what it said.
               `link_kind`/`link_ref`: an optional link, "rubric_item" with the item's id or "override"
               with the override's target (an exercise id or "total"), kept when the item changes or goes.
               `carried_from`: the comment of an earlier attempt a TA carried this one from (or NULL).
"""

from __future__ import annotations

import sqlalchemy as sa

metadata = sa.MetaData()

line_comments = sa.Table(
    "line_comments",
    metadata,
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
    sa.Column("link_kind", sa.Text),
    sa.Column("link_ref", sa.Text),
    sa.Column("carried_from", sa.Integer),
    sa.CheckConstraint("first_line >= 1 AND last_line >= first_line", name="ck_line_comments_lines"),
)
sa.Index("line_comments_by_attempt", line_comments.c.attempt_id, line_comments.c.id)
