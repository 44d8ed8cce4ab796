"""A page's form POST in two steps, so that its database work never runs on the event loop.

Reading the request body is the only part of such a route that awaits. The rest (the session, the
CSRF check, the database writes, rendering the answer) is blocking work: it goes to a worker thread
(`anyio.to_thread`, the framework's thread pool for plain `def` routes). So a route is written as

    @router.post("/ta/...")
    async def route(request: Request, ...) -> Response:
        posted = await read_small_form(request, MAX_BYTES, MAX_FIELDS)
        return await anyio.to_thread.run_sync(_route, request, ..., posted)

where `_route` is the old body, a plain function that gets the form already read.
`form_post` does both steps for a page whose form fits `page_kit.MAX_FORM_BYTES`, and `form_of`
gives a worker the fields or raises `page_kit.FormRefused` as `page_kit.small_form` did on the loop.
tests/test_event_loop_routes.py holds every `async def` route of the web layer to this.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import anyio.to_thread
from starlette.requests import Request
from starlette.responses import Response

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


def form_of(posted: PostedForm) -> dict[str, str]:
    """The posted fields; `page_kit.FormRefused` when the body was refused (as `small_form` raised it)."""
    if posted.refused is not None:
        raise page_kit.FormRefused(posted.refused)
    return posted.fields


async def form_post(request: Request, page: Callable[..., Response], *args: Any) -> Response:
    """Read a small form on the loop, then answer with `page(request, *args, posted)` in a worker thread."""
    posted = await read_small_form(request, page_kit.MAX_FORM_BYTES, 4)
    return await anyio.to_thread.run_sync(page, request, *args, posted)
