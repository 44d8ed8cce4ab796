"""A bound on `GET|POST /lti/login`: each OIDC login initiation stores a state and a nonce (an hour
each, storage.py) for anyone who asks, so logins are counted per client address in a sliding
window (the log-in throttle's table, under a key of their own: `domain/identity/lti_login_rate.py`) and
refused past the limit.

The default allows a lecture hall behind one campus NAT to launch at once (300 a minute);
`JAXGRADE_LTI_LOGINS_PER_MINUTE` changes it (tests set it low).
"""

from __future__ import annotations

import os

from autograder.service.domain.core import Service
from autograder.service.domain.identity import lti_login_rate

DEFAULT_PER_MINUTE = 300


def per_minute() -> int:
    return max(1, int(os.environ.get("JAXGRADE_LTI_LOGINS_PER_MINUTE", str(DEFAULT_PER_MINUTE))))


def admit(service: Service, client: str) -> bool:
    """Count this login initiation from `client`; False when the address is over its limit."""
    return lti_login_rate.admit(service, client, per_minute=per_minute())
