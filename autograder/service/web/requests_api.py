"""Regrade requests over the API (a student asks about one exercise of their counted attempt).

POST /api/regrade-requests                  student: {"exercise", "message"[, "assignment_id"]} -> 201
GET  /api/regrade-requests[?status=open][&assignment_id=A]
                                            a TA: the queue (open first); a student: their own;
                                            with assignment_id, that assignment's only
GET  /api/regrade-requests/{id}             the thread (a TA, or the student who asked)
POST /api/regrade-requests/{id}/messages    {"message"}: either side adds to an open thread
POST /api/regrade-requests/{id}/resolve     TA: {"message", "points": number or null}; with
                                            points, an override of that exercise (audited)
"""

from __future__ import annotations

from typing import Any

import anyio.to_thread
from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from autograder.service.domain.entry import review_listings
from autograder.service.domain.review import grade_review, regrade_requests
from autograder.service.records import refusal
from autograder.service.web.api import CurrentTa, service_of
from autograder.service.web.review_http import AnyCaller, Caller, json_object, number, text

router = APIRouter(prefix="/api/regrade-requests")
NO_STORE = {"Cache-Control": "no-store"}


@router.post("", status_code=201)
async def post_request(request: Request, who: AnyCaller) -> JSONResponse:
    if who.student_id is None:
        raise refusal(403, "student_only", "only a student asks for a regrade of their own attempt")
    doc = await json_object(request, {"exercise", "message", "assignment_id"})
    return await anyio.to_thread.run_sync(_post_request, request, who, doc)  # the writes: off the loop


def _post_request(request: Request, who: Caller, doc: dict[str, Any]) -> JSONResponse:
    assert who.student_id is not None
    service = service_of(request)
    assignment_id = text(doc.get("assignment_id", service.assignment.id), "assignment_id")
    request_id = grade_review.open_request(
        service,
        assignment_id,
        who.student_id,
        text(doc.get("exercise"), "exercise"),
        text(doc.get("message"), "message"),
    )
    found = grade_review.request_of(service, request_id, who.student_id)
    return JSONResponse(
        found.to_json(), status_code=201, headers={"Location": f"/api/regrade-requests/{request_id}"}
    )


@router.get("")
def list_requests(
    request: Request, who: AnyCaller, status: str | None = None, assignment_id: str | None = None
) -> JSONResponse:
    if status not in (None, regrade_requests.OPEN, regrade_requests.RESOLVED):
        raise refusal(400, "bad_request", "status must be open or resolved")
    service = service_of(request)
    if assignment_id is not None:
        grade_review.assignment_of(service, assignment_id)  # 404 for an unknown one
    found = review_listings.requests(
        service, student_id=who.only_own(), status=status, assignment_id=assignment_id
    )
    return JSONResponse([r.to_json() for r in found], headers=NO_STORE)


@router.get("/{request_id}")
def get_request(request: Request, request_id: int, who: AnyCaller) -> JSONResponse:
    found = grade_review.request_of(service_of(request), request_id, who.only_own())
    return JSONResponse(found.to_json(), headers=NO_STORE)


@router.post("/{request_id}/messages")
async def post_message(request: Request, request_id: int, who: AnyCaller) -> JSONResponse:
    doc = await json_object(request, {"message"})
    return await anyio.to_thread.run_sync(_post_message, request, request_id, who, doc)


def _post_message(request: Request, request_id: int, who: Caller, doc: dict[str, Any]) -> JSONResponse:
    service = service_of(request)
    grade_review.post_message(
        service, request_id, who.actor, text(doc.get("message"), "message"), who.only_own()
    )
    return JSONResponse(grade_review.request_of(service, request_id, who.only_own()).to_json())


@router.post("/{request_id}/resolve")
async def resolve(request: Request, request_id: int, ta: CurrentTa) -> JSONResponse:
    doc = await json_object(request, {"message", "points"})
    return await anyio.to_thread.run_sync(_resolve, request, request_id, ta, doc)


def _resolve(request: Request, request_id: int, ta: str, doc: dict[str, Any]) -> JSONResponse:
    points = None if doc.get("points") is None else number(doc["points"], "points")
    found = grade_review.resolve_request(
        service_of(request), request_id, ta, text(doc.get("message"), "message"), points
    )
    return JSONResponse(found.to_json())
