"""Alembic's environment: runs the revisions on the connection `schema.py` passes in.

Never opens its own connection, so the caller's transaction (and, on PostgreSQL, its advisory
lock) covers the whole upgrade.
"""

from __future__ import annotations

from alembic import context

from autograder.service.storage import db

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=db.metadata)
with context.begin_transaction():
    context.run_migrations()
