"""A bound on LTI OIDC login initiations per client address: each one stores a state and a nonce
(an hour each, `lti/launch_store.py`) for anyone who asks, so they are counted in a sliding window
in the log-in throttle's table (`login_throttle.py`), under a key of their own, and refused past
the limit. The web floor (`web/lti/login_rate.py`) chooses the limit and asks `admit`.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from autograder.service.domain.course.service_database import HoldsDatabase
from autograder.service.domain.identity.login_throttle import LoginThrottle

KEY_PREFIX = "lti-login "
WINDOW_S = 60.0


def admit(
    service: HoldsDatabase, client: str, *, per_minute: int, clock: Callable[[], float] = time.time
) -> bool:
    """Count this login initiation from `client`; False when the address is over its limit."""
    throttle = LoginThrottle(service.engine, clock, limit=per_minute, window_s=WINDOW_S)
    key = KEY_PREFIX + client
    if throttle.blocked(key):
        return False
    throttle.failed(key)  # every initiation counts, not only failed ones
    return True
