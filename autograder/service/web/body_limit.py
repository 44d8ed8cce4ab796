"""One limit on every request body, counted on the byte stream as it arrives (ASGI middleware).

The Content-Length check in app.py refuses a declared body that is too large before anything reads
it. A chunked body declares nothing, so a JSON route that reads the whole body before checking
it could be made to hold any amount of memory. This middleware counts the bytes every route
receives, chunked or not. The two upload routes may receive the upload cap plus the multipart
envelope, a TA's `.csv` route CSV_BODY_BYTES, every other route SMALL_BODY_BYTES. Past the
limit, the route's next read fails and the client gets a 413 refusal, whatever the route would
have answered.

At most MAX_CONCURRENT_UPLOADS upload bodies stream in at once (in this process); one more is
refused at once with 503 and Retry-After, before its body is read, so a few slow clients cannot
hold every spool file and worker thread. `JAXGRADE_MAX_CONCURRENT_UPLOADS` changes it.

A body that stops arriving mid-way (a client that sends a few bytes and stalls) is cut off after
IDLE_S seconds without a byte (408), so it does not hold a connection and its spool files forever.
`JAXGRADE_BODY_IDLE_S` changes IDLE_S (tests set it low).
"""

from __future__ import annotations

import math
import os
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

import anyio

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]

SMALL_BODY_BYTES = 256 * 1024  # a form or JSON document: a 4,000-character message is ~12 kB
CSV_BODY_BYTES = 1 << 20  # a TA's CSV posted to a `.csv` route (term_api's extensions.csv: 1 MiB)
UPLOAD_PATHS = frozenset({"/api/submissions", "/submit"})
DEFAULT_IDLE_S = 30.0
DEFAULT_MAX_CONCURRENT_UPLOADS = 16


class _BodyRefused(Exception):
    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


def max_concurrent_uploads() -> int:
    return int(os.environ.get("JAXGRADE_MAX_CONCURRENT_UPLOADS", str(DEFAULT_MAX_CONCURRENT_UPLOADS)))


def idle_s() -> float:
    return float(os.environ.get("JAXGRADE_BODY_IDLE_S", str(DEFAULT_IDLE_S)))


def _refusal(status: int, limit: int) -> Any:
    """The API's refusal response (JSON with the Chinese text), an ASGI app of its own."""
    from autograder.service.domain.intake.upload_rules import too_large
    from autograder.service.records import refusal
    from autograder.service.web.api import refusal_response

    if status == 413:
        return refusal_response(too_large(limit))
    return refusal_response(refusal(408, "body_stalled", f"no byte of the request body for {idle_s():g} s"))


class BodyLimit:
    """The middleware: `upload_bytes` for UPLOAD_PATHS, SMALL_BODY_BYTES elsewhere."""

    def __init__(self, app: App, upload_bytes: int) -> None:
        self.app, self.upload_bytes = app, upload_bytes
        self.uploads_now = 0  # upload requests in this process (one event loop: no lock needed)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path = str(scope.get("path", ""))
        if path not in UPLOAD_PATHS or scope.get("method") != "POST":
            small = CSV_BODY_BYTES if path.endswith(".csv") else SMALL_BODY_BYTES
            await self._bounded(scope, receive, send, small)
            return
        if self.uploads_now >= max_concurrent_uploads():
            from autograder.service.records import refusal
            from autograder.service.web.api import refusal_response

            busy = refusal(503, "uploads_busy", "too many uploads in progress", retry_after=10.0)
            await refusal_response(busy)(scope, receive, send)
            return
        self.uploads_now += 1
        try:
            await self._bounded(scope, receive, send, self.upload_bytes)
        finally:
            self.uploads_now -= 1

    async def _bounded(self, scope: Scope, receive: Receive, send: Send, limit: int) -> None:
        seen = 0
        refused: int | None = None
        started = False
        idle = idle_s()

        async def counted_receive() -> Message:
            nonlocal seen, refused
            if refused is not None:
                raise _BodyRefused(refused)
            with anyio.move_on_after(idle if math.isfinite(idle) else None) as waited:
                message = await receive()
            if waited.cancelled_caught:
                refused = 408
                raise _BodyRefused(408)
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > limit:
                    refused = 413
                    raise _BodyRefused(413)
            return message

        async def guarded_send(message: Message) -> None:
            nonlocal started
            if refused is not None:  # whatever the route answers after a refused body: the refusal
                return
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, counted_receive, guarded_send)
        except BaseException:  # _BodyRefused, perhaps in an exception group of a middleware's tasks
            if refused is None:
                raise
        if refused is not None and not started:
            response = _refusal(refused, limit)
            response.headers["Connection"] = "close"  # the rest of the body is never read
            await response(scope, receive, send)
