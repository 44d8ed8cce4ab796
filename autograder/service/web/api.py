"""The JSON API under /api (FastAPI router). Every operation is a `Service` method (core.py).

Errors are JSON `{"error": <http status>, "message": English, "message_zh": Chinese,
"retry_after": seconds or null}`; a 429 also carries a `Retry-After` header. An attempt id that
is not the caller's answers 404, exactly like one that does not exist.
"""

from __future__ import annotations

import math
from typing import Annotated

import anyio.to_thread
from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response

from autograder.service.domain.core import Refusal, Service, Student
from autograder.service.domain.course import attempt_numbers
from autograder.service.domain.identity import login_backoff
from autograder.service.domain.identity.login_throttle import LOGIN_WINDOW_S
from autograder.service.records import refusal
from autograder.service.web import page_auth, upload_flow
from autograder.service.web.line_comment_student import attempt_json_extra, feedback_with_comments

router = APIRouter(prefix="/api")

NOT_FOUND = refusal(404, "no_attempt", "no such submission")


def refusal_response(exc: Refusal) -> JSONResponse:
    headers = {"Cache-Control": "no-store"}
    if exc.retry_after is not None:
        headers["Retry-After"] = str(max(1, math.ceil(exc.retry_after)))
    if exc.http_status == 401:
        headers["WWW-Authenticate"] = "Bearer"
    doc: dict[str, object] = {
        "error": exc.http_status,
        "message": exc.message_en,
        "message_zh": exc.message_zh,
        "retry_after": exc.retry_after,
    }
    if exc.reason is not None:  # which refusal of this status (messages.SERVICE_ZH's key)
        doc["reason"] = exc.reason
    return JSONResponse(
        doc,
        status_code=exc.http_status,
        headers=headers,
    )


def service_of(request: Request) -> Service:
    return request.app.state.service  # type: ignore[no-any-return]


def bearer_token(request: Request) -> str | None:
    auth = request.headers.get("authorization", "")
    scheme, _, token = auth.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def token_refusal(request: Request, token: str | None, key: str, message_en: str) -> Refusal:
    """The refusal of a request whose bearer token gets it nothing: 401, or 429 once the caller's
    address or this very token has failed too often (`login_backoff.bearer_refused`). A missing
    token is no guess and is not counted; nor is a valid token on a route it does not open."""
    service = service_of(request)
    identity = service.identity
    named = token is not None and (
        identity.student_for_token(token) is not None or identity.ta_for_token(token) is not None
    )
    if token is not None and not named:
        address = page_auth.client_address(request)
        if login_backoff.bearer_refused(service.login_throttle, address, token):
            return refusal(
                429, "login_throttled", "too many invalid tokens; try again later", retry_after=LOGIN_WINDOW_S
            )
    return refusal(401, key, message_en)


def current_student(request: Request) -> Student:
    token = bearer_token(request)
    student = service_of(request).identity.student_for_token(token)
    if student is None:
        raise token_refusal(request, token, "bad_token", "missing or invalid access token")
    return student


CurrentStudent = Annotated[Student, Depends(current_student)]


def require_ta(request: Request) -> str:
    """The TA's name (what the audit log records); 401 without a TA token."""
    token = bearer_token(request)
    name = service_of(request).identity.ta_for_token(token)
    if name is None:
        raise token_refusal(request, token, "need_ta", "missing or invalid TA token")
    return name


CurrentTa = Annotated[str, Depends(require_ta)]


@router.post("/submissions", status_code=202)
async def post_submission(
    request: Request, student: CurrentStudent, assignment: str | None = None
) -> JSONResponse:
    """`?assignment=ID` names the assignment of a term (optional while exactly one is open)."""
    service = service_of(request)
    attempt = await upload_flow.accept_upload(request, service, student.student_id, assignment)
    number = await anyio.to_thread.run_sync(_number_of, service, student.student_id, int(attempt.id))
    return JSONResponse(
        {"id": attempt.id, "number": number, "status": attempt.status},
        status_code=202,
        headers={"Location": f"/api/submissions/{attempt.id}"},
    )


def _number_of(service: Service, student_id: str, attempt_id: int) -> int:
    """The attempt's number among the student's attempts (a query: run off the loop)."""
    return attempt_numbers.numbers(service.student_views.attempts(student_id))[attempt_id]


@router.get("/submissions/{attempt_id}")
def get_submission(attempt_id: int, request: Request, student: CurrentStudent) -> JSONResponse:
    service = service_of(request)
    attempt = service.student_views.attempt(student.student_id, attempt_id)
    if attempt is None:
        raise NOT_FOUND
    number = attempt_numbers.numbers(service.student_views.attempts(student.student_id))[attempt.id]
    comments = attempt_json_extra(request, student.student_id, attempt.id)  # {} until the grade is shown
    return JSONResponse(
        {**attempt.to_json(), "number": number, **comments}, headers={"Cache-Control": "no-store"}
    )


@router.get("/submissions/{attempt_id}/feedback")
def get_feedback(attempt_id: int, request: Request, student: CurrentStudent) -> Response:
    service = service_of(request)
    if service.student_views.attempt(student.student_id, attempt_id) is None:
        raise NOT_FOUND
    html = service.student_views.feedback_html(student.student_id, attempt_id)
    if html is None:
        raise refusal(404, "no_feedback", "no feedback yet (not graded)")
    html = feedback_with_comments(request, student.student_id, attempt_id, html)
    # The batch's feedback.html escapes all student text; no script is needed to show it.
    csp = "sandbox; default-src 'none'; style-src 'unsafe-inline'"
    return HTMLResponse(html, headers={"Cache-Control": "no-store", "Content-Security-Policy": csp})


@router.get("/me/submissions")
def my_submissions(request: Request, student: CurrentStudent) -> JSONResponse:
    attempts = service_of(request).student_views.attempts(student.student_id)
    number = attempt_numbers.numbers(attempts)  # `id` stays the address; `number` is what people read
    return JSONResponse(
        [{**a.to_json(), "number": number[a.id]} for a in attempts], headers={"Cache-Control": "no-store"}
    )


@router.get("/me/assignments")
def my_assignments(request: Request, student: CurrentStudent) -> JSONResponse:
    """`[{"id", "title", "chapters", "open"}]`: what the notebook's submit cell names and sends."""
    targets = service_of(request).assignment_lookup.upload_targets()
    return JSONResponse(targets, headers={"Cache-Control": "no-store"})


@router.get("/grades.csv", dependencies=[Depends(require_ta)])
def grades_csv(request: Request) -> PlainTextResponse:
    return PlainTextResponse(
        service_of(request).exports.grades_csv(),
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": 'attachment; filename="grades.csv"', "Cache-Control": "no-store"},
    )


@router.get("/canvas.csv", dependencies=[Depends(require_ta)])
def canvas_csv(request: Request) -> PlainTextResponse:
    return PlainTextResponse(
        service_of(request).exports.canvas_csv(),
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": 'attachment; filename="canvas.csv"', "Cache-Control": "no-store"},
    )


@router.get("/status", dependencies=[Depends(require_ta)])
def status(request: Request) -> JSONResponse:
    return JSONResponse(service_of(request).exports.status(), headers={"Cache-Control": "no-store"})


@router.get("/dashboard", dependencies=[Depends(require_ta)])
def dashboard(request: Request) -> JSONResponse:
    """`?assignment=ID` (a 404 for an unknown one); without it the first assignment."""
    wanted = request.query_params.get("assignment")
    board = service_of(request).exports.dashboard(wanted[:64] if wanted else None)
    return JSONResponse(board, headers={"Cache-Control": "no-store"})


@router.post("/students/{student_id}/regrade")
def regrade(student_id: str, request: Request, ta: CurrentTa) -> JSONResponse:
    try:
        n = service_of(request).queue.regrade(student_id, ta)
    except KeyError:
        raise refusal(404, "no_student", "no such student") from None
    return JSONResponse({"student_id": student_id, "requeued": n}, status_code=202)
