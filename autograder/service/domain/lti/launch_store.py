"""pylti1p3's launch data (the OIDC state and nonce, validated launches) in `lti_launch_data`, so that
the OIDC login, the launch and a later request may be served by different service processes.

The web floor's adapter (`web/lti/storage.py`) gives pylti1p3 the storage interface it expects and
calls these; each is one connection or one transaction of its own.

    read(service, key, now) -> value or None      a key alive at `now`
    write(service, key, value, now, lifetime_s)   set it (expired rows of every key are deleted first)
    consume(service, key, now) -> bool            delete it; True only for the one caller that found it alive

The web floor hands over the `Service`, never its engine (it imports no SQLAlchemy).
"""

from __future__ import annotations

import json
from typing import Any

import sqlalchemy as sa

from autograder.service.domain.course.service_database import HoldsDatabase
from autograder.service.storage.lti_tables import launch_data

MAX_KEY_CHARS = 255


def _key(key: str) -> str:
    return key[:MAX_KEY_CHARS]


def read(service: HoldsDatabase, key: str, now: float) -> Any:
    """The value stored under `key` (JSON-decoded), or None when it is absent or expired."""
    with service.engine.connect() as conn:
        row = conn.execute(
            sa.select(launch_data.c.value).where(
                launch_data.c.key == _key(key), launch_data.c.expires_at > now
            )
        ).first()
    return None if row is None else json.loads(row.value)


def write(service: HoldsDatabase, key: str, value: Any, now: float, lifetime_s: float) -> None:
    """Store `value` under `key` until `now + lifetime_s`; the rows expired by `now` go in the same
    transaction, so the table holds at most one lifetime's worth of logins."""
    row = {"value": json.dumps(value), "expires_at": now + lifetime_s}
    with service.engine.begin() as conn:
        conn.execute(launch_data.delete().where(launch_data.c.expires_at <= now))
        k = _key(key)
        if conn.execute(launch_data.update().where(launch_data.c.key == k).values(**row)).rowcount == 0:
            conn.execute(launch_data.insert().values(key=k, **row))


def consume(service: HoldsDatabase, key: str, now: float) -> bool:
    """Delete `key`; True only for the one caller that found it alive (a nonce works once)."""
    with service.engine.begin() as conn:
        n = conn.execute(
            launch_data.delete().where(launch_data.c.key == _key(key), launch_data.c.expires_at > now)
        ).rowcount
    return n == 1
