"""LTI account links and platform service origins (issue 43, sections 1 and 2).

`lti_links`: which LMS user (`sub`) of a platform (its issuer) is which roster account, one each
way (domain/lti/links.py). Only the linked `sub` signs the account in and receives its AGS scores.
The upgrade links what is certain: an LMS member whose `sub` is the roster's `lms_id` of the same
student. Every other member is linked again at the student's next launch (as a learner) or the next
roster sync, by the platform's matching rule and the new checks.

`lti_platforms.service_origins`: the origins this service may send requests to for a platform
besides those of its four URLs (domain/lti/platforms.py); empty for every existing platform.
"""

from __future__ import annotations

import time

import sqlalchemy as sa
from alembic import op

revision = "0015_lti_links"
down_revision = "0014_scores_one_copy"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("lti_platforms") as batch:
        batch.add_column(sa.Column("service_origins", sa.Text, nullable=False, server_default="[]"))
    op.create_table(
        "lti_links",
        sa.Column("issuer", sa.String(255), primary_key=True),
        sa.Column("student_id", sa.String(128), primary_key=True),
        sa.Column("sub", sa.String(255), nullable=False),
        sa.Column("linked_by", sa.String(32), nullable=False),
        sa.Column("linked_at", sa.Float, nullable=False),
        sa.UniqueConstraint("issuer", "sub", name="uq_lti_link_sub"),
    )
    conn = op.get_bind()
    certain = conn.execute(
        sa.text(
            "SELECT DISTINCT c.issuer, m.student_id, m.sub FROM lti_members m "
            "JOIN lti_contexts c ON c.id = m.context "
            "JOIN students s ON s.student_id = m.student_id AND s.lms_id = m.sub "
            "ORDER BY c.issuer, m.student_id, m.sub"
        )
    ).all()
    accounts: set[tuple[str, str]] = set()
    subs: set[tuple[str, str]] = set()
    now = time.time()
    for issuer, student_id, sub in certain:
        if len(issuer) > 255 or (issuer, student_id) in accounts or (issuer, sub) in subs:
            continue  # one link each way: a second candidate is left to the next launch or sync
        accounts.add((issuer, student_id))
        subs.add((issuer, sub))
        conn.execute(
            sa.text(
                "INSERT INTO lti_links (issuer, student_id, sub, linked_by, linked_at) "
                "VALUES (:issuer, :student_id, :sub, 'upgrade', :now)"
            ),
            {"issuer": issuer, "student_id": student_id, "sub": sub, "now": now},
        )


def downgrade() -> None:
    op.drop_table("lti_links")
    with op.batch_alter_table("lti_platforms") as batch:
        batch.drop_column("service_origins")
