"""The TA's regrade pages: start a run, review its diff with both feedback pages side by side, publish.

    GET  /ta/regrade-runs                         runs, and the form to start one
    POST /ta/regrade-runs                         assignment_id, release (a sibling release's name), scope
                                                  (the runs page takes `?assignment=ID`, with a picker)
    GET  /ta/regrade-runs/{id}                    progress; per attempt: old -> new total, the exercises
                                                  that changed, flipped sub-checks, both feedback pages,
                                                  and the TAs' line comments on the attempt beside them
    GET  /ta/regrade-runs/{id}/feedback/{attempt}/{old|new}   a batch feedback page (sandboxed)
    POST /ta/regrade-runs/{id}/publish | /cancel  CSRF-checked forms

The feedback pages are the batch's own `feedback.html` (student text escaped there): each is served
with the same CSP `sandbox` as a student's feedback and shown in `<iframe sandbox>`, so neither can
run script or reach the TA's session. Students see nothing of a run until it is published.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from autograder.i18n import _
from autograder.service.domain.core import Refusal, Service
from autograder.service.domain.course.attempt_reads import fits_id
from autograder.service.domain.regrades.regrade_runs import SCOPES, DiffRow, RunSummary, sibling_releases
from autograder.service.web import page_auth, page_kit
from autograder.service.web.form_posts import PostedForm, form_of, form_post
from autograder.service.web.line_comment_parts import ta_commented_parts
from autograder.service.web.regrade_api import ACTOR, release_named
from autograder.service.web.sessions import CSRF_FIELD, csrf_ok

router = APIRouter(include_in_schema=False)
SIDES = ("old", "new")
CSS = """
.diff-summary td, .diff-summary th { white-space: nowrap; }
.delta-up { color: #1e7b34; font-weight: 600; }
.delta-down { color: #b3261e; font-weight: 600; }
.side-by-side { display: grid; grid-template-columns: 1fr 1fr; gap: 0.6rem; }
.side-by-side iframe.feedback { height: 420px; }
.side-by-side h4 { margin: 0.2rem 0; font-size: 0.95rem; }
details.attempt { border-top: 1px solid #d9dee4; padding: 0.5rem 0; }
details.attempt summary { cursor: pointer; font-weight: 600; }
.run-actions form { display: inline-block; margin-right: 0.6rem; }
.flag { color: #b3261e; font-weight: 600; }
.regrade-with-comments { display: grid; grid-template-columns: 2fr 1fr; gap: 0.6rem; }
@media (max-width: 60rem) { .regrade-with-comments { grid-template-columns: 1fr; } }
"""


def _score(value: float | None, of: float | None = None) -> str:
    if value is None:
        return "—"
    return f"{value:g}" if of is None else f"{value:g} / {of:g}"


def _passed(value: bool | None) -> str:
    return "—" if value is None else ("passed" if value else "failed")


def _delta(row: DiffRow) -> tuple[str, str]:
    d = row.delta
    if d is None or abs(d) < 1e-9:
        return ("±0" if d is not None else "—"), ""
    return f"{d:+g}", "delta-up" if d > 0 else "delta-down"


def _row_view(run_id: int, row: DiffRow) -> dict[str, Any]:
    text, css = _delta(row)
    return {
        "attempt_id": row.attempt_id,
        "student_id": row.student_id,
        "counted": row.counted,
        "status": row.status,
        "error": row.error or "",
        "old": _score(row.old_score, row.old_max),
        "new": _score(row.new_score, row.new_max) if row.status == "graded" else row.status,
        "old_status": row.old_status or "—",
        "new_status": row.new_status or "—",
        "delta": text,
        "delta_class": css,
        "changed": row.changed,
        "exercises": [
            {"exercise": e.exercise, "old": _score(e.old), "new": _score(e.new)}
            for e in row.exercises
            if e.changed
        ],
        "flipped": [{"subcheck": n, "old": _passed(o), "new": _passed(w)} for n, o, w in row.flipped],
        "feedback_old": f"/ta/regrade-runs/{run_id}/feedback/{row.attempt_id}/old",
        "feedback_new": f"/ta/regrade-runs/{run_id}/feedback/{row.attempt_id}/new",
    }


def _run_view(run: RunSummary, service: Service) -> dict[str, Any]:
    done = run.counts.get("graded", 0) + run.counts.get("grader_error", 0)
    return {
        **run.to_json(),
        "created": service.course_clock.show(run.created_at),
        "closed": service.course_clock.show(run.closed_at) if run.closed_at is not None else "",
        "progress": f"{done} of {run.total} graded" + (f" ({run.counts['grader_error']} grader errors)"
                                                        if run.counts.get("grader_error") else ""),
    }  # fmt: skip


def _ta(request: Request) -> Any:
    session = page_auth.current_session(request)
    return session if session.is_ta else None


def _checked_form(request: Request, posted: PostedForm, back: str) -> tuple[Any, Any, Response | None]:
    """(session, form, None), or a response: a redirect to log in, or the refusal page."""
    session = _ta(request)
    if session is None:
        return None, None, page_kit.redirect(request, "/login")
    try:
        form = form_of(posted)
    except page_kit.FormRefused as exc:
        return (
            session,
            None,
            page_kit.error_page(request, session, 413, "Request too large", str(exc), back=back),
        )
    if not csrf_ok(session, form.get(CSRF_FIELD)):
        page = page_kit.error_page(
            request, session, 403, "Expired form", "The page expired; reload and retry.", back
        )
        return session, None, page
    return session, form, None


def _refused(request: Request, session: Any, exc: Refusal, back: str) -> Response:
    return page_kit.error_page(request, session, exc.http_status, "Refused", exc.message_en, back=back)


@router.get("/ta/regrade-runs")
def runs_page(request: Request) -> Response:
    session = _ta(request)
    if session is None:
        return page_kit.redirect(request, "/login")
    service: Service = page_auth.service_of(request)
    picker = page_kit.assignment_picker(request, service.assignments, "/ta/regrade-runs")
    assignment = service.assignments[picker.chosen]
    grading = service.releases.of(assignment)  # what grades its new uploads (a published run moves it)
    context = {
        "picker": picker,
        "runs": [_run_view(r, service) for r in service.regrades.runs(assignment.id)],
        "releases": [p.name for p in sibling_releases(service.cfg.release)],
        "current_release": grading.root.resolve().name,
        "assignment_id": assignment.id,
        "grading_release": grading.version,
        "scopes": SCOPES,
    }
    return page_kit.render(request, session, "ta_regrade_runs.html", context)


@router.get("/ta/regrade-runs/")
def runs_page_slash(request: Request) -> Response:
    """The framework would answer a bare 307 here (trailing slash); a page redirect says where to go."""
    return page_kit.redirect(request, "/ta/regrade-runs")


@router.post("/ta/regrade-runs")
async def start_run(request: Request) -> Response:
    return await form_post(request, _start_run)


def _start_run(request: Request, posted: PostedForm) -> Response:
    session, form, refused = _checked_form(request, posted, "/ta/regrade-runs")
    if refused is not None:
        return refused
    service: Service = page_auth.service_of(request)
    scope = form.get("scope") if form.get("scope") in SCOPES else "counted"
    assignment_id = page_kit.text_field(form, "assignment_id", 64) or service.assignment.id
    try:
        release = release_named(service, str(form.get("release") or "")[:200])
        run_id = service.regrades.start(assignment_id, release, scope, session.ta_name or ACTOR)
    except Refusal as exc:
        return _refused(request, session, exc, "/ta/regrade-runs")
    return page_kit.redirect(request, f"/ta/regrade-runs/{int(run_id)}")


@router.get("/ta/regrade-runs/{run_id:int}")
def run_page(request: Request, run_id: int) -> Response:
    session = _ta(request)
    if session is None:
        return page_kit.redirect(request, "/login")
    service: Service = page_auth.service_of(request)
    run = service.regrades.run(run_id) if fits_id(run_id) else None
    if run is None:
        return page_kit.error_page(
            request, session, 404, "No such regrade run", f"No run {run_id}.", "/ta/regrade-runs"
        )
    rows = [_row_view(run.id, d) for d in service.regrades.diff(run.id)]
    for row in rows:  # the comments are the attempt's, whichever result it ends up with
        if row["changed"]:
            row["comment_parts"] = ta_commented_parts(request, row["attempt_id"])
    notices = []
    if request.query_params.get("published", "") == "1":
        notices.append(
            page_kit.Notice(
                "ok",
                f"Published: students now see the new results, and new uploads to {run.assignment_id}"
                f" are graded under {run.release_version}.",
            )
        )
    context = {
        "run": _run_view(run, service),
        "rows": rows,
        "changed": [r for r in rows if r["changed"]],
        "unchanged": [r for r in rows if not r["changed"] and r["status"] == "graded"],
        "failed": [r for r in rows if r["status"] == "grader_error"],
        "can_publish": run.status == "open" and run.finished,
        "notices": notices,
    }
    return page_kit.render(request, session, "ta_regrade_run.html", context)


def _run_action(request: Request, run_id: int, action: str, done: str, posted: PostedForm) -> Response:
    """Publish or cancel a run from its page (CSRF-checked), recorded under the TA's name."""
    back = f"/ta/regrade-runs/{run_id}"
    session, _form, refused = _checked_form(request, posted, back)
    if refused is not None:
        return refused
    try:
        if not fits_id(run_id):
            raise Refusal(404, _("没有这次重新评分。"), f"no regrade run {run_id}")
        getattr(page_auth.service_of(request).regrades, action)(run_id, session.ta_name or ACTOR)
    except Refusal as exc:
        return _refused(request, session, exc, back)
    return page_kit.redirect(request, f"/ta/regrade-runs/{int(run_id)}{done}")


@router.post("/ta/regrade-runs/{run_id:int}/publish")
async def publish_run(request: Request, run_id: int) -> Response:
    return await form_post(request, _run_action, run_id, "publish", "?published=1")


@router.post("/ta/regrade-runs/{run_id:int}/cancel")
async def cancel_run(request: Request, run_id: int) -> Response:
    return await form_post(request, _run_action, run_id, "cancel", "")


@router.get("/ta/regrade-runs/{run_id:int}/feedback/{attempt_id:int}/{side}")
def run_feedback(request: Request, run_id: int, attempt_id: int, side: str) -> Response:
    html = None
    if _ta(request) is not None and side in SIDES and fits_id(run_id) and fits_id(attempt_id):
        html = page_auth.service_of(request).regrades.feedback_html(run_id, attempt_id, side)
    if html is None:
        return page_kit.no_feedback("No feedback.", "en")
    return page_kit.secure(HTMLResponse(html), page_kit.FEEDBACK_CSP)


@router.get("/ta/regrade.css")
def regrade_css() -> Response:
    response = Response(CSS, media_type="text/css; charset=utf-8")
    return page_kit.secure(response)
