"""The audit log's API: `GET /api/audit` (a TA: every entry, `?student_id=` to filter; a student:
only the entries about them) and `GET /api/audit.csv` (TAs: the whole log as CSV).

A TA reads anonymous grading without the students' names (`audit_names.py`) unless they ask with
`?names=1`, which is recorded in the log as a reveal (and lasts an hour, as on the pages)."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, PlainTextResponse

from autograder.service.domain.course import audit
from autograder.service.domain.identity import audit_names
from autograder.service.domain.review import grade_review
from autograder.service.web.api import CurrentTa, service_of
from autograder.service.web.review_http import AnyCaller

router = APIRouter(prefix="/api")


@router.get("/audit")
def audit_log(
    request: Request, who: AnyCaller, student_id: str | None = None, names: str | None = None
) -> JSONResponse:
    own = who.only_own()  # a student's own entries, whatever they ask for
    service = service_of(request)
    if own is not None:
        entries = grade_review.student_audit(service, own)
    else:
        assert who.ta is not None
        entries = list(_for_ta(request, who.ta, student_id, names == "1").entries)
    return JSONResponse([e.to_json() for e in entries], headers={"Cache-Control": "no-store"})


def _for_ta(request: Request, ta: str, student_id: str | None, reveal: bool) -> audit_names.AuditView:
    service = service_of(request)
    if reveal and not audit_names.names_shown(service, ta, service.clock()):
        audit_names.show_names(service, ta, service.clock())
    return audit_names.for_ta(service, ta, service.clock(), student_id)


@router.get("/audit.csv")
def audit_csv(request: Request, ta: CurrentTa, names: str | None = None) -> PlainTextResponse:
    return PlainTextResponse(
        audit.to_csv(_for_ta(request, ta, None, names == "1").entries),
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": 'attachment; filename="audit.csv"', "Cache-Control": "no-store"},
    )
