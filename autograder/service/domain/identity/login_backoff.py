"""Log-in throttling that does not lock out the innocent behind one address.

The per-address count of failed log-ins (login_throttle.py) used to refuse every log-in from an
address past 30 failures a minute, a valid token included: on a campus NAT one student's typos
locked out the lecture hall. Now:

- an address past its limit is slowed, not shut: each log-in from it waits a backoff that doubles
  with its failures past the limit (at most MAX_BACKOFF_S) and is then checked; a valid token gets
  in, a wrong one is refused with 429;
- a credential (the token tried, kept only as a SHA-256 prefix) that failed CREDENTIAL_FAILURES
  times in the window is refused without a check, from any address: one token tried over and
  over costs nothing more.

API calls carry a bearer token on every request, so the same two counts apply there
(`bearer_refused`): a presented token that names nobody is a failed log-in of its address and of
itself. Past either limit the caller gets 429 with Retry-After instead of 401 (there is no page to
slow down: the client is told to wait). A valid token is never refused, whatever its address did.
"""

from __future__ import annotations

import asyncio
import hashlib

import anyio.to_thread
import sqlalchemy as sa

from autograder.service.domain.identity.login_throttle import LOGIN_FAILURES_PER_WINDOW, LoginThrottle
from autograder.service.storage import db

BASE_BACKOFF_S = 0.25
MAX_BACKOFF_S = 2.0
CREDENTIAL_FAILURES = 5
_CREDENTIAL_PREFIX = "cred "


def _credential_key(token: str) -> str:
    return _CREDENTIAL_PREFIX + hashlib.sha256(token.encode()).hexdigest()[:32]


def failures(throttle: LoginThrottle, key: str) -> int:
    f = db.login_failures.c
    with throttle.engine.connect() as conn:
        n = conn.execute(
            sa.select(sa.func.count())
            .select_from(db.login_failures)
            .where(f.client == key[:64], f.at > throttle.clock() - throttle.window_s)
        ).scalar_one()
    return int(n)


def backoff_s(failed_from_address: int) -> float:
    """How long a log-in from an address with this many recent failures waits before its check."""
    excess = failed_from_address - LOGIN_FAILURES_PER_WINDOW
    return 0.0 if excess < 0 else min(MAX_BACKOFF_S, BASE_BACKOFF_S * 2.0 ** min(excess, 16))


async def wait_turn(throttle: LoginThrottle, address: str) -> bool:
    """Sleep the address's backoff (not blocking the loop); True when the address was over its limit."""
    delay = backoff_s(await anyio.to_thread.run_sync(failures, throttle, address))  # a query: off the loop
    if delay > 0:
        await asyncio.sleep(delay)
    return delay > 0


def credential_blocked(throttle: LoginThrottle, token: str) -> bool:
    return bool(token) and failures(throttle, _credential_key(token)) >= CREDENTIAL_FAILURES


def failed(throttle: LoginThrottle, address: str, token: str) -> None:
    throttle.failed(address)
    if token:
        throttle.failed(_credential_key(token))


def bearer_refused(throttle: LoginThrottle, address: str, token: str) -> bool:
    """Count a presented bearer token that names nobody; True when the caller is past a limit now
    (its address, or this token tried over and over), so the answer is 429 rather than 401."""
    over = credential_blocked(throttle, token) or failures(throttle, address) >= LOGIN_FAILURES_PER_WINDOW
    failed(throttle, address, token)
    return over
