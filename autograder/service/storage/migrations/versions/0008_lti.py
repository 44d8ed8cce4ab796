"""LTI 1.3: the platforms and tool keys (made by `jaxgrade lti` before they were under the
migrations: kept when present), the launch state, the courses seen, their members and line items,
the score outbox and the launches of users not on the roster.

The tables are written out here, not imported from `lti/tables.py`, so later changes there never
change what this revision is.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008_lti"
down_revision = "0004_leases"
branch_labels = None
depends_on = None
DEFAULT_MATCH_ON = "lms_id,sis_login_id,email"


def lti_metadata() -> sa.MetaData:  # over 80 lines: this revision's tables written out, one sa.Table each
    md = sa.MetaData()

    sa.Table(
        "lti_platforms",
        md,
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("issuer", sa.Text, nullable=False),
        sa.Column("client_id", sa.Text, nullable=False),
        sa.Column("auth_login_url", sa.Text, nullable=False),
        sa.Column("auth_token_url", sa.Text, nullable=False),
        sa.Column("keyset_url", sa.Text, nullable=False),
        sa.Column("deployment_ids", sa.Text, nullable=False),  # JSON list of strings
        sa.Column("match_on", sa.Text, nullable=False, server_default=DEFAULT_MATCH_ON),
        sa.Column("created_at", sa.Float, nullable=False),  # unix seconds
        sa.Column("updated_at", sa.Float, nullable=False),
        sa.UniqueConstraint("issuer", "client_id", name="uq_lti_platform"),
    )

    sa.Table(
        "lti_tool_keys",
        md,
        sa.Column("kid", sa.Text, primary_key=True),  # the public JWK's RFC 7638 thumbprint
        sa.Column("private_pem", sa.Text, nullable=False),
        sa.Column("public_jwk", sa.Text, nullable=False),  # JSON
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("retired_at", sa.Float, nullable=True),  # set by a rotation; still published for a while
    )

    sa.Table(
        "lti_launch_data",
        md,
        sa.Column("key", sa.String(255), primary_key=True),
        sa.Column("value", sa.Text, nullable=False),  # JSON
        sa.Column("expires_at", sa.Float, nullable=False),
    )

    sa.Table(
        "lti_contexts",
        md,
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("issuer", sa.Text, nullable=False),
        sa.Column("client_id", sa.Text, nullable=False),
        sa.Column("deployment_id", sa.Text, nullable=False),
        sa.Column("context_id", sa.Text, nullable=False),
        sa.Column("title", sa.Text, nullable=False),
        sa.Column("ags", sa.Text, nullable=True),  # JSON: the AGS endpoint claim (lineitems, scope)
        sa.Column("nrps_url", sa.Text, nullable=True),
        sa.Column("updated_at", sa.Float, nullable=False),
        sa.UniqueConstraint("issuer", "client_id", "context_id", name="uq_lti_context"),
    )

    members = sa.Table(
        "lti_members",
        md,
        sa.Column("context", sa.Integer, sa.ForeignKey("lti_contexts.id"), primary_key=True),
        sa.Column("sub", sa.String(255), primary_key=True),
        sa.Column("student_id", sa.String(128), nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    sa.Index("lti_members_by_student", members.c.student_id)

    sa.Table(
        "lti_line_items",
        md,
        sa.Column("context", sa.Integer, sa.ForeignKey("lti_contexts.id"), primary_key=True),
        sa.Column("assignment_id", sa.String(64), primary_key=True),
        sa.Column("url", sa.Text, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )

    scores = sa.Table(
        "lti_scores",
        md,
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("context", sa.Integer, sa.ForeignKey("lti_contexts.id"), nullable=False),
        sa.Column("assignment_id", sa.String(64), nullable=False),
        sa.Column("student_id", sa.String(128), nullable=False),
        sa.Column("sub", sa.String(255), nullable=False),
        sa.Column("score", sa.Float, nullable=False),  # the final score wanted in the LMS
        sa.Column("max_score", sa.Float, nullable=False),
        sa.Column("changed_at", sa.Float, nullable=False),  # the AGS timestamp of this score
        sa.Column("status", sa.String(16), nullable=False),  # pending | sent | failed | held
        sa.Column("tries", sa.Integer, nullable=False),
        sa.Column("not_before", sa.Float, nullable=False),
        sa.Column("claimed_until", sa.Float, nullable=True),  # a sender holds it until then
        sa.Column("last_error", sa.Text, nullable=True),
        sa.Column("sent_score", sa.Float, nullable=True),  # what the LMS has (None: nothing sent yet)
        sa.Column("sent_at", sa.Float, nullable=True),
        sa.UniqueConstraint("context", "assignment_id", "student_id", name="uq_lti_score"),
    )
    sa.Index("lti_scores_due", scores.c.status, scores.c.not_before)

    sa.Table(
        "lti_unmatched",
        md,
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("issuer", sa.Text, nullable=False),
        sa.Column("sub", sa.Text, nullable=False),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("email", sa.Text, nullable=False),
        sa.Column("detail", sa.Text, nullable=False),  # JSON: the identifiers the launch carried, the reason
        sa.Column("at", sa.Float, nullable=False),
    )
    return md


def upgrade() -> None:
    bind = op.get_bind()
    present = set(sa.inspect(bind).get_table_names())
    if "lti_platforms" in present:
        columns = {c["name"] for c in sa.inspect(bind).get_columns("lti_platforms")}
        if "match_on" not in columns:  # made by `jaxgrade lti add-platform` of an earlier version
            with op.batch_alter_table("lti_platforms") as batch:
                batch.add_column(
                    sa.Column("match_on", sa.Text, nullable=False, server_default=DEFAULT_MATCH_ON)
                )
    md = lti_metadata()
    md.create_all(bind, tables=[t for t in md.sorted_tables if t.name not in present])


def downgrade() -> None:
    lti_metadata().drop_all(op.get_bind())
