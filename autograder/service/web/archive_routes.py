"""Zip downloads (`domain/gradebook/archives.py`): an assignment's submissions for TAs, its student folder for
students.

    GET /ta/assignments/{a}/submissions.zip?scope=counted|all     TA session
    GET /api/assignments/{a}/submissions.zip?scope=counted|all    TA token
    GET /student-folder.zip?assignment=ID                         student session: notebooks of the
                                                                  assignment, jaxcourse/, kernels/ …
"""

from __future__ import annotations

from fastapi import APIRouter, Depends, Request
from fastapi.responses import Response

from autograder.i18n import _
from autograder.service.domain.core import Refusal, Service
from autograder.service.domain.gradebook import archives
from autograder.service.web import page_auth, page_kit
from autograder.service.web.api import require_ta, service_of

router = APIRouter(include_in_schema=False)
api_router = APIRouter(prefix="/api/assignments", dependencies=[Depends(require_ta)])


def _zip(data: bytes, filename: str) -> Response:
    response = Response(
        data,
        media_type="application/zip",
        headers={"Content-Disposition": f'attachment; filename="{filename}"'},
    )
    return page_kit.secure(response)


def _submissions(service: Service, assignment_id: str, scope: str) -> Response:
    if assignment_id not in service.assignments:
        raise Refusal(404, _("没有这个作业。"), f"no assignment {assignment_id!r}")
    if scope not in archives.SCOPES:
        raise Refusal(422, _("范围不对。"), f"scope must be one of {', '.join(archives.SCOPES)}")
    data = archives.submissions_zip(
        service.exports.ledger, service.attempt_reads, service.blobs, assignment_id, scope, service.clock
    )
    return _zip(data, f"submissions-{assignment_id}-{scope}.zip")


@router.get("/ta/assignments/{assignment_id}/submissions.zip")
def ta_submissions_zip(request: Request, assignment_id: str) -> Response:
    session = page_auth.current_session(request)
    if not session.is_ta:
        return page_kit.redirect(request, "/login")
    try:
        return _submissions(
            page_auth.service_of(request), assignment_id, request.query_params.get("scope", "counted")
        )
    except Refusal as exc:
        back = "/ta/assignments"
        return page_kit.error_page(request, session, exc.http_status, "No download", exc.message_en, back)


@api_router.get("/{assignment_id}/submissions.zip")
def api_submissions_zip(request: Request, assignment_id: str) -> Response:
    return _submissions(service_of(request), assignment_id, request.query_params.get("scope", "counted"))


@router.get("/student-folder.zip")
def student_folder(request: Request) -> Response:
    session = page_auth.current_session(request)
    service: Service = page_auth.service_of(request)
    student = service.identity.student(session.student_id) if session.is_student else None
    if student is None:
        return page_kit.redirect(request, "/login")
    wanted = request.query_params.get("assignment")
    try:
        folder = archives.student_folder_zip(
            service.notebooks, wanted[:64] if wanted else None, student.student_id
        )
    except Refusal as exc:
        if exc.http_status == 403:  # not open yet: say when it opens
            return page_kit.error_page(request, session, 403, _("作业还没有开放"), exc.message_zh)
        return page_kit.error_page(request, session, 404, _("找不到这个作业"), _("没有这个作业的文件夹。"))
    except KeyError:
        return page_kit.error_page(request, session, 404, _("找不到这个作业"), _("没有这个作业的文件夹。"))
    return _zip(folder.data, folder.name)
