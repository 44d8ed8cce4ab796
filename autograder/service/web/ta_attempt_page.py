"""The TA's page of one attempt, any student's (English, like the other TA pages):

    GET /ta/attempts/{id}            number, state, points, code cells, feedback, grader log, timeline
                                     (cells and log with numbered lines and line comments: line_comments.py)
    GET /ta/attempts/{id}/feedback   the batch's feedback page (sandboxed, as the student's)

Every TA table and regrade request links here (`attempt_link`), so a TA can open any attempt
from wherever it is named. The review is `domain/review/attempt_review.py`; this module only shows it.
"""

from __future__ import annotations

from dataclasses import dataclass

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from autograder.grade.reports import format_score
from autograder.service.domain.course import attempt_numbers
from autograder.service.domain.course.attempt_reads import fits_id
from autograder.service.domain.review import attempt_review
from autograder.service.web import page_auth, page_kit
from autograder.service.web.line_comments import ta_comment_context

router = APIRouter(include_in_schema=False)


def attempt_link(attempt_id: int | None) -> str:
    """The TA page of an attempt ("" for none), as the templates link it."""
    return "" if attempt_id is None else f"/ta/attempts/{int(attempt_id)}"


def _score_text(score: float | None, maximum: float | None) -> str:
    return "" if score is None else f"{format_score(score)} / {format_score(maximum or 0)}"


@router.get("/ta/attempts/{attempt_id:int}")
def ta_attempt(request: Request, attempt_id: int) -> Response:
    session = page_auth.current_session(request)
    if not session.is_ta:
        return page_kit.redirect(request, "/login")
    service = page_auth.service_of(request)
    found = attempt_review.review(
        service, attempt_id, named=service.assignment_lookup.named,
        own_part=service.attempt_reads.own_part,
    )  # fmt: skip
    if found is None:
        return page_kit.error_page(request, session, 404, "No such attempt", str(attempt_id), back="/ta")
    assignment = service.assignments.get(found.assignment_id) if found.assignment_id else None
    # the maxima of the release that graded the result (a regrade may be unpublished), else the assignment's
    release_points = service.releases.of(assignment).points if assignment is not None else {}
    points = {**release_points, **service.attempt_reads.exercise_maxima(found.student_id, attempt_id)}
    context = {
        "r": found,
        "assignment": assignment,
        "student": service.identity.student(found.student_id),
        "score": _score_text(found.score, found.max_score),
        "exercises": [
            {
                "exercise": ex,
                "score": "—" if v is None else format_score(v),
                "max": format_score(points[ex]) if ex in points else "",
            }
            for ex, v in found.exercises.items()
            if assignment is None or ex in assignment.exercises
        ],  # fmt: skip
        "timeline": [
            {"at": service.course_clock.show(e.at), "actor": e.actor, "what": e.what} for e in found.timeline
        ],
        "submitted": service.course_clock.show(found.submitted_at),
        "zone": service.course_clock.name,
        # the code cells and the grader's log with numbered lines and the TAs' line comments
        **ta_comment_context(service, found),
    }
    return page_kit.render(request, session, "ta_attempt.html", context)


@router.get("/ta/attempts/{attempt_id:int}/feedback")
def ta_attempt_feedback(request: Request, attempt_id: int) -> Response:
    if not page_auth.current_session(request).is_ta:
        return page_kit.secure(HTMLResponse("<p>Log in as a TA.</p>", status_code=401), page_kit.FEEDBACK_CSP)
    service = page_auth.service_of(request)
    found = attempt_review.review(service, attempt_id, named=service.assignment_lookup.named)
    html = service.attempt_reads.feedback_html(found.student_id, attempt_id) if found is not None else None
    if html is None:
        return page_kit.no_feedback("No feedback.", "en")
    return page_kit.secure(HTMLResponse(html), page_kit.FEEDBACK_CSP)


@dataclass(frozen=True)
class AttemptRef:
    """An attempt as a TA table names it: its number (what people read) and its page."""

    id: int
    number: int
    url: str


def attempt_ref(
    request: Request, attempt_id: int | str | None, number: int | None = None
) -> AttemptRef | None:
    """The attempt's number and TA page, for the templates (`ta_attempt(request, id[, number])`);
    None for no attempt. Without `number`, numbers are read once per student per request."""
    if attempt_id is None or not str(attempt_id).isdigit() or not fits_id(int(attempt_id)):
        return None
    if number is not None:  # the page read it already (the ledger's attempt_number)
        return AttemptRef(int(attempt_id), int(number), attempt_link(int(attempt_id)))
    known: dict[int, int] | None = getattr(request.state, "attempt_numbers", None)
    if known is None:
        known = {}
        request.state.attempt_numbers = known
    wanted = int(attempt_id)
    if wanted not in known:
        known.update(attempt_numbers.numbers_around(page_auth.service_of(request), wanted))
    number = known.get(wanted)
    return None if number is None else AttemptRef(wanted, number, attempt_link(wanted))


# Every TA template may name an attempt by its number with a link to it (templates/ta_attempt_link.html).
page_kit.TEMPLATES.env.globals["ta_attempt"] = attempt_ref
