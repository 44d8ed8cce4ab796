"""The service database's schema version: check it at start-up, upgrade it only when asked.

The schema is versioned with Alembic (revisions in `service/migrations/versions/`, recorded in
the `alembic_version` table). At start-up a database is one of:

- empty (none of the service's tables): every revision is applied, the schema is created at head;
- at head: nothing to do;
- at an older known revision, or unversioned with exactly the baseline's tables (made before the
  schema was versioned): the service refuses to start unless `--upgrade-db` is given, because an
  upgrade is a step the operator takes knowingly, with a backup. A SQLite file is copied next to
  itself first (SQLite's DDL is not transactional under the Python driver);
- anything else (a revision this code does not know, e.g. written by a newer jaxgrade, or tables
  that are not the service's): `SchemaError`, the service does not start.

On PostgreSQL the check and the upgrade hold a transaction-scoped advisory lock, so two service
processes starting on one database cannot both upgrade it; PostgreSQL's DDL is transactional, so
a failed upgrade leaves the old schema.
"""

from __future__ import annotations

import logging
import sqlite3
from pathlib import Path

import sqlalchemy as sa
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
BASELINE = "0001_baseline"
SERVICE_TABLES = frozenset({"students", "settings", "attempts"})  # present in every revision
PG_LOCK_KEY = 0x6A617867  # "jaxg": the advisory lock of schema changes
log = logging.getLogger(__name__)


class SchemaError(ValueError):
    """The database cannot be used by this code as it is; the message says why and what to do."""


def alembic_config(connection: sa.Connection | None = None) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.attributes["connection"] = connection
    return cfg


def script_directory() -> ScriptDirectory:
    return ScriptDirectory.from_config(alembic_config())


def head_revision() -> str:
    head = script_directory().get_current_head()
    assert head is not None, "no revisions in service/migrations/versions"
    return head


def current_revision(conn: sa.Connection) -> str | None:
    """The database's recorded revision (None: unversioned or empty)."""
    heads = MigrationContext.configure(conn).get_current_heads()
    if len(heads) > 1:
        raise SchemaError(f"the database records several schema revisions {heads}; repair it by hand")
    return heads[0] if heads else None


def _is_unversioned_baseline(conn: sa.Connection) -> bool:
    """True when the service's tables are exactly the baseline revision's (same columns, types, indexes)."""
    module = script_directory().get_revision(BASELINE).module
    diff = compare_metadata(MigrationContext.configure(conn), module.baseline_metadata())
    return not [d for d in diff if not (isinstance(d, tuple) and d[0] == "remove_table")]


def _known(revision: str) -> bool:
    try:
        return script_directory().get_revision(revision) is not None
    except Exception:  # alembic raises ResolutionError / CommandError subclasses for unknown ids
        return False


def _backup_sqlite(conn: sa.Connection, target: Path) -> None:
    """A consistent copy of the SQLite database (sqlite3's online backup), before it is upgraded."""
    source = conn.connection.driver_connection
    assert isinstance(source, sqlite3.Connection)
    with sqlite3.connect(target) as dest:
        source.backup(dest)
    dest.close()


def _sqlite_file(engine: sa.Engine) -> Path | None:
    if engine.dialect.name != "sqlite" or not engine.url.database or engine.url.database == ":memory:":
        return None
    return Path(engine.url.database)


def prepare(engine: sa.Engine, *, upgrade: bool) -> str:
    """Bring the database to the head revision as described above; returns what was done
    ("created", "current" or "upgraded from <rev>"). Raises SchemaError when it will not."""
    if engine.dialect.name != "sqlite":
        with engine.begin() as conn:
            return _prepare(engine, conn, upgrade=upgrade)
    # SQLite rebuilds a table to add a CHECK or drop a column (Alembic's batch mode): with foreign
    # keys enforced, dropping the old table would fail on every row that references it. They are
    # switched off for the upgrade (only possible outside a transaction), checked before it commits.
    with engine.connect() as conn:
        conn.exec_driver_sql("PRAGMA foreign_keys=OFF")
        conn.commit()
        try:
            with conn.begin():
                done = _prepare(engine, conn, upgrade=upgrade)
                broken = [] if done == "current" else conn.exec_driver_sql("PRAGMA foreign_key_check").all()
                if broken:
                    raise SchemaError(f"the upgrade left rows that reference nothing: {broken[:5]}")
        finally:
            conn.exec_driver_sql("PRAGMA foreign_keys=ON")
            conn.commit()
    return done


def _prepare(engine: sa.Engine, conn: sa.Connection, *, upgrade: bool) -> str:
    head = head_revision()
    if engine.dialect.name == "postgresql":
        conn.execute(sa.text("SELECT pg_advisory_xact_lock(:key)"), {"key": PG_LOCK_KEY})
    current = current_revision(conn)
    tables = set(sa.inspect(conn).get_table_names())
    if current is None and not tables & SERVICE_TABLES:
        command.upgrade(alembic_config(conn), "head")
        log.info("service database created at schema revision %s", head)
        return "created"
    if current is None:
        if not _is_unversioned_baseline(conn):
            raise SchemaError(
                "the database has tables named like the service's but no schema version and not the "
                "first release's columns: not a jaxgrade service database this code knows; "
                "refusing to start"
            )
        current = BASELINE
    elif not _known(current):
        raise SchemaError(
            f"the database is at schema revision {current!r}, which this jaxgrade does not know "
            f"(its newest is {head!r}; was it written by a newer jaxgrade?); refusing to start"
        )
    cfg = alembic_config(conn)
    if current == head:
        if current_revision(conn) is None:
            command.stamp(cfg, BASELINE)  # adds only the version table
        return "current"
    if not upgrade:
        raise SchemaError(
            f"the database is at schema revision {current!r} and this jaxgrade needs {head!r}: "
            "back it up, then start once with --upgrade-db to upgrade it (nothing in it is lost)"
        )
    sqlite_file = _sqlite_file(engine)
    if sqlite_file is not None:
        _backup_sqlite(conn, sqlite_file.with_name(f"{sqlite_file.name}.before-{head}"))
    if current == BASELINE and current_revision(conn) is None:
        command.stamp(cfg, BASELINE)
    command.upgrade(cfg, "head")
    log.info("service database upgraded from schema revision %s to %s", current, head)
    return f"upgraded from {current}"
