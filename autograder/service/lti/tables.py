"""The LTI tables, on their own MetaData so they can become one schema migration of their own."""

from __future__ import annotations

import sqlalchemy as sa

metadata = sa.MetaData()

platforms = sa.Table(
    "lti_platforms",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("issuer", sa.Text, nullable=False),
    sa.Column("client_id", sa.Text, nullable=False),
    sa.Column("auth_login_url", sa.Text, nullable=False),
    sa.Column("auth_token_url", sa.Text, nullable=False),
    sa.Column("keyset_url", sa.Text, nullable=False),
    sa.Column("deployment_ids", sa.Text, nullable=False),  # JSON list of strings
    sa.Column("created_at", sa.Float, nullable=False),  # unix seconds
    sa.Column("updated_at", sa.Float, nullable=False),
    sa.UniqueConstraint("issuer", "client_id", name="uq_lti_platform"),
)

tool_keys = sa.Table(
    "lti_tool_keys",
    metadata,
    sa.Column("kid", sa.Text, primary_key=True),  # the public JWK's RFC 7638 thumbprint
    sa.Column("private_pem", sa.Text, nullable=False),
    sa.Column("public_jwk", sa.Text, nullable=False),  # JSON
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("retired_at", sa.Float, nullable=True),  # set by a rotation; still published for a while
)


def ensure_tables(engine: sa.Engine) -> None:
    metadata.create_all(engine)
