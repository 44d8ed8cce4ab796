"""Alembic revisions of the service database (`env.py`, `versions/`); applied by `service/schema.py`.

A new revision: copy the newest file in `versions/`, give it a new `revision` and the old one as
`down_revision`, and write `upgrade()` with `op.*` calls that work on SQLite and PostgreSQL
(`op.batch_alter_table` for anything SQLite cannot ALTER). `tests/test_service_migrations.py`
checks that the revisions build exactly `db.py`'s tables.
"""
