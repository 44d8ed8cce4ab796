"""Named TAs, the append-only audit log, score overrides and regrade requests (#22, part B).

`tas` (a token per named TA), `audit_log` (with triggers that refuse UPDATE and DELETE),
`overrides`, `regrade_requests` and their `regrade_request_messages`. Only new tables: nothing
existing changes, so an upgrade loses nothing.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006_audit"
down_revision = "0005_term"  # revisions were written on parallel branches; this is their merged order
branch_labels = None
depends_on = None

# A copy of db.AUDIT_APPEND_ONLY_DDL as it was when this revision was written (revisions are frozen).
APPEND_ONLY = {
    "sqlite": [
        "CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log "
        "BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END",
        "CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log "
        "BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END",
    ],
    "postgresql": [
        "CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS "
        "$$ BEGIN RAISE EXCEPTION 'audit_log is append-only'; END $$",
        "CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log "
        "FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()",
        "CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log "
        "FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only()",
    ],
}


def upgrade() -> None:
    op.create_table(
        "tas",
        sa.Column("name", sa.String(64), primary_key=True),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("created_at", sa.Double, nullable=False),
    )
    op.create_table(
        "audit_log",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("at", sa.Double, nullable=False),
        sa.Column("actor", sa.Text, nullable=False),
        sa.Column("action", sa.String(32), nullable=False),
        sa.Column("assignment_id", sa.String(64)),
        sa.Column("student_id", sa.String(128)),
        sa.Column("attempt_id", sa.Integer),
        sa.Column("detail", sa.Text, nullable=False),
        sa.Column("old", sa.Text),
        sa.Column("new", sa.Text),
    )
    op.create_index("audit_log_by_student", "audit_log", ["student_id", "id"])
    for statement in APPEND_ONLY.get(op.get_bind().dialect.name, []):
        op.execute(statement)
    op.create_table(
        "overrides",
        sa.Column("assignment_id", sa.String(64), sa.ForeignKey("assignments.id"), primary_key=True),
        sa.Column("student_id", sa.String(128), sa.ForeignKey("students.student_id"), primary_key=True),
        sa.Column("target", sa.String(64), primary_key=True),
        sa.Column("points", sa.Double, nullable=False),
        sa.Column("comment", sa.Text, nullable=False),
        sa.Column("attempt_id", sa.Integer),
        sa.Column("set_by", sa.Text, nullable=False),
        sa.Column("set_at", sa.Double, nullable=False),
    )
    op.create_table(
        "regrade_requests",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("assignment_id", sa.String(64), sa.ForeignKey("assignments.id"), nullable=False),
        sa.Column("student_id", sa.String(128), sa.ForeignKey("students.student_id"), nullable=False),
        sa.Column("attempt_id", sa.Integer, sa.ForeignKey("attempts.id"), nullable=False),
        sa.Column("exercise", sa.String(64), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created_at", sa.Double, nullable=False),
        sa.Column("resolved_at", sa.Double),
        sa.Column("resolved_by", sa.Text),
    )
    op.create_index("regrade_requests_by_status", "regrade_requests", ["status", "id"])
    op.create_table(
        "regrade_request_messages",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("request_id", sa.Integer, sa.ForeignKey("regrade_requests.id"), nullable=False),
        sa.Column("author", sa.Text, nullable=False),
        sa.Column("body", sa.Text, nullable=False),
        sa.Column("at", sa.Double, nullable=False),
    )
    op.create_index("regrade_request_messages_by_request", "regrade_request_messages", ["request_id"])


def downgrade() -> None:
    op.drop_index("regrade_request_messages_by_request", "regrade_request_messages")
    op.drop_table("regrade_request_messages")
    op.drop_index("regrade_requests_by_status", "regrade_requests")
    op.drop_table("regrade_requests")
    op.drop_table("overrides")
    op.drop_index("audit_log_by_student", "audit_log")
    op.drop_table("audit_log")  # its triggers go with it
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP FUNCTION audit_log_append_only()")
    op.drop_table("tas")
