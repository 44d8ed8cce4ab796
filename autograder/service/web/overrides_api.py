"""Score overrides over the API.

    GET    /api/overrides                       a TA: every student's overrides; a student: their grade
    GET    /api/overrides/{a}/{s}               the student's grade with overrides (a TA, or that student)
    PUT    /api/overrides/{a}/{s}/{target}      TA: {"points": number, "comment": "..."} (comment required)
    DELETE /api/overrides/{a}/{s}/{target}      TA

`target` is an exercise id or "total". Each change is one audit entry with the TA's name.
"""

from __future__ import annotations

import anyio.to_thread
from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from autograder.service.domain.entry import review_listings
from autograder.service.domain.review import grade_review
from autograder.service.records import refusal
from autograder.service.web.api import CurrentTa, service_of
from autograder.service.web.review_http import AnyCaller, json_object, number, text

router = APIRouter(prefix="/api/overrides")
NO_STORE = {"Cache-Control": "no-store"}


@router.get("")
def list_overrides(request: Request, who: AnyCaller, assignment_id: str | None = None) -> JSONResponse:
    service = service_of(request)
    assignment = grade_review.assignment_of(service, assignment_id or service.assignment.id)
    if who.student_id is not None:
        grade = grade_review.student_grade(service, assignment.id, who.student_id, for_student=True)
        return JSONResponse([grade.to_json()], headers=NO_STORE)
    found = review_listings.current_overrides(service, assignment.id)
    body = [
        {"assignment_id": assignment.id, "student_id": sid, "overrides": [e.to_json() for e in o.entries]}
        for sid, o in sorted(found.items())
    ]
    return JSONResponse(body, headers=NO_STORE)


@router.get("/{assignment_id}/{student_id}")
def student_overrides(request: Request, assignment_id: str, student_id: str, who: AnyCaller) -> JSONResponse:
    if who.only_own() not in (None, student_id):
        raise refusal(404, "no_student", "no such student")  # another student's grade does not exist
    mine = who.student_id is not None
    grade = grade_review.student_grade(service_of(request), assignment_id, student_id, for_student=mine)
    return JSONResponse(grade.to_json(), headers=NO_STORE)


@router.put("/{assignment_id}/{student_id}/{target}")
async def put_override(
    request: Request, assignment_id: str, student_id: str, target: str, ta: CurrentTa
) -> JSONResponse:
    doc = await json_object(request, {"points", "comment"})
    points = number(doc.get("points"), "points")
    comment = text(doc.get("comment", ""), "comment")
    where = (assignment_id, student_id, target)
    return await anyio.to_thread.run_sync(_put_override, request, where, points, comment, ta)


def _put_override(
    request: Request, where: tuple[str, str, str], points: float, comment: str, ta: str
) -> JSONResponse:
    assignment_id, student_id, target = where
    service = service_of(request)
    grade_review.set_override(service, assignment_id, student_id, target, points, comment, ta)
    grade = grade_review.student_grade(service, assignment_id, student_id, for_student=False)
    return JSONResponse(grade.to_json())


@router.delete("/{assignment_id}/{student_id}/{target}")
def delete_override(
    request: Request, assignment_id: str, student_id: str, target: str, ta: CurrentTa
) -> JSONResponse:
    service = service_of(request)
    grade_review.remove_override(service, assignment_id, student_id, target, ta)
    grade = grade_review.student_grade(service, assignment_id, student_id, for_student=False)
    return JSONResponse(grade.to_json())
