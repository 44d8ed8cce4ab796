"""One-time dynamic registration links: `jaxgrade lti allow-registration` makes one, the platform
opens it (`/lti/register/<secret>`, dynamic_registration.py).

Opening a link registers an LMS platform, and a registered platform's launches log users in as
students and as TAs; so a link is 32 random bytes, stored only as their SHA-256, valid for a limited
time and good for one registration that succeeds. A registration that fails gives the link back (the
admin fixes the LMS side and opens the same link again) at most MAX_FAILURES times, after which the
link is spent: a leaked link cannot be replayed at will against whatever it is pointed to. Two
registrations at once cannot both use it.

The rows live in `lti_launch_data` (short-lived LTI state with an expiry) under their own key prefix.
"""

from __future__ import annotations

import hashlib
import json
import logging
import secrets
import time

import sqlalchemy as sa

from autograder.service.domain.course.service_database import HoldsDatabase
from autograder.service.storage.lti_tables import launch_data

PREFIX = "jaxgrade-registration-link-"
DEFAULT_VALID_S = 24 * 3600.0
MAX_SECRET_CHARS = 128
MAX_FAILURES = 5  # failed registrations one link allows (a typo, a wrong token, a platform fixed)
READY, BUSY, USED, FAILED = (json.dumps({"state": s}) for s in ("ready", "busy", "used", "failed"))


def _busy(failures: int) -> str:
    return BUSY if failures == 0 else json.dumps({"state": "busy", "failures": failures})


def _ready(failures: int) -> str:
    return READY if failures == 0 else json.dumps({"state": "ready", "failures": failures})


class LinkRefused(Exception):
    """The link does not allow a registration now (the message says why)."""


def _key(secret: str) -> str:
    return PREFIX + hashlib.sha256(secret.encode()).hexdigest()


def create(engine: sa.Engine, valid_s: float = DEFAULT_VALID_S) -> str:
    """A new link secret, valid for `valid_s` seconds."""
    secret = secrets.token_urlsafe(32)
    with engine.begin() as conn:
        conn.execute(
            launch_data.insert().values(key=_key(secret), value=READY, expires_at=time.time() + valid_s)
        )
    return secret


def _set(engine: sa.Engine, secret: str, was: str, now_: str) -> int:
    c = launch_data.c
    with engine.begin() as conn:
        return int(
            conn.execute(
                launch_data.update()
                .where(c.key == _key(secret), c.value == was, c.expires_at > time.time())
                .values(value=now_)
            ).rowcount
        )


def claim(service: HoldsDatabase, secret: str) -> None:
    """Take the link for one registration; raises LinkRefused when it is unknown, expired, used or busy."""
    if not secret or len(secret) > MAX_SECRET_CHARS:
        raise LinkRefused("unknown registration link")
    for failures in range(MAX_FAILURES):
        if _set(service.engine, secret, _ready(failures), _busy(failures)) == 1:
            return
    with service.engine.connect() as conn:
        row = conn.execute(
            sa.select(launch_data.c.value, launch_data.c.expires_at).where(launch_data.c.key == _key(secret))
        ).first()
    if row is None or row.expires_at <= time.time():
        raise LinkRefused(
            "unknown or expired registration link (make one with `jaxgrade lti allow-registration`)"
        )
    if row.value == USED:
        raise LinkRefused("this registration link was used already; make a new one for another registration")
    if row.value == FAILED:
        raise LinkRefused(
            f"this registration link failed {MAX_FAILURES} times and is spent; make a new one "
            "with `jaxgrade lti allow-registration`"
        )
    raise LinkRefused("this registration link is in use by another registration right now")


def give_back(service: HoldsDatabase, secret: str, *, counted: bool = True) -> None:
    """The registration failed: the link works again, unless this was its MAX_FAILURES-th counted
    failure (one that sent a request: a URL refused before any is not counted)."""
    for failures in range(MAX_FAILURES):
        after = failures + 1 if counted else failures
        if _set(service.engine, secret, _busy(failures), _ready(after) if after < MAX_FAILURES else FAILED):
            return


def spend(service: HoldsDatabase, secret: str) -> None:
    """The registration succeeded: the link never works again."""
    for failures in range(MAX_FAILURES):
        if _set(service.engine, secret, _busy(failures), USED):
            return


class RedactedAccessLog(logging.Filter):
    """Keeps link secrets (and the LMS's registration tokens) out of uvicorn's access log: a link that
    failed to register stays usable, and the log outlives it."""

    def filter(self, record: logging.LogRecord) -> bool:
        args = record.args
        if isinstance(args, tuple) and len(args) >= 3 and str(args[2]).startswith("/lti/register/"):
            record.args = (*args[:2], "/lti/register/<secret>", *args[3:])
        return True


def redact_access_log() -> None:
    """Install the filter (once; after uvicorn configured its loggers)."""
    access = logging.getLogger("uvicorn.access")
    if not any(isinstance(f, RedactedAccessLog) for f in access.filters):
        access.addFilter(RedactedAccessLog())
