"""The audit log's API: `GET /api/audit` (a TA: every entry, `?student_id=` to filter; a student:
only the entries about them) and `GET /api/audit.csv` (TAs: the whole log as CSV)."""

from __future__ import annotations

from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse, PlainTextResponse

from autograder.service.domain import audit, grade_review
from autograder.service.web.api import require_ta, service_of
from autograder.service.web.review_http import AnyCaller

router = APIRouter(prefix="/api")


@router.get("/audit")
def audit_log(request: Request, who: AnyCaller, student_id: str | None = None) -> JSONResponse:
    own = who.only_own()  # a student's own entries, whatever they ask for
    service = service_of(request)
    if own is not None:
        entries = grade_review.student_audit(service, own)
    else:
        entries = audit.entries(service.engine, student_id=student_id)
    return JSONResponse([e.to_json() for e in entries], headers={"Cache-Control": "no-store"})


@router.get("/audit.csv", dependencies=[Depends(require_ta)])
def audit_csv(request: Request) -> PlainTextResponse:
    return PlainTextResponse(
        audit.to_csv(audit.entries(service_of(request).engine)),
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": 'attachment; filename="audit.csv"', "Cache-Control": "no-store"},
    )
