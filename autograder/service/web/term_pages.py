"""The TA's term pages (English, like the dashboard): the assignments, one assignment's students with
their counted attempt, late penalty and final score, one student's deadlines with a form that
grants an extension, the "release grades" button, and each assignment's exports.

    GET  /ta/assignments                                   list, downloads, course summary
    GET  /ta/assignments/{a}                               students: counted attempt, penalty, final
    POST /ta/assignments/{a}/release-grades                students see scores and feedback from now on
    POST /ta/assignments/{a}/unrelease-grades              hide them again (audited)
    GET  /ta/assignments/{a}/students/{s}                  deadlines, extension form, attempts
    POST /ta/assignments/{a}/students/{s}/extension        due_at, late_until (ISO 8601 with offset)
    GET  /ta/assignments/{a}/{grades,canvas,moodle}.csv, /ta/assignments/summary.csv

Every post carries the session's CSRF token; operations act as "ta" (the one TA token).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from autograder.grade.reports import format_score
from autograder.i18n import _
from autograder.service.domain.core import Refusal, Service
from autograder.service.domain.entry import term_page_queries
from autograder.service.domain.gradebook import extension_commands
from autograder.service.web import page_auth, page_kit, rubric_pages
from autograder.service.web.form_posts import PostedForm, form_of, form_post
from autograder.service.web.sessions import CSRF_FIELD, csrf_ok
from autograder.service.web.term_api import TA_ACTOR
from autograder.term import deadline_range
from autograder.term.counting import Extension, deadlines_for
from autograder.term.course import Assignment

router = APIRouter(include_in_schema=False)


def _assignment_or_none(service: Service, assignment_id: str) -> Assignment | None:
    return service.assignments.get(assignment_id)


def _when(service: Service, t: float | None) -> str:
    """A time in the course's time zone, the zone named ("—" for none)."""
    return service.course_clock.show(t)


def _num(x: float | None) -> str:
    return "" if x is None else format_score(x)


@router.get("/ta/assignments")
@router.get("/ta/assignments/")  # served, not a bare 307 to the slash-less path
def ta_assignments(request: Request) -> Response:
    session = page_auth.current_session(request)
    if not session.is_ta:
        return page_kit.redirect(request, "/login")
    service = page_auth.service_of(request)
    rows = [
        {
            "id": a.id,
            "title": a.title,
            "due": _when(service, a.due_at),
            "late_until": _when(service, a.late_until),
            "visibility": a.visibility,
            "released": _when(service, service.grade_release.released_at(a.id)),
        }
        for a in service.assignments.values()
    ]
    return page_kit.render(request, session, "ta_assignments.html", {"assignments": rows})


def _hours_late(assignment: Assignment, ext: Extension | None, row: Any) -> str:
    """How late the counted attempt came, in hours after the student's own due date ("" on time)."""
    due = deadlines_for(assignment, ext).due_at
    if row is None or due is None or row.submitted_at <= due:
        return ""
    return f"{(row.submitted_at - due) / 3600:.1f}"


def _student_rows(service: Service, assignment: Assignment) -> list[dict[str, Any]]:
    granted = term_page_queries.extensions_of(service, assignment.id)
    names = {s.student_id: s.name for s in service.identity.students()}
    ledger = service.exports.ledger
    return [
        {
            "student_id": c.student_id,
            "name": names.get(c.student_id, ""),
            "attempt": "" if c.row is None else f"#{c.record.attempt_number}",
            "attempt_id": None if c.row is None else c.record.attempt_id,  # its TA page
            "attempt_number": c.record.attempt_number,
            "hours_late": _hours_late(assignment, granted.get(c.student_id), c.row),
            "state": "not submitted" if c.row is None else c.row.status,
            "late": "late" if c.late else "",
            "factor": f"{c.factor:g}",
            # the final total beside its parts (score_parts.py): exercises, the quiz's choice and
            # written points before the late factor, the late penalty of both, a total override
            "raw": _num(p.exercises),
            "choice": _num(p.choice) if p.quiz_on else "",
            "written": _num(p.written) if p.quiz_on else "",
            "penalty": _num(p.late_penalty),
            "override": _num(p.override_total),
            "final": _num(p.final_total),
            "extension": _when(service, granted[c.student_id].due_at) if c.student_id in granted else "",
            "quiz_pending": c.record.quiz_pending,  # written quiz answers not graded: incomplete
        }
        for c in service.exports.counted_scores(assignment.id)
        for p in (ledger.parts(c.record),)
    ]


@router.get("/ta/assignments/summary.csv")
def ta_summary_csv(request: Request) -> Response:
    return _ta_csv(request, lambda: page_auth.service_of(request).exports.summary_csv(), "course-summary.csv")


@router.get("/ta/assignments/{assignment_id}")
def ta_assignment(request: Request, assignment_id: str) -> Response:
    session = page_auth.current_session(request)
    if not session.is_ta:
        return page_kit.redirect(request, "/login")
    service = page_auth.service_of(request)
    assignment = _assignment_or_none(service, assignment_id)
    if assignment is None:
        return page_kit.error_page(
            request, session, 404, "No such assignment", assignment_id, back="/ta/assignments"
        )
    notices = [page_kit.Notice("ok", "Grades released.")] if request.query_params.get("released") else []
    extended = request.query_params.get("extended", "")
    if extended.isdigit():
        notices.append(page_kit.Notice("ok", f"Extension granted to {int(extended)} student(s)."))
    if request.query_params.get("unreleased"):
        hidden = "Grades hidden again: students see them only after a new release."
        notices.append(page_kit.Notice("ok", hidden))
    released = service.grade_release.released_at(assignment.id)
    context = {
        "notices": notices,
        "a": assignment,
        "due": _when(service, assignment.due_at),
        "late_until": _when(service, assignment.late_until),
        "late_policy": assignment.late_policy.to_json() if assignment.late_policy else None,
        "released": _when(service, released) if released is not None else "",
        "students": _student_rows(service, assignment),
        "max_total": _num(service.exports.max_total(assignment.id)),  # the quiz's points included
        "quiz": rubric_pages.quiz_status(service, assignment),
        "zone": service.course_clock.name,
        "picker_due": service.course_clock.picker_value(assignment.due_at),
    }
    return page_kit.render(request, session, "ta_assignment.html", context)


def _checked_form(request: Request, posted: PostedForm, back: str) -> tuple[Any, Response | None]:
    """The posted form, or the error page to answer instead (too large, expired CSRF token)."""
    session = page_auth.current_session(request)
    try:
        form = form_of(posted)
    except page_kit.FormRefused as exc:
        return None, page_kit.error_page(request, session, 413, "Request too large", str(exc), back=back)
    if not csrf_ok(session, form.get(CSRF_FIELD)):
        return None, page_kit.error_page(
            request, session, 403, "Expired form", "The page expired; reload and retry.", back
        )
    return form, None


@router.post("/ta/assignments/{assignment_id}/release-grades")
async def ta_release_grades(request: Request, assignment_id: str) -> Response:
    return await form_post(request, _release_grades, assignment_id)


def _release_grades(request: Request, assignment_id: str, posted: PostedForm) -> Response:
    session = page_auth.current_session(request)
    if not session.is_ta:
        return page_kit.redirect(request, "/login")
    service = page_auth.service_of(request)
    assignment = _assignment_or_none(service, assignment_id)
    if assignment is None:
        return page_kit.error_page(
            request, session, 404, "No such assignment", assignment_id, back="/ta/assignments"
        )
    form, refused = _checked_form(request, posted, f"/ta/assignments/{assignment.id}")
    if refused is not None:
        return refused
    if (warning := rubric_pages.release_warning(request, session, service, assignment, form)) is not None:
        return warning  # written quiz answers not all graded: the TA confirms first
    service.grade_release.release(assignment.id, actor=session.ta_name or TA_ACTOR)
    return page_kit.redirect(request, f"/ta/assignments/{assignment.id}?released=1")


@router.post("/ta/assignments/{assignment_id}/unrelease-grades")
async def ta_unrelease_grades(request: Request, assignment_id: str) -> Response:
    return await form_post(request, _unrelease_grades, assignment_id)


def _unrelease_grades(request: Request, assignment_id: str, posted: PostedForm) -> Response:
    session = page_auth.current_session(request)
    if not session.is_ta:
        return page_kit.redirect(request, "/login")
    service = page_auth.service_of(request)
    assignment = _assignment_or_none(service, assignment_id)
    if assignment is None:
        return page_kit.error_page(
            request, session, 404, "No such assignment", assignment_id, back="/ta/assignments"
        )
    _form, refused = _checked_form(request, posted, f"/ta/assignments/{assignment.id}")
    if refused is not None:
        return refused
    service.grade_release.unrelease(assignment.id, actor=session.ta_name or TA_ACTOR)
    return page_kit.redirect(request, f"/ta/assignments/{assignment.id}?unreleased=1")


@router.get("/ta/assignments/{assignment_id}/students/{student_id}")
def ta_student(request: Request, assignment_id: str, student_id: str) -> Response:
    session = page_auth.current_session(request)
    if not session.is_ta:
        return page_kit.redirect(request, "/login")
    service = page_auth.service_of(request)
    assignment = _assignment_or_none(service, assignment_id)
    student = service.identity.student(student_id)
    if assignment is None or student is None:
        return page_kit.error_page(
            request, session, 404, "Not found", "No such assignment or student.", "/ta/assignments"
        )
    notices = [page_kit.Notice("ok", "Extension granted.")] if request.query_params.get("granted") else []
    return page_kit.render(
        request,
        session,
        "ta_student.html",
        {"notices": notices, **_student_context(service, assignment, student_id)},
    )


def _student_context(service: Service, assignment: Assignment, student_id: str) -> dict[str, Any]:
    ext = term_page_queries.extension_of(service, assignment.id, student_id)
    deadlines = service.counting.deadlines(student_id, assignment.id)
    counted = service.exports.counted_score(assignment.id, student_id)
    detail = service.counting.counted_detail(student_id, assignment.id)
    counted_id = detail.attempt_id if detail is not None else None
    attempts = [
        {"id": a.id, "submitted": _when(service, a.submitted_at), "state": str(a.status),
         "late": "late" if a.late else "", "score": _num(a.score), "counted": counted_id == a.id}
        for a in service.attempt_reads.attempts(student_id, assignment.id)
    ]  # fmt: skip
    return {
        "a": assignment,
        "student": service.identity.student(student_id),
        "due": _when(service, deadlines.due_at),
        "late_until": _when(service, deadlines.late_until),
        "extension": None
        if ext is None
        else {"due": _when(service, ext.due_at), "late_until": _when(service, ext.late_until)},
        "factor": f"{counted.factor:g}",
        **_parts_context(service, counted.record),
        "attempts": attempts,
    }


def _parts_context(service: Service, record: Any) -> dict[str, str]:
    """A student's final total beside its parts, each with its maximum (score_parts.py)."""
    p = service.exports.ledger.parts(record)
    return {
        "raw": _num(p.exercises),
        "exercises_max": _num(p.exercises_max),
        "quiz_on": "1" if p.quiz_on else "",
        "choice": _num(p.choice),
        "choice_max": _num(p.choice_max),
        "written": _num(p.written),
        "written_max": _num(p.written_max),
        "penalty": _num(p.late_penalty),
        "override": _num(p.override_total),
        "final": _num(p.final_total),
        "max_total": _num(p.max_total),
    }


def _parse_when(text: str, key: str, *, optional: bool) -> float | None:
    if not text and optional:
        return None
    try:
        when = datetime.fromisoformat(text)
        stamp = deadline_range.checked(when, key) if when.tzinfo is not None else None
    except deadline_range.DeadlineError as exc:
        raise Refusal(422, _("时间超出范围。"), str(exc)) from None
    except (ValueError, OverflowError):  # OverflowError: an offset past year 1 or 9999
        stamp = None
    if stamp is None:
        raise Refusal(
            422,
            _("时间格式不对。"),
            f"{key}: an ISO 8601 time with a UTC offset, e.g. 2026-12-20T23:59+08:00",
        )
    return stamp


@router.post("/ta/assignments/{assignment_id}/students/{student_id}/extension")
async def ta_grant_extension(request: Request, assignment_id: str, student_id: str) -> Response:
    return await form_post(request, _grant_extension, assignment_id, student_id)


def _grant_extension(request: Request, assignment_id: str, student_id: str, posted: PostedForm) -> Response:
    session = page_auth.current_session(request)
    if not session.is_ta:
        return page_kit.redirect(request, "/login")
    service = page_auth.service_of(request)
    assignment = _assignment_or_none(service, assignment_id)
    page = f"/ta/assignments/{assignment_id}/students/{student_id}"
    if assignment is None or service.identity.student(student_id) is None:
        return page_kit.error_page(
            request, session, 404, "Not found", "No such assignment or student.", "/ta/assignments"
        )
    form, refused = _checked_form(request, posted, page)
    if refused is not None:
        return refused
    try:
        due = _parse_when(page_kit.text_field(form, "due_at", 64).strip(), "due_at", optional=False)
        until = _parse_when(page_kit.text_field(form, "late_until", 64).strip(), "late_until", optional=True)
        assert due is not None
        if until is not None and until < due:
            raise Refusal(422, _("迟交截止早于截止时间。"), "late_until is before due_at")
    except Refusal as exc:
        return page_kit.error_page(request, session, 422, "Extension not granted", exc.message_en, back=page)
    actor = session.ta_name or TA_ACTOR
    ext = Extension(due, until)
    extension_commands.grant(service, assignment, student_id, ext, actor, service.clock())
    return page_kit.redirect(request, f"/ta/assignments/{assignment.id}/students/{student_id}?granted=1")


def _ta_csv(request: Request, make: Any, filename: str) -> Response:
    if not page_auth.current_session(request).is_ta:
        return page_kit.redirect(request, "/login")
    try:
        return page_kit.csv_download(make(), filename)
    except Refusal:
        return page_kit.error_page(
            request, page_auth.current_session(request), 404, "No such assignment", "", back="/ta/assignments"
        )


@router.get("/ta/assignments/{assignment_id}/{kind}.csv")
def ta_assignment_csv(request: Request, assignment_id: str, kind: str) -> Response:
    exports = page_auth.service_of(request).exports
    makers = {
        "grades": exports.assignment_grades_csv,
        "canvas": exports.canvas_csv,
        "moodle": exports.moodle_csv,
        "quiz": exports.quiz_csv,
    }
    if kind not in makers or not assignment_id.replace("-", "").replace("_", "").isalnum():
        return page_kit.error_page(
            request, page_auth.current_session(request), 404, "Not found", "", back="/ta/assignments"
        )
    return _ta_csv(request, lambda: makers[kind](assignment_id), f"{kind}-{assignment_id}.csv")
