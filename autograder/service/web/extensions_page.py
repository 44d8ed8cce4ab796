"""The TA's bulk extensions form on an assignment's page: a list of student ids, a date-time picker.

    POST /ta/assignments/{a}/extensions    student_ids (any of spaces, commas, new lines between
                                           ids), due_at and late_until (optional) as the picker
                                           sends them (YYYY-MM-DDTHH:MM, the course's time zone)
                                           or ISO 8601 with an offset

Everything is checked before anything is applied (all or none, `extension_commands.grant_many`,
which queues each student's LMS score in the same transaction): unknown
or repeated ids, a time that is not one, a time out of range (`term/deadline_range.py`), a
late-until before the due-at. A refusal names what was wrong and goes back to the page.
"""

from __future__ import annotations

import re

from fastapi import APIRouter, Request
from fastapi.responses import Response

from autograder.service.domain.core import Service
from autograder.service.domain.gradebook import extension_commands
from autograder.service.web import page_auth, page_kit
from autograder.service.web.form_posts import PostedForm, form_of, form_post
from autograder.service.web.sessions import CSRF_FIELD, csrf_ok
from autograder.term import deadline_range
from autograder.term.counting import Extension

router = APIRouter(include_in_schema=False)
MAX_IDS = 1000
_SPLIT = re.compile(r"[\s,;]+")


class BulkError(ValueError):
    """English, for the TA."""


def parse_ids(text: str, known: set[str]) -> list[str]:
    """The ids in the order given; BulkError for none, repeated or unknown ones (all named)."""
    ids = [s for s in _SPLIT.split(text.strip()) if s]
    if not ids:
        raise BulkError("no student ids given")
    if len(ids) > MAX_IDS:
        raise BulkError(f"more than {MAX_IDS} student ids")
    repeated = sorted({s for s in ids if ids.count(s) > 1})
    if repeated:
        raise BulkError(f"repeated student id(s): {', '.join(repeated)}")
    unknown = [s for s in ids if s not in known]
    if unknown:
        more = " …" if len(unknown) > 20 else ""
        raise BulkError(f"unknown student id(s): {', '.join(unknown[:20])}{more}")
    return ids


def parse_extension(service: Service, due_text: str, until_text: str) -> Extension:
    zone = service.course_clock.zone
    if not due_text.strip():
        raise BulkError("a new due date and time is required")
    try:
        due = deadline_range.parse(due_text, "due_at", zone=zone)
        until = deadline_range.parse(until_text, "late_until", zone=zone) if until_text.strip() else None
    except deadline_range.DeadlineError as exc:
        raise BulkError(str(exc)) from None
    if until is not None and until < due:
        raise BulkError("late_until is before due_at")
    return Extension(due, until)


@router.post("/ta/assignments/{assignment_id}/extensions")
async def bulk_extensions(request: Request, assignment_id: str) -> Response:
    return await form_post(request, _bulk_extensions, assignment_id)


def _bulk_extensions(request: Request, assignment_id: str, posted: PostedForm) -> Response:
    session = page_auth.current_session(request)
    if not session.is_ta:
        return page_kit.redirect(request, "/login")
    service: Service = page_auth.service_of(request)
    assignment = service.assignments.get(assignment_id)
    if assignment is None:
        return page_kit.error_page(request, session, 404, "No such assignment", "", back="/ta/assignments")
    page = f"/ta/assignments/{assignment.id}"
    try:
        form = form_of(posted)
    except page_kit.FormRefused as exc:
        return page_kit.error_page(request, session, 413, "Request too large", str(exc), back=page)
    if not csrf_ok(session, form.get(CSRF_FIELD)):
        return page_kit.error_page(request, session, 403, "Expired form", "The page expired; reload.", page)
    try:
        known = {s.student_id for s in service.identity.students()}
        ids = parse_ids(page_kit.text_field(form, "student_ids", 16000), known)
        ext = parse_extension(
            service, page_kit.text_field(form, "due_at", 64), page_kit.text_field(form, "late_until", 64)
        )
    except BulkError as exc:
        return page_kit.error_page(request, session, 422, "Extensions not granted", str(exc), back=page)
    actor = session.ta_name or "ta"
    extension_commands.grant_many(service, assignment, dict.fromkeys(ids, ext), actor, service.clock())
    return page_kit.redirect(request, f"{page}?extended={len(ids)}")
