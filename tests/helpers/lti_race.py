"""Two OS processes making one course's line item at once, for the PostgreSQL line-item lock test.

`hold_lineitem_creations(platform)` makes the loopback platform keep each POST that creates a line
item until a second one is in flight (or `limit_s` passed), as on a busy LMS. Without the course row
lock two tools that find none remembered at the same moment both create one; with it the second
process waits on the lock and then finds the first one's line item remembered: one creation.

`python -m helpers.lti_race URL COURSE ASSIGNMENT FOLDER` is one racer: it prepares (imports, engine)
first, writes FOLDER/ready-<pid>, waits for FOLDER/go, runs `outbox.line_item_url` and writes the
URL it got (or its error) to FOLDER/url-<pid>.
"""

from __future__ import annotations

import asyncio
import os
import sys
import time
import typing as t
from dataclasses import dataclass, field
from pathlib import Path

from .lti_platform import LoopbackPlatform

WAIT_S = 120.0  # a bound on a hung racer, not a timing assertion


@dataclass
class Hold:
    active: bool = False
    want: int = 2
    limit_s: float = 3.0
    in_flight: int = 0
    most_in_flight: int = 0
    creations: int = 0
    event: asyncio.Event | None = field(default=None, repr=False)


def hold_lineitem_creations(platform: LoopbackPlatform) -> Hold:
    """Install the hold on the platform's app (before it starts); `hold.active` switches it on."""
    hold = Hold()

    @platform.app.middleware("http")
    async def hold_creations(request: t.Any, call_next: t.Any) -> t.Any:
        if not (hold.active and request.method == "POST" and request.url.path == "/ags/lineitems"):
            return await call_next(request)
        if hold.event is None:
            hold.event = asyncio.Event()
        hold.in_flight += 1
        hold.creations += 1
        hold.most_in_flight = max(hold.most_in_flight, hold.in_flight)
        if hold.in_flight >= hold.want:
            hold.event.set()
        try:
            await asyncio.wait_for(hold.event.wait(), hold.limit_s)
        except TimeoutError:
            pass  # no second creation came (the lock keeps it waiting): go on alone
        try:
            return await call_next(request)
        finally:
            hold.in_flight -= 1

    return hold


def _wait_for(path: Path) -> None:
    deadline = time.monotonic() + WAIT_S
    while not path.exists():
        assert time.monotonic() < deadline, f"no {path}"
        time.sleep(0.01)


def main(url: str, course_id: int, assignment_id: str, folder: Path) -> None:
    from autograder.service.domain.gradebook import lti_outbox as outbox
    from autograder.service.domain.lti import courses
    from autograder.service.storage.db import connect

    engine = connect(url)
    with engine.connect() as conn:
        (course,) = [c for c in courses.listed(conn) if c.id == course_id]
    (folder / f"ready-{os.getpid()}").write_text("ready")
    _wait_for(folder / "go")
    try:
        got = outbox.line_item_url(engine, course, assignment_id, "Race", 10.0)
    except Exception as exc:  # e.g. both made one and the second cannot remember its own
        got = f"error: {type(exc).__name__}: {str(exc)[:300]}"
    (folder / f"url-{os.getpid()}").write_text(got)
    engine.dispose()


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), sys.argv[3], Path(sys.argv[4]))
