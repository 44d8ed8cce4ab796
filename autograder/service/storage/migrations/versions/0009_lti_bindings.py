"""LTI context bindings (issue 32): the LMS contexts bound to this service's course. Only a new
table: nothing existing changes. A database upgraded to it has no binding, so its LMS launches are
refused until an admin binds the course (`jaxgrade lti bind-context`), as the upgrade notes say.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009_lti_bindings"
down_revision = "0006_audit"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "lti_bindings",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("issuer", sa.String(255), nullable=False),
        sa.Column("deployment_id", sa.String(255), nullable=False),
        sa.Column("context_id", sa.String(255), nullable=False),
        sa.Column("bound_by", sa.String(128), nullable=False),
        sa.Column("bound_at", sa.Float, nullable=False),
        sa.UniqueConstraint("issuer", "deployment_id", "context_id", name="uq_lti_binding"),
    )


def downgrade() -> None:
    op.drop_table("lti_bindings")
