"""pylti1p3's launch data storage in the service database, so that the OIDC login, the launch and a
later request may be served by different service processes.

Keys are global (no per-browser session id): the state is bound to the browser by pylti1p3's state
cookie, and the nonce is random and single-use. `consume` makes the nonce single-use: the library
itself only checks that a nonce exists, so a replayed id_token would pass without it.

The SQL is the domain's (`domain/lti/launch_store.py`); this module is the adapter pylti1p3 calls.
"""

from __future__ import annotations

import time
from typing import Any

from pylti1p3.launch_data_storage.base import LaunchDataStorage
from pylti1p3.session import SessionService

from autograder.service.domain.core import Service
from autograder.service.domain.lti import launch_store

DEFAULT_LIFETIME_S = 3600.0


class DbLaunchDataStorage(LaunchDataStorage[Any]):
    """pylti1p3's storage interface over `domain/lti/launch_store.py` (which holds the SQL)."""

    def __init__(self, service: Service) -> None:
        super().__init__()
        self.service = service

    def get_session_cookie_name(self) -> str | None:
        return None  # see the module docstring

    def can_set_keys_expiration(self) -> bool:
        return True

    def get_value(self, key: str) -> Any:
        return launch_store.read(self.service, self._prepare_key(key), time.time())

    def set_value(self, key: str, value: Any, exp: int | None = None) -> None:
        key = self._prepare_key(key)
        launch_store.write(self.service, key, value, time.time(), exp or DEFAULT_LIFETIME_S)

    def check_value(self, key: str) -> bool:
        return self.get_value(key) is not None

    def consume(self, key: str) -> bool:
        """Delete the key; True only for the one caller that found it alive."""
        return launch_store.consume(self.service, self._prepare_key(key), time.time())


class OneTimeNonceSessionService(SessionService):
    """pylti1p3's session service on the database storage, with nonces that work once."""

    def __init__(self, request: Any, service: Service) -> None:
        super().__init__(request)
        self.storage = DbLaunchDataStorage(service)
        self.storage.set_request(request)
        self.set_data_storage(self.storage)

    def check_nonce(self, nonce: str) -> bool:
        return self.storage.consume(self._get_key("nonce", nonce))
