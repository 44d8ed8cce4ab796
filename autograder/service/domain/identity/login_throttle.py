"""Failed log-ins per client address in a sliding window, kept in the database.

Tokens are long and random; this only keeps a guessing loop from costing the service anything.
There is no per-account count (#21 asks for one next to the per-address count): a log-in here is a
token alone and names no account, so a failed one cannot be charged to any student, and a guess
that hit an account would already be that account's token. The address is the client's own unless
it comes from a `--trusted-proxy`, whose `X-Forwarded-For` is believed, so one client behind a
proxy cannot lock out everyone else behind it.
Kept in the database so that every service process behind a load balancer counts the same
failures. Rows older than the window are deleted whenever a failure is recorded, so the table
holds at most one window's worth of failures.
"""

from __future__ import annotations

from collections.abc import Callable

import sqlalchemy as sa

from autograder.service.storage import db

LOGIN_FAILURES_PER_WINDOW = 30
LOGIN_WINDOW_S = 60.0
MAX_CLIENT_CHARS = 64


class LoginThrottle:
    def __init__(
        self,
        engine: sa.Engine,
        clock: Callable[[], float],
        *,
        limit: int = LOGIN_FAILURES_PER_WINDOW,
        window_s: float = LOGIN_WINDOW_S,
    ):
        self.engine, self.clock, self.limit, self.window_s = engine, clock, limit, window_s

    def blocked(self, client: str) -> bool:
        f = db.login_failures.c
        with self.engine.connect() as conn:
            n = conn.execute(
                sa.select(sa.func.count())
                .select_from(db.login_failures)
                .where(f.client == client[:MAX_CLIENT_CHARS], f.at > self.clock() - self.window_s)
            ).scalar_one()
        return int(n) >= self.limit

    def failed(self, client: str) -> None:
        now = self.clock()
        with self.engine.begin() as conn:
            conn.execute(db.login_failures.delete().where(db.login_failures.c.at <= now - self.window_s))
            conn.execute(db.login_failures.insert().values(client=client[:MAX_CLIENT_CHARS], at=now))
