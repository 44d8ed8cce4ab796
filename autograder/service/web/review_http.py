"""Request plumbing shared by the audit, override and regrade-request routers: who is calling
(a TA or a student, both allowed on some routes) and a small JSON object body."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import Depends, Request

from autograder.service.domain.course.audit import student_actor
from autograder.service.records import refusal
from autograder.service.web.api import bearer_token, service_of, token_refusal

MAX_JSON_BYTES = 16 * 1024


@dataclass(frozen=True)
class Caller:
    ta: str | None  # the TA's name
    student_id: str | None  # the student, when not a TA

    @property
    def actor(self) -> str:
        return self.ta if self.ta is not None else student_actor(self.student_id or "")

    def only_own(self) -> str | None:
        """None for a TA (sees everyone), else the student's id (sees only their own)."""
        return None if self.ta is not None else self.student_id


def caller(request: Request) -> Caller:
    service = service_of(request)
    token = bearer_token(request)
    ta = service.identity.ta_for_token(token)
    if ta is not None:
        return Caller(ta, None)
    student = service.identity.student_for_token(token)
    if student is None:
        raise token_refusal(request, token, "bad_token", "missing or invalid access token")
    return Caller(None, student.student_id)


AnyCaller = Annotated[Caller, Depends(caller)]


async def json_object(request: Request, allowed: set[str]) -> dict[str, Any]:
    """The body as a JSON object with only `allowed` keys (400 otherwise)."""
    raw = await request.body()
    try:
        doc = json.loads(raw) if len(raw) <= MAX_JSON_BYTES else None
    except ValueError:
        doc = None
    if not isinstance(doc, dict) or not set(doc) <= allowed:
        raise refusal(400, "bad_request", f"body must be a JSON object with keys among {sorted(allowed)}")
    return doc


def number(value: Any, key: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise refusal(400, "bad_request", f"{key} must be a number")
    return float(value)


def text(value: Any, key: str) -> str:
    if not isinstance(value, str):
        raise refusal(400, "bad_request", f"{key} must be a string")
    try:
        value.encode("utf-8")  # JSON may carry a lone surrogate, which no database column stores
    except UnicodeEncodeError:
        raise refusal(400, "bad_request", f"{key} is not valid Unicode text") from None
    return value
