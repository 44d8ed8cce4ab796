"""Pages of grade review (#22): the TAs' student page (overrides with a comment), the regrade-request
queue and threads, the audit log; the student's section of their home page (their counted grade
with the TAs' comments, their requests, the audit entries about them), in Simplified Chinese.

Same rules as `pages.py`, whose plumbing this uses: session cookie, a CSRF token on every form,
bounded form bodies, strict CSP, every lookup scoped to the session's student. Every change goes
through `grade_review` with the session's TA name as the actor, so it is audited like the API's.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any
from urllib.parse import quote

from fastapi import APIRouter, Request
from fastapi.responses import Response

from autograder.messages import AUDIT_ACTION_ZH, OVERRIDE_TOTAL_ZH, REQUEST_STATUS_ZH
from autograder.service import audit, grade_review, overrides, pages, regrade_requests
from autograder.service.core import Refusal, Service
from autograder.service.sessions import CSRF_FIELD, Session, csrf_ok

router = APIRouter(include_in_schema=False)
MAX_REVIEW_FORM_BYTES = 64 * 1024  # a message of 4000 characters, percent-encoded


def _when(t: float) -> str:
    return datetime.fromtimestamp(t, UTC).strftime("%Y-%m-%d %H:%M UTC")


def _pts(x: float | None) -> str:
    return "—" if x is None else f"{x:g}"


def _grade_rows(grade: grade_review.StudentGrade) -> list[dict[str, Any]]:
    raw = grade.attempt.exercises if grade.graded and grade.attempt else {}
    rows = []
    for ex, top in grade.max_points.items():
        entry = next((e for e in grade.override.entries if e.target == ex), None) if grade.override else None
        rows.append(
            {
                "exercise": ex,
                "raw": _pts(raw.get(ex)) if grade.graded else "—",
                "score": _pts(grade.applied.exercises.get(ex)) if grade.graded or entry else "—",
                "max": f"{top:g}",
                "override": entry,
            }
        )
    return rows


def grade_context(grade: grade_review.StudentGrade) -> dict[str, Any]:
    total_entry = (
        next((e for e in grade.override.entries if e.target == overrides.TOTAL), None)
        if grade.override
        else None
    )
    return {
        "grade": grade,
        "grade_rows": _grade_rows(grade),
        "total_text": _pts(grade.applied.total),
        "raw_total_text": _pts(grade.attempt.score if grade.graded and grade.attempt else None),
        "max_total_text": f"{sum(grade.max_points.values()):g}",
        "total_override": total_entry,
    }


# ---- the student's section of the home page ------------------------------------------------------


def _actor_zh(actor: str, student_id: str) -> str:
    if actor == audit.student_actor(student_id):
        return "你"
    if actor == audit.SYSTEM:
        return "系统"
    return f"助教 {actor}"


def _value_zh(value: Any) -> str:
    if value is None:
        return "—"
    if isinstance(value, dict):
        if "requeued" in value:
            return f"{value['requeued']} 次提交重新排队评分"
        if "files" in value:
            return "文件:" + "、".join(map(str, value["files"])) + ("(迟交)" if value.get("late") else "")
        if "score" in value:
            return f"{value['score']:g} 分" if isinstance(value["score"], int | float) else "—"
        if "points" in value:
            target = OVERRIDE_TOTAL_ZH if value.get("target") == overrides.TOTAL else value.get("target")
            return f"{target}:{value['points']:g} 分"
        if "due_at" in value:
            return f"截止 {value['due_at']}" + (
                f",迟交截止 {value['late_until']}" if value.get("late_until") else ""
            )
        if "status" in value:
            return "评分系统故障" if value["status"] == "grader_error" else str(value["status"])
    if isinstance(value, list):
        return f"{len(value)} 次提交"
    return json.dumps(value, ensure_ascii=False)[:200]


def audit_rows_zh(entries: list[audit.Entry], student_id: str) -> list[dict[str, str]]:
    return [
        {
            "at": _when(e.at),
            "action": AUDIT_ACTION_ZH.get(e.action, e.action),
            "actor": _actor_zh(e.actor, student_id),
            "attempt": "" if e.attempt_id is None else str(e.attempt_id),
            "old": _value_zh(e.old),
            "new": _value_zh(e.new),
        }
        for e in reversed(entries)  # newest first
    ]


def _thread_view(r: regrade_requests.Request, student_id: str | None = None) -> dict[str, Any]:
    def who(author: str) -> str:
        if student_id is None:
            return author
        return "你" if author == audit.student_actor(student_id) else f"助教 {author}"

    return {
        "item": r,
        "status_zh": REQUEST_STATUS_ZH.get(r.status, r.status),
        "created": _when(r.created_at),
        "messages": [
            {"who": who(m.author), "from_student": m.from_student, "body": m.body, "at": _when(m.at)}
            for m in r.messages
        ],
    }


def _assignment_query(service: Service, assignment_id: str) -> str:
    """`?assignment=ID` for any assignment but the first (whose pages keep their plain paths)."""
    return "" if assignment_id == service.assignment.id else "?assignment=" + quote(assignment_id, safe="")


def _chosen(service: Service, request: Request) -> str:
    """The assignment a review page or form is about: `?assignment=ID`, else the first."""
    return request.query_params.get("assignment") or service.assignment.id


def student_section(service: Service, student_id: str, assignment_id: str | None = None) -> dict[str, Any]:
    """What the home page (or an assignment's page) shows under「成绩与复核」(pages._home adds it)."""
    aid = assignment_id or service.assignment.id
    grade = grade_review.student_grade(service, aid, student_id, for_student=True)
    with service.engine.connect() as conn:
        mine = regrade_requests.listing(conn, student_id=student_id)
    return {
        "review": {
            **grade_context(grade),
            "requests": [_thread_view(r, student_id) for r in mine],
            "audit": audit_rows_zh(grade_review.student_audit(service, student_id), student_id),
            "can_request": grade.graded,
            "max_message": regrade_requests.MAX_MESSAGE_CHARS,
            "assignment_query": _assignment_query(service, aid),
        }
    }


async def _form(request: Request, session: Session, back: str) -> dict[str, str] | Response:
    """The posted fields, or the error page to answer with (too large, expired CSRF token)."""
    try:
        form = await pages._small_form(request, MAX_REVIEW_FORM_BYTES, 6)
    except pages._FormRefused as exc:
        return pages._error_page(request, session, 413, "无法提交", str(exc), back=back)
    if not csrf_ok(session, form.get(CSRF_FIELD)):
        return pages._error_page(request, session, 403, "页面已过期", "页面已过期,请刷新后再试。", back)
    return {k: v for k, v in form.items() if isinstance(v, str)}


@router.post("/regrade-requests")
async def student_request(request: Request) -> Response:
    session = pages._current(request)
    student = pages._student(request, session)
    if student is None:
        return pages._redirect(request, "/login")
    form = await _form(request, session, "/")
    if isinstance(form, Response):
        return form
    service = pages._service(request)
    try:
        grade_review.open_request(
            service,
            _chosen(service, request),
            student.student_id,
            form.get("exercise", ""),
            form.get("message", ""),
        )
    except Refusal as exc:
        return pages._error_page(request, session, exc.http_status, "没能提交复核申请", exc.message_zh)
    aid = _chosen(service, request)
    page = "/" if aid == service.assignment.id else f"/assignments/{quote(aid, safe='')}"
    return pages._redirect(request, page + "#review")


@router.post("/regrade-requests/{request_id:int}/messages")
async def student_reply(request: Request, request_id: int) -> Response:
    session = pages._current(request)
    student = pages._student(request, session)
    if student is None:
        return pages._redirect(request, "/login")
    form = await _form(request, session, "/")
    if isinstance(form, Response):
        return form
    service = pages._service(request)
    actor = audit.student_actor(student.student_id)
    try:
        grade_review.post_message(service, request_id, actor, form.get("message", ""), student.student_id)
    except Refusal as exc:
        return pages._error_page(request, session, exc.http_status, "没能发送留言", exc.message_zh)
    return pages._redirect(request, "/#review")


# ---- TA pages (English, like the dashboard) --------------------------------------------------------


def _ta(request: Request) -> Session | None:
    session = pages._current(request)
    return session if session.is_ta else None


def _ta_error(request: Request, session: Session, exc: Refusal, back: str) -> Response:
    return pages._error_page(request, session, exc.http_status, "Refused", exc.message_en, back=back)


@router.get("/ta/find-student")
def ta_find_student(request: Request) -> Response:
    if _ta(request) is None:
        return pages._redirect(request, "/login")
    sid = request.query_params.get("student_id", "").strip()
    service = pages._service(request)
    if service.student(sid) is None:
        return pages._redirect(request, "/ta?no_student=1")
    return pages._redirect(request, f"/ta/students/{_path(sid)}")


def _path(student_id: str) -> str:
    return quote(student_id, safe="")


@router.get("/ta/students/{student_id}")
def ta_student(request: Request, student_id: str) -> Response:
    session = _ta(request)
    if session is None:
        return pages._redirect(request, "/login")
    service = pages._service(request)
    aid = _chosen(service, request)
    try:
        grade = grade_review.student_grade(service, aid, student_id, for_student=False)
    except Refusal as exc:
        return _ta_error(request, session, exc, "/ta")
    with service.engine.connect() as conn:
        requests = regrade_requests.listing(conn, student_id=student_id)
    student = service.student(student_id)
    notices = [pages.Notice("ok", "Saved.")] if request.query_params.get("saved") else []
    context = {
        **grade_context(grade),
        "student": student,
        "student_path": _path(student_id),
        "assignment_query": _assignment_query(service, aid),
        "targets": [*grade.max_points, overrides.TOTAL],
        "requests": [_thread_view(r) for r in requests],
        "audit": [_ta_audit_row(e) for e in reversed(audit.entries(service.engine, student_id=student_id))],
        "notices": notices,
    }
    return pages._render(request, session, "ta_review_student.html", context)


@router.post("/ta/students/{student_id}/overrides")
async def ta_set_override(request: Request, student_id: str) -> Response:
    session = _ta(request)
    if session is None:
        return pages._redirect(request, "/login")
    service = pages._service(request)
    aid = _chosen(service, request)
    query = _assignment_query(service, aid)
    back = f"/ta/students/{_path(student_id)}{query}"
    form = await _form(request, session, back)
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
    return pages._redirect(request, back + ("&" if query else "?") + "saved=1")


def _points(value: str) -> float:
    try:
        return float(value)
    except ValueError:
        raise Refusal(422, "分数格式不对。", f"points must be a number, not {value[:20]!r}") from None


@router.get("/ta/requests")
def ta_requests(request: Request) -> Response:
    session = _ta(request)
    if session is None:
        return pages._redirect(request, "/login")
    with pages._service(request).engine.connect() as conn:
        found = regrade_requests.listing(conn)
    rows = [
        {
            **_thread_view(r),
            "student_path": _path(r.student_id),
            "first": r.messages[0].body if r.messages else "",
        }
        for r in found
    ]
    n_open = sum(1 for r in found if r.status == regrade_requests.OPEN)
    return pages._render(request, session, "ta_requests.html", {"rows": rows, "n_open": n_open})


# A thread is /ta/request/<id>, not /ta/requests/<id>: a route that is another route plus "/" gets
# the framework's empty 307 redirect for "/ta/requests/" (every page answers with a body).
@router.get("/ta/request/{request_id:int}")
def ta_request(request: Request, request_id: int) -> Response:
    session = _ta(request)
    if session is None:
        return pages._redirect(request, "/login")
    service = pages._service(request)
    try:
        found = grade_review.request_of(service, request_id, None)
        grade = grade_review.student_grade(service, found.assignment_id, found.student_id, for_student=False)
    except Refusal as exc:
        return _ta_error(request, session, exc, "/ta/requests")
    row = (
        next(r for r in _grade_rows(grade) if r["exercise"] == found.exercise)
        if found.exercise in grade.max_points
        else None
    )
    context = {**_thread_view(found), "student_path": _path(found.student_id), "exercise_row": row}
    return pages._render(request, session, "ta_request.html", context)


@router.post("/ta/request/{request_id:int}/answer")
async def ta_answer(request: Request, request_id: int) -> Response:
    session = _ta(request)
    if session is None:
        return pages._redirect(request, "/login")
    back = f"/ta/request/{int(request_id)}"
    form = await _form(request, session, back)
    if isinstance(form, Response):
        return form
    service = pages._service(request)
    message = form.get("message", "")
    try:
        if form.get("resolve"):
            raw = form.get("points", "").strip()
            points = _points(raw) if raw else None
            grade_review.resolve_request(service, request_id, session.ta_name, message, points)
        else:
            grade_review.post_message(service, request_id, session.ta_name, message, None)
    except Refusal as exc:
        return _ta_error(request, session, exc, back)
    return pages._redirect(request, back)


def _ta_audit_row(e: audit.Entry) -> dict[str, str]:
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
        "at": _when(e.at),
        "actor": e.actor,
        "action": e.action,
        "student_id": e.student_id or "",
        "student_path": _path(e.student_id) if e.student_id else "",
        "attempt": "" if e.attempt_id is None else str(e.attempt_id),
        "detail": e.detail,
        "old": show(e.old),
        "new": show(e.new),
    }


@router.get("/ta/audit")
def ta_audit(request: Request) -> Response:
    session = _ta(request)
    if session is None:
        return pages._redirect(request, "/login")
    entries = audit.entries(pages._service(request).engine)
    rows = [_ta_audit_row(e) for e in reversed(entries)]
    return pages._render(request, session, "ta_audit.html", {"rows": rows})


@router.get("/ta/audit.csv")
def ta_audit_csv(request: Request) -> Response:
    if _ta(request) is None:
        return pages._redirect(request, "/login")
    return pages._csv_download(audit.to_csv(audit.entries(pages._service(request).engine)), "audit.csv")
