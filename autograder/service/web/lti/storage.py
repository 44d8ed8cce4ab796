"""pylti1p3's launch data storage in the service database, so that the OIDC login, the launch and a
later request may be served by different service processes.

Keys are global (no per-browser session id): the state is bound to the browser by pylti1p3's state
cookie, and the nonce is random and single-use. `consume` makes the nonce single-use: the library
itself only checks that a nonce exists, so a replayed id_token would pass without it.
"""

from __future__ import annotations

import json
import time
from typing import Any

import sqlalchemy as sa
from pylti1p3.launch_data_storage.base import LaunchDataStorage
from pylti1p3.session import SessionService

from autograder.service.domain.lti.tables import launch_data

DEFAULT_LIFETIME_S = 3600.0
MAX_KEY_CHARS = 255


class DbLaunchDataStorage(LaunchDataStorage[Any]):
    def __init__(self, engine: sa.Engine) -> None:
        super().__init__()
        self.engine = engine

    def get_session_cookie_name(self) -> str | None:
        return None  # see the module docstring

    def can_set_keys_expiration(self) -> bool:
        return True

    def _key(self, key: str) -> str:
        return self._prepare_key(key)[:MAX_KEY_CHARS]

    def get_value(self, key: str) -> Any:
        with self.engine.connect() as conn:
            row = conn.execute(
                sa.select(launch_data.c.value).where(
                    launch_data.c.key == self._key(key), launch_data.c.expires_at > time.time()
                )
            ).first()
        return None if row is None else json.loads(row.value)

    def set_value(self, key: str, value: Any, exp: int | None = None) -> None:
        now = time.time()
        row = {"value": json.dumps(value), "expires_at": now + (exp or DEFAULT_LIFETIME_S)}
        with self.engine.begin() as conn:
            conn.execute(launch_data.delete().where(launch_data.c.expires_at <= now))
            k = self._key(key)
            if conn.execute(launch_data.update().where(launch_data.c.key == k).values(**row)).rowcount == 0:
                conn.execute(launch_data.insert().values(key=k, **row))

    def check_value(self, key: str) -> bool:
        return self.get_value(key) is not None

    def consume(self, key: str) -> bool:
        """Delete the key; True only for the one caller that found it alive."""
        with self.engine.begin() as conn:
            n = conn.execute(
                launch_data.delete().where(
                    launch_data.c.key == self._key(key), launch_data.c.expires_at > time.time()
                )
            ).rowcount
        return n == 1


class OneTimeNonceSessionService(SessionService):
    """pylti1p3's session service on the database storage, with nonces that work once."""

    def __init__(self, request: Any, engine: sa.Engine) -> None:
        super().__init__(request)
        self.storage = DbLaunchDataStorage(engine)
        self.storage.set_request(request)
        self.set_data_storage(self.storage)

    def check_nonce(self, nonce: str) -> bool:
        return self.storage.consume(self._get_key("nonce", nonce))
