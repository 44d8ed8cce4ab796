"""Pages of grade review (#22): the TAs' student page (overrides with a comment), the regrade-request
queue and threads, the audit log; the student's section of their home page (their counted grade
with the TAs' comments, their requests, the audit entries about them), in Simplified Chinese.

Same rules as `pages.py`, whose plumbing this uses: session cookie, a CSRF token on every form,
bounded form bodies, strict CSP, every lookup scoped to the session's student. Every change goes
through `grade_review` with the session's TA name as the actor, so it is audited like the API's.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

import anyio.to_thread
from fastapi import APIRouter, Request
from fastapi.responses import Response

from autograder.i18n import _
from autograder.service.domain.core import Refusal, Service
from autograder.service.domain.course import audit
from autograder.service.domain.course.course_clock import CourseClock
from autograder.service.domain.entry import review_page_queries
from autograder.service.domain.gradebook import overrides
from autograder.service.domain.identity import audit_names
from autograder.service.domain.review import grade_review, regrade_requests
from autograder.service.web import page_auth, page_kit, pages
from autograder.service.web.form_posts import PostedForm, form_of, read_small_form
from autograder.service.web.review_views import (
    assignment_query,
    grade_context,
    grade_rows,
    thread_view,
    when,
)
from autograder.service.web.sessions import CSRF_FIELD, Session, csrf_ok

router = APIRouter(include_in_schema=False)
MAX_REVIEW_FORM_BYTES = 64 * 1024  # a message of 4000 characters, percent-encoded


def _chosen(service: Service, request: Request) -> str:
    """The assignment a review page or form is about: `?assignment=ID`, else the first."""
    return request.query_params.get("assignment") or service.assignment.id


async def _answer(request: Request, page: Any, *args: Any) -> Response:
    """Read the small form on the loop, answer with `page(request, *args, posted)` in a worker thread."""
    posted = await read_small_form(request, MAX_REVIEW_FORM_BYTES, 6)
    return await anyio.to_thread.run_sync(page, request, *args, posted)


def _form(request: Request, session: Session, posted: PostedForm, back: str) -> dict[str, str] | Response:
    """The posted fields, or the error page to answer with (too large, expired CSRF token)."""
    try:
        form = form_of(posted)
    except page_kit.FormRefused as exc:
        return page_kit.error_page(request, session, 413, _("无法提交"), str(exc), back=back)
    if not csrf_ok(session, form.get(CSRF_FIELD)):
        return page_kit.error_page(
            request, session, 403, _("页面已过期"), _("页面已过期,请刷新后再试。"), back
        )
    return {k: v for k, v in form.items() if isinstance(v, str)}


@router.post("/regrade-requests")
async def student_request(request: Request) -> Response:
    return await _answer(request, _student_request)


def _student_request(request: Request, posted: PostedForm) -> Response:
    session = page_auth.current_session(request)
    student = pages.current_student(request, session)
    if student is None:
        return page_kit.redirect(request, "/login")
    service = page_auth.service_of(request)
    aid = _chosen(service, request)
    # back to the page of the assignment the request is about (in a term "/" lists the assignments),
    # after the request and after a refusal alike
    page = f"/assignments/{quote(aid, safe='')}" if service.assignment_lookup.named else "/"
    form = _form(request, session, posted, page)
    if isinstance(form, Response):
        return form
    try:
        grade_review.open_request(
            service, aid, student.student_id, form.get("exercise", ""), form.get("message", "")
        )
    except Refusal as exc:
        return page_kit.error_page(
            request, session, exc.http_status, _("没能提交复核申请"), exc.message_zh, back=page
        )
    return page_kit.redirect(request, page + "?requested=1#review")


@router.post("/regrade-requests/{request_id:int}/messages")
async def student_reply(request: Request, request_id: int) -> Response:
    return await _answer(request, _student_reply, request_id)


def _student_reply(request: Request, request_id: int, posted: PostedForm) -> Response:
    session = page_auth.current_session(request)
    student = pages.current_student(request, session)
    if student is None:
        return page_kit.redirect(request, "/login")
    form = _form(request, session, posted, "/")
    if isinstance(form, Response):
        return form
    service = page_auth.service_of(request)
    actor = audit.student_actor(student.student_id)
    try:
        grade_review.post_message(service, request_id, actor, form.get("message", ""), student.student_id)
    except Refusal as exc:
        return page_kit.error_page(request, session, exc.http_status, _("没能发送留言"), exc.message_zh)
    return page_kit.redirect(request, "/#review")


# ---- TA pages (English, like the dashboard) --------------------------------------------------------


def _ta(request: Request) -> Session | None:
    session = page_auth.current_session(request)
    return session if session.is_ta else None


def _ta_error(request: Request, session: Session, exc: Refusal, back: str) -> Response:
    return page_kit.error_page(request, session, exc.http_status, "Refused", exc.message_en, back=back)


MAX_FOUND = 50


@router.get("/ta/find-student")
def ta_find_student(request: Request) -> Response:
    """An exact id opens the student; else every student whose id or name contains the text
    (case-insensitive): one opens, several are listed, none goes back to the dashboard."""
    session = _ta(request)
    if session is None:
        return page_kit.redirect(request, "/login")
    text = request.query_params.get("student_id", "").strip()[:128]
    service = page_auth.service_of(request)
    if text and service.identity.student(text) is not None:
        return page_kit.redirect(request, f"/ta/students/{_path(text)}")
    needle = text.casefold()
    found = [
        s
        for s in service.identity.students()
        if needle and (needle in s.student_id.casefold() or needle in s.name.casefold())
    ]
    if not found:
        return page_kit.redirect(request, "/ta?no_student=1")
    if len(found) == 1:
        return page_kit.redirect(request, f"/ta/students/{_path(found[0].student_id)}")
    rows = [
        {"student_id": s.student_id, "name": s.name, "href": f"/ta/students/{_path(s.student_id)}"}
        for s in found
    ]
    context = {"text": text, "found": rows[:MAX_FOUND], "more": max(0, len(rows) - MAX_FOUND)}
    return page_kit.render(request, session, "ta_find_student.html", context)


def _path(student_id: str) -> str:
    return quote(student_id, safe="")


@router.get("/ta/students/{student_id}")
def ta_student(request: Request, student_id: str) -> Response:
    session = _ta(request)
    if session is None:
        return page_kit.redirect(request, "/login")
    service = page_auth.service_of(request)
    aid = _chosen(service, request)
    try:
        grade = grade_review.student_grade(service, aid, student_id, for_student=False)
    except Refusal as exc:
        return _ta_error(request, session, exc, "/ta")
    requests = review_page_queries.request_threads(
        service, student_id=student_id, assignment_id=grade.assignment_id
    )
    student = service.identity.student(student_id)
    notices = [page_kit.Notice("ok", "Saved.")] if request.query_params.get("saved") else []
    context = {
        **grade_context(grade),
        "student": student,
        "student_path": _path(student_id),
        "assignment_query": assignment_query(service, aid),
        "targets": [*grade.max_points, overrides.TOTAL],
        "requests": [thread_view(r, clock=service.course_clock) for r in requests],
        "audit": [
            _ta_audit_row(e, service.course_clock)
            for e in reversed(_audit_for(session, service, student_id).entries)
        ],
        "notices": notices,
    }
    return page_kit.render(request, session, "ta_review_student.html", context)


@router.post("/ta/students/{student_id}/overrides")
async def ta_set_override(request: Request, student_id: str) -> Response:
    return await _answer(request, _set_override, student_id)


def _set_override(request: Request, student_id: str, posted: PostedForm) -> Response:
    session = _ta(request)
    if session is None:
        return page_kit.redirect(request, "/login")
    service = page_auth.service_of(request)
    aid = _chosen(service, request)
    query = assignment_query(service, aid)
    back = f"/ta/students/{_path(student_id)}{query}"
    form = _form(request, session, posted, back)
    if isinstance(form, Response):
        return form
    try:
        target = form.get("target", "")
        if form.get("carry"):
            grade_review.carry_overrides(service, aid, student_id, session.ta_name)
        elif form.get("remove"):
            grade_review.remove_override(service, aid, student_id, target, session.ta_name)
        else:
            points = _points(form.get("points", ""))
            comment = form.get("comment", "")
            grade_review.set_override(service, aid, student_id, target, points, comment, session.ta_name)
    except Refusal as exc:
        return _ta_error(request, session, exc, back)
    return page_kit.redirect(request, back + ("&" if query else "?") + "saved=1")


def _points(value: str) -> float:
    try:
        return float(value)
    except ValueError:
        raise Refusal(422, _("分数格式不对。"), f"points must be a number, not {value[:20]!r}") from None


@router.get("/ta/requests")
def ta_requests(request: Request) -> Response:
    session = _ta(request)
    if session is None:
        return page_kit.redirect(request, "/login")
    service = page_auth.service_of(request)
    chosen = request.query_params.get("assignment") or None
    if chosen is not None and chosen not in service.assignments:
        return page_kit.error_page(request, session, 404, "No such assignment", chosen, back="/ta/requests")
    found = review_page_queries.request_threads(service, assignment_id=chosen)
    rows = [
        {
            **thread_view(r, clock=service.course_clock),
            "student_path": _path(r.student_id),
            "first": r.messages[0].body if r.messages else "",
        }
        for r in found
    ]
    n_open = sum(1 for r in found if r.status == regrade_requests.OPEN)
    context = {
        "rows": rows,
        "n_open": n_open,
        "chosen": chosen or "",
        "assignments": list(service.assignments),
    }
    return page_kit.render(request, session, "ta_requests.html", context)


# A thread is /ta/request/<id>, not /ta/requests/<id>: a route that is another route plus "/" gets
# the framework's empty 307 redirect for "/ta/requests/" (every page answers with a body).
@router.get("/ta/request/{request_id:int}")
def ta_request(request: Request, request_id: int) -> Response:
    session = _ta(request)
    if session is None:
        return page_kit.redirect(request, "/login")
    return _request_page(request, session, request_id)


@dataclass(frozen=True)
class _Typed:
    """What the TA typed into a request's answer form, shown again when the answer is refused."""

    message: str
    points: str
    error: str
    status: int


def _request_page(
    request: Request, session: Session, request_id: int, typed: _Typed | None = None
) -> Response:
    service = page_auth.service_of(request)
    try:
        found = grade_review.request_of(service, request_id, None)
        grade = grade_review.student_grade(service, found.assignment_id, found.student_id, for_student=False)
    except Refusal as exc:
        return _ta_error(request, session, exc, "/ta/requests")
    row = (
        next(r for r in grade_rows(grade) if r["exercise"] == found.exercise)
        if found.exercise in grade.max_points
        else None
    )
    context = {
        **thread_view(found, clock=service.course_clock),
        "student_path": _path(found.student_id),
        "exercise_row": row,
        "typed": typed,
        "notices": [page_kit.Notice("error", typed.error)] if typed else [],
    }
    status = typed.status if typed else 200
    return page_kit.render(request, session, "ta_request.html", context, status_code=status)


@router.post("/ta/request/{request_id:int}/answer")
async def ta_answer(request: Request, request_id: int) -> Response:
    return await _answer(request, _ta_answer, request_id)


def _ta_answer(request: Request, request_id: int, posted: PostedForm) -> Response:
    session = _ta(request)
    if session is None:
        return page_kit.redirect(request, "/login")
    back = f"/ta/request/{int(request_id)}"
    form = _form(request, session, posted, back)
    if isinstance(form, Response):
        return form
    service = page_auth.service_of(request)
    message, raw = form.get("message", ""), form.get("points", "").strip()
    try:
        if form.get("resolve"):
            points = _points(raw) if raw else None
            grade_review.resolve_request(service, request_id, session.ta_name, message, points)
        elif raw:  # points are given by resolving; a reply that dropped them would lose them silently
            why = "Points are set only when resolving: press Resolve, or clear the points to reply only."
            return _request_page(request, session, request_id, _Typed(message, raw, why, 422))
        else:
            grade_review.post_message(service, request_id, session.ta_name, message, None)
    except Refusal as exc:
        error = f"Nothing was saved: {exc.message_en}"
        return _request_page(request, session, request_id, _Typed(message, raw, error, exc.http_status))
    return page_kit.redirect(request, back)


def _ta_audit_row(e: audit.Entry, clock: CourseClock | None = None) -> dict[str, str]:
    def show(v: Any) -> str:
        if isinstance(v, dict) and "exercises" in v:  # a grading's per-exercise scores: in the API and CSV
            v = {k: x for k, x in v.items() if k != "exercises"}
        if isinstance(v, dict):  # "key=value; ..." reads better in a table cell than JSON
            return "; ".join(
                f"{k}={x if isinstance(x, str) else json.dumps(x)}" for k, x in sorted(v.items())
            )[:300]
        return "" if v is None else json.dumps(v, ensure_ascii=False, sort_keys=True)[:300]

    return {
        "id": str(e.id),
        "at": when(e.at, clock),  # the course's time zone, named
        "actor": e.actor,
        "action": e.action,
        "student_id": e.student_id or "",
        "student_path": _path(e.student_id) if e.student_id else "",
        "attempt": "" if e.attempt_id is None else str(e.attempt_id),
        "detail": e.detail,
        "old": show(e.old),
        "new": show(e.new),
    }


def _audit_for(session: Session, service: Service, student_id: str | None = None) -> audit_names.AuditView:
    """The log as this TA may read it now: anonymous grading without names unless revealed."""
    return audit_names.for_ta(service, session.ta_name or "ta", service.clock(), student_id)


@router.get("/ta/audit")
def ta_audit(request: Request) -> Response:
    session = _ta(request)
    if session is None:
        return page_kit.redirect(request, "/login")
    service = page_auth.service_of(request)
    view = _audit_for(session, service)
    rows = [_ta_audit_row(e, service.course_clock) for e in reversed(view.entries)]
    return page_kit.render(request, session, "ta_audit.html", {"rows": rows, "view": view})


@router.post("/ta/audit/names")
async def ta_audit_names(request: Request) -> Response:
    return await _answer(request, _show_audit_names)


def _show_audit_names(request: Request, posted: PostedForm) -> Response:
    session = _ta(request)
    if session is None:
        return page_kit.redirect(request, "/login")
    form = _form(request, session, posted, "/ta/audit")
    if isinstance(form, Response):
        return form
    service = page_auth.service_of(request)
    audit_names.show_names(service, session.ta_name or "ta", service.clock())
    return page_kit.redirect(request, "/ta/audit")


@router.get("/ta/audit.csv")
def ta_audit_csv(request: Request) -> Response:
    session = _ta(request)
    if session is None:
        return page_kit.redirect(request, "/login")
    entries = _audit_for(session, page_auth.service_of(request)).entries
    return page_kit.csv_download(audit.to_csv(entries), "audit.csv")
