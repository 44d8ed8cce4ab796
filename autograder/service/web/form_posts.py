"""A page's form POST in two steps, so that its database work never runs on the event loop.

Reading the request body is the only part of such a route that awaits. The rest (the session, the
CSRF check, the database writes, rendering the answer) is blocking work: it goes to a worker thread
(`anyio.to_thread`, the framework's thread pool for plain `def` routes). So a route is written as

    @router.post("/ta/...")
    async def route(request: Request, ...) -> Response:
        posted = await read_small_form(request, MAX_BYTES, MAX_FIELDS)
        return await anyio.to_thread.run_sync(_route, request, ..., posted)

where `_route` is the old body, a plain function that gets the form already read.
"""

from __future__ import annotations

from dataclasses import dataclass

from starlette.requests import Request

from autograder.service.web import page_kit


@dataclass(frozen=True)
class PostedForm:
    """A small posted form, read before anything else of its request was looked at."""

    fields: dict[str, str]  # its text fields (file fields dropped)
    refused: str | None = None  # why the body was refused unread (for the person; a 413 page), else None


async def read_small_form(request: Request, max_bytes: int, max_fields: int) -> PostedForm:
    """`page_kit.small_form`'s form, or why it was refused, as plain data for a worker thread."""
    try:
        form = await page_kit.small_form(request, max_bytes, max_fields)
    except page_kit.FormRefused as exc:
        return PostedForm({}, str(exc))
    return PostedForm({k: v for k, v in form.items() if isinstance(v, str)})
