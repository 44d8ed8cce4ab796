"""A bound on `GET|POST /lti/login`: each OIDC login initiation stores a state and a nonce (an hour
each, storage.py) for anyone who asks, so logins are counted per client address in a sliding
window (the log-in throttle's table, under a key of their own) and refused past the limit.

The default allows a lecture hall behind one campus NAT to launch at once (300 a minute);
`JAXGRADE_LTI_LOGINS_PER_MINUTE` changes it (tests set it low).
"""

from __future__ import annotations

import os
import time

import sqlalchemy as sa

from autograder.service.domain.login_throttle import LoginThrottle

DEFAULT_PER_MINUTE = 300
KEY_PREFIX = "lti-login "


def per_minute() -> int:
    return max(1, int(os.environ.get("JAXGRADE_LTI_LOGINS_PER_MINUTE", str(DEFAULT_PER_MINUTE))))


def admit(engine: sa.Engine, client: str) -> bool:
    """Count this login initiation from `client`; False when the address is over its limit."""
    throttle = LoginThrottle(engine, time.time, limit=per_minute(), window_s=60.0)
    key = KEY_PREFIX + client
    if throttle.blocked(key):
        return False
    throttle.failed(key)  # every initiation counts, not only failed ones
    return True
