"""The term's JSON API (TA side): assignments, extensions, each student's counted attempt and final
score, releasing grades, and the exports of each assignment and of the course.

    GET    /api/assignments                              the assignments (course data)
    GET    /api/assignments/summary.csv                  one row per student: each final total, sum
    GET    /api/assignments/{a}/students/{s}             deadlines, extension, counted attempt, score
    PUT    /api/assignments/{a}/extensions/{s}           {"due_at": ISO 8601, "late_until": ISO or null}
    DELETE /api/assignments/{a}/extensions/{s}
    POST   /api/assignments/{a}/extensions.csv           student_id,due_at[,late_until] (all or none)
    POST   /api/assignments/{a}/release-grades           students see scores and feedback from now on
                                                         (409 while written quiz answers are not graded,
                                                         unless ?confirm_incomplete=1)
    POST   /api/assignments/{a}/unrelease-grades         hidden again, kept-visible grades too (audited)
    GET    /api/assignments/{a}/grades.csv               `total` final; + raw_total, late_penalty, override,
                                                         final_total, late_factor, quiz_* (exports.py)
    GET    /api/assignments/{a}/quiz.csv                 per student and quiz question: points, items, grader
    GET    /api/assignments/{a}/canvas.csv | moodle.csv  LMS imports of the final totals

An extension takes effect at once: the student's late flags are rewritten and the counted attempt,
its late factor and penalty follow from it on the next read. Operations that change a grade,
a deadline or visibility act as "ta" (the one TA token).
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Annotated, Any

import anyio.to_thread
from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse, PlainTextResponse

from autograder.i18n import _
from autograder.service.domain.core import Refusal, Service, iso
from autograder.service.domain.course import extensions
from autograder.service.domain.gradebook import extension_commands
from autograder.service.web import rubric_pages
from autograder.service.web.api import CurrentTa, require_ta, service_of
from autograder.term import deadline_range
from autograder.term.counting import Deadlines, Extension
from autograder.term.course import Assignment
from autograder.term.extension_csv import ExtensionCsvError, parse_extensions_csv

router = APIRouter(prefix="/api/assignments", dependencies=[Depends(require_ta)])
MAX_BODY = 4096
MAX_CSV_BYTES = 1 << 20


TA_ACTOR = "ta"  # the actor of every change made with the one TA token


def _assignment(service: Service, assignment_id: str) -> Assignment:
    return service.assignment_lookup.assignment(assignment_id)  # a 404 Refusal for an unknown one


def _when(value: Any, key: str, *, optional: bool) -> float | None:
    if value is None and optional:
        return None
    try:
        when = datetime.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        when = None
    if when is None or when.tzinfo is None:
        raise Refusal(422, _("时间格式不对。"), f"{key} must be an ISO 8601 time with a UTC offset")
    try:
        return deadline_range.checked(when, key)
    except deadline_range.DeadlineError as exc:
        raise Refusal(422, _("时间超出范围。"), str(exc)) from None


async def _extension_body(request: Request) -> Extension:
    raw = await request.body()
    try:
        doc = json.loads(raw) if len(raw) <= MAX_BODY else None
    except ValueError:
        doc = None
    if not isinstance(doc, dict) or not set(doc) <= {"due_at", "late_until"} or "due_at" not in doc:
        raise Refusal(
            400, _("请求格式不对。"), 'body must be {"due_at": ISO 8601, "late_until": ISO 8601 or null}'
        )
    due = _when(doc["due_at"], "due_at", optional=False)
    until = _when(doc.get("late_until"), "late_until", optional=True)
    assert due is not None
    if until is not None and until < due:
        raise Refusal(422, _("迟交截止早于截止时间。"), "late_until is before due_at")
    return Extension(due, until)


def _deadlines_json(d: Deadlines) -> dict[str, str | None]:
    return {
        "due_at": iso(d.due_at) if d.due_at is not None else None,
        "late_until": iso(d.late_until) if d.late_until is not None else None,
    }


def _counted_json(service: Service, assignment_id: str, student_id: str) -> dict[str, Any] | None:
    counted = service.counting.counted_detail(student_id, assignment_id)
    if counted is None:
        return None
    ledger = service.exports.ledger
    parts = ledger.parts(ledger.record(assignment_id, student_id))  # one name per number: the ledger's
    return {
        "attempt_id": counted.attempt_id,
        "attempt_number": ledger.record(assignment_id, student_id).attempt_number,
        "late": counted.late,
        "lateness_s": counted.lateness_s,
        "factor": parts.factor,
        "raw_total": parts.exercises,
        "late_penalty": parts.late_penalty,
        "override_total": parts.override_total,
        "quiz_choice": parts.choice,
        "quiz_written": parts.written,
        "quiz_points": parts.quiz_points,
        "quiz_max": parts.quiz_max,
        "final_total": parts.final_total,
        "max_total": parts.max_total,
    }


def student_term_json(service: Service, student_id: str, assignment_id: str | None = None) -> dict[str, Any]:
    if service.identity.student(student_id) is None:
        raise Refusal(404, _("没有这个学生。"), f"no student {student_id!r}")
    assignment = service.assignment_lookup.assignment(assignment_id)
    ext = extensions.current(service, assignment.id, student_id)
    return {
        "assignment": assignment.id,
        "student_id": student_id,
        "deadlines": _deadlines_json(service.counting.deadlines(student_id, assignment.id)),
        "extension": None if ext is None else _deadlines_json(Deadlines(ext.due_at, ext.late_until)),
        "counted": _counted_json(service, assignment.id, student_id),
        "grades_visible": service.grade_release.of(student_id, assignment.id).visible,
    }


def _assignment_json(service: Service, a: Assignment) -> dict[str, Any]:
    released = service.grade_release.released_at(a.id)
    return {**a.to_json(), "grades_released_at": None if released is None else iso(released)}


def _csv(text: str, filename: str) -> PlainTextResponse:
    return PlainTextResponse(
        text,
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{filename}"', "Cache-Control": "no-store"},
    )


@router.get("")
def list_assignments(request: Request) -> JSONResponse:
    service = service_of(request)
    return JSONResponse([_assignment_json(service, a) for a in service.assignments.values()])


@router.get("/summary.csv")
def summary_csv(request: Request) -> PlainTextResponse:
    return _csv(service_of(request).exports.summary_csv(), "course-summary.csv")


@router.get("/{assignment_id}/grades.csv")
def assignment_grades_csv(request: Request, assignment_id: str) -> PlainTextResponse:
    service = service_of(request)
    aid = _assignment(service, assignment_id).id
    return _csv(service.exports.assignment_grades_csv(aid), f"grades-{aid}.csv")


@router.get("/{assignment_id}/quiz.csv")
def assignment_quiz_csv(request: Request, assignment_id: str) -> PlainTextResponse:
    service = service_of(request)
    aid = _assignment(service, assignment_id).id
    return _csv(service.exports.quiz_csv(aid), f"quiz-{aid}.csv")


@router.get("/{assignment_id}/canvas.csv")
def assignment_canvas_csv(request: Request, assignment_id: str) -> PlainTextResponse:
    service = service_of(request)
    aid = _assignment(service, assignment_id).id
    return _csv(service.exports.canvas_csv(aid), f"canvas-{aid}.csv")


@router.get("/{assignment_id}/moodle.csv")
def assignment_moodle_csv(request: Request, assignment_id: str) -> PlainTextResponse:
    service = service_of(request)
    aid = _assignment(service, assignment_id).id
    return _csv(service.exports.moodle_csv(aid), f"moodle-{aid}.csv")


@router.post("/{assignment_id}/release-grades")
def release_grades(request: Request, assignment_id: str, ta: CurrentTa) -> JSONResponse:
    service = service_of(request)
    assignment = _assignment(service, assignment_id)
    pending = rubric_pages.quiz_status(service, assignment)["pending"]
    if pending and request.query_params.get("confirm_incomplete") != "1":  # warn first, as the page does
        message = f"{pending} written quiz answers are not graded; repeat with ?confirm_incomplete=1"
        raise Refusal(409, _(rubric_pages.QUIZ_ZH["incomplete"]), message, reason="quiz_incomplete")
    newly = service.grade_release.release(assignment.id, actor=ta)
    return JSONResponse({**_assignment_json(service, assignment), "newly_released": newly})


@router.post("/{assignment_id}/unrelease-grades")
def unrelease_grades(request: Request, assignment_id: str, ta: CurrentTa) -> JSONResponse:
    """Hide the assignment's grades again (audited); `unreleased` false: nothing was shown by a
    release or kept visible."""
    service = service_of(request)
    assignment = _assignment(service, assignment_id)
    changed = service.grade_release.unrelease(assignment.id, actor=ta)
    return JSONResponse({**_assignment_json(service, assignment), "unreleased": changed})


@router.get("/{assignment_id}/students/{student_id}")
def get_student(request: Request, assignment_id: str, student_id: str) -> JSONResponse:
    service = service_of(request)
    aid = _assignment(service, assignment_id).id
    return JSONResponse(student_term_json(service, student_id, aid), headers={"Cache-Control": "no-store"})


@router.put("/{assignment_id}/extensions/{student_id}")
async def put_extension(
    request: Request,
    assignment_id: str,
    student_id: str,
    ext: Annotated[Extension, Depends(_extension_body)],
    ta: CurrentTa,
) -> JSONResponse:
    return await anyio.to_thread.run_sync(_put_extension, request, assignment_id, student_id, ext, ta)


def _put_extension(
    request: Request, assignment_id: str, student_id: str, ext: Extension, ta: str
) -> JSONResponse:
    service = service_of(request)
    assignment = _assignment(service, assignment_id)
    try:
        extension_commands.grant(service, assignment, student_id, ext, ta, service.clock())
    except KeyError:
        raise Refusal(404, _("没有这个学生。"), f"no student {student_id!r}") from None
    return JSONResponse(student_term_json(service, student_id, assignment.id))


@router.delete("/{assignment_id}/extensions/{student_id}")
def delete_extension(request: Request, assignment_id: str, student_id: str, ta: CurrentTa) -> JSONResponse:
    service = service_of(request)
    assignment = _assignment(service, assignment_id)
    if not extension_commands.revoke(service, assignment, student_id, ta, service.clock()):
        raise Refusal(404, _("这个学生没有延期。"), f"no extension for {student_id!r}")
    return JSONResponse(student_term_json(service, student_id, assignment.id))


@router.post("/{assignment_id}/extensions.csv")
async def post_extensions_csv(request: Request, assignment_id: str, ta: CurrentTa) -> JSONResponse:
    raw = await request.body()
    granted = await anyio.to_thread.run_sync(_grant_csv, request, assignment_id, ta, raw)
    return JSONResponse({"granted": granted})


def _grant_csv(request: Request, assignment_id: str, ta: str, raw: bytes) -> list[str]:
    """Parse the CSV and grant its extensions, one grade change per student: off the event loop."""
    service = service_of(request)
    assignment = _assignment(service, assignment_id)
    try:
        if len(raw) > MAX_CSV_BYTES:
            raise ExtensionCsvError(f"larger than {MAX_CSV_BYTES} bytes")
        granted = parse_extensions_csv(raw.decode("utf-8"))
        extension_commands.grant_many(service, assignment, granted, ta, service.clock())
    except (ExtensionCsvError, UnicodeDecodeError) as exc:
        raise Refusal(422, _("延期 CSV 有误。"), f"extensions CSV: {exc}") from None
    except KeyError as exc:
        message_en = f"extensions CSV: no student {exc}"
        raise Refusal(422, _("延期 CSV 里有不认识的学生。"), message_en) from None
    return sorted(granted)
