"""The service tests' databases: SQLite (the default) and a throwaway PostgreSQL server (pg.py).

A module uses the fixtures by importing them (`from helpers.databases import db_kind, postgres`).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator

import pytest

from .pg import PostgresServer, missing_prerequisite


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresServer]:
    why = missing_prerequisite()
    if why:
        print(f"PostgreSQL tests skipped: {why}", file=sys.stderr)
        pytest.skip(why)
    server = PostgresServer().start()
    yield server
    server.stop()


@pytest.fixture(params=["sqlite", "postgresql"], scope="module")
def db_kind(request: pytest.FixtureRequest) -> str:
    return str(request.param)


def db_args(kind: str, request: pytest.FixtureRequest) -> list[str]:
    """`jaxgrade serve` arguments for a database of this kind (a new PostgreSQL database each call)."""
    if kind == "sqlite":
        return []
    pg: PostgresServer = request.getfixturevalue("postgres")
    return ["--db", pg.new_database()]
