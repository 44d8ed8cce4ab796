"""The service's web pages (server-rendered HTML): students in Simplified Chinese, the TA dashboard.

Everything a page shows comes from `request.app.state.service` (`core.Service`), the same operations
the JSON API uses; this module only does what is particular to browsers:

- sessions: a signed cookie (`sessions.py`) made at log-in from the access token; the token itself is
  never stored in the browser. Every page re-signs it (12 h from the last page). Every form post
  carries the session's CSRF token.
- a student only ever reads their own attempts: every lookup passes the session's student id
  (`service.student_views`: `.attempts`, `.attempt`, `.feedback_html`), so another student's
  attempt is "not found".
- the feedback HTML (written by the batch grader) is served with a CSP `sandbox` and shown in a
  sandboxed iframe: it runs no script and cannot read the page or the cookie.
- every response gets a Content-Security-Policy without inline script; the live status poller is
  `static/poll.js`.
- request bodies are bounded before they are parsed (Content-Length required, size and part counts
  capped).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import anyio.to_thread
from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response

from autograder.exercises import EXERCISE_IDS
from autograder.i18n import _
from autograder.messages import chapter_zh, service_message
from autograder.service.domain.core import Attempt, Refusal, Service, Student
from autograder.service.domain.course import attempt_numbers
from autograder.service.domain.course.course_clock import CourseClock
from autograder.service.domain.identity import login_backoff
from autograder.service.records import refusal as refuse
from autograder.service.web import charts, page_auth, page_kit, term_views, upload_flow
from autograder.service.web.form_posts import PostedForm, form_of, form_post, read_small_form
from autograder.service.web.line_comment_parts import student_part_views
from autograder.service.web.line_comment_student import feedback_with_comments
from autograder.service.web.review_views import student_section
from autograder.service.web.sessions import CSRF_FIELD, Session, csrf_ok, new_session
from autograder.service.web.template_i18n import html_lang
from autograder.service.web.uploads import Upload
from autograder.states import AttemptState
from autograder.term.course import Assignment

STATIC = {
    "style.css": "text/css; charset=utf-8",
    "poll.js": "text/javascript; charset=utf-8",
    "tables.js": "text/javascript; charset=utf-8",  # the TA tables' sort and filter
    "local_time.js": "text/javascript; charset=utf-8",  # course times also in the reader's zone, on hover
}
MAX_TOKEN_CHARS = 256

router = APIRouter(include_in_schema=False)

_signer = page_auth.signer
_ta_binding = page_auth.ta_binding


@dataclass(frozen=True)
class AttemptView:
    id: int
    number: int  # 1 = the student's first attempt
    submitted_at: str
    files: str
    state: str
    state_label: str
    state_class: str
    finished: bool
    score: float | None
    score_text: str


def _attempt_view(attempt: Attempt, number: int, clock: CourseClock) -> AttemptView:
    label, css = page_kit.STATE_LABELS.get(attempt.status, (attempt.status, ""))
    label = _(label)  # a msgid of messages.ATTEMPT_STATE_ZH (or the raw state), in the course's language
    finished = AttemptState(attempt.status).finished
    if attempt.grades_hidden is not None and finished and attempt.status != AttemptState.GRADED:
        # a grader fault is not shown before release; a graded attempt says 已评分, as its note does
        label, css = service_message("grades_pending").rstrip(_("。")), "state-pending"
    if attempt.late:
        label += _("(迟交)")
    score = attempt.score if attempt.status == AttemptState.GRADED else None
    score_text = f"{score:g} / {attempt.max_score or 0:g}" if score is not None else ""
    return AttemptView(
        id=attempt.id,
        number=number,
        submitted_at=clock.show(attempt.submitted_at),  # the course's time zone, named
        files=", ".join(attempt.files),
        state=attempt.status,
        state_label=label,
        state_class=css,
        finished=finished,
        score=score,
        score_text=score_text,
    )


def _attempt_views(service: Service, student_id: str, assignment_id: str | None = None) -> list[AttemptView]:
    attempts = service.student_views.attempts(student_id, assignment_id)  # newest first
    # numbered within each assignment: a list of all assignments numbers each one from 1
    number = attempt_numbers.numbers(
        attempts if assignment_id else service.student_views.attempts(student_id)
    )
    return [_attempt_view(a, number[a.id], service.course_clock) for a in attempts]


# ---- static files ---------------------------------------------------------------------------------


@router.get("/static/{name}")
def static_file(name: str) -> Response:
    if name not in STATIC:
        return page_kit.secure(Response("not found", status_code=404, media_type="text/plain"))
    body = (page_kit.HERE / "static" / name).read_bytes()
    response = Response(body, media_type=STATIC[name])
    page_kit.secure(response)
    response.headers["Cache-Control"] = "public, max-age=300"
    return response


@router.get("/favicon.ico")
def favicon() -> Response:
    return page_kit.secure(Response(status_code=204))


# ---- log in / log out -----------------------------------------------------------------------------


def _login_page(request: Request, session: Session, *, error: str = "", status_code: int = 200) -> Response:
    notices = [page_kit.Notice("error", error)] if error else []
    return page_kit.render(
        request,
        session,
        "login.html",
        {"notices": notices, "max_token_chars": MAX_TOKEN_CHARS},
        status_code=status_code,
    )


@router.get("/login")
def login_form(request: Request) -> Response:
    session = page_auth.current_session(request)
    if session.is_ta:
        return page_kit.redirect(request, "/ta")
    if session.is_student:
        return page_kit.redirect(request, "/")
    return _login_page(request, session)


@router.post("/login")
async def login(request: Request) -> Response:
    # three steps: the form is read on the loop, the session and CSRF checks run in a worker thread,
    # the address's backoff is slept on the loop, and the token is looked up in a worker thread
    posted = await read_small_form(request, page_kit.MAX_FORM_BYTES, 4)
    checked = await anyio.to_thread.run_sync(_login_checked, request, posted)
    if isinstance(checked, Response):
        return checked
    session, token = checked
    service = page_auth.service_of(request)
    address = page_auth.client_address(request)
    throttled = await login_backoff.wait_turn(service.login_throttle, address)  # slowed, not shut
    return await anyio.to_thread.run_sync(_login_answer, request, session, token, address, throttled)


def _login_checked(request: Request, posted: PostedForm) -> tuple[Session, str] | Response:
    """(session, token tried), or the page that refuses the form (too large, expired)."""
    session = page_auth.current_session(request)
    try:
        form = form_of(posted)
    except page_kit.FormRefused as exc:
        return _login_page(request, session, error=str(exc), status_code=413)
    if not csrf_ok(session, form.get(CSRF_FIELD)):
        return _login_page(request, new_session(), error=service_message("login_expired"), status_code=403)
    return session, page_kit.text_field(form, "token", MAX_TOKEN_CHARS).strip()


def _login_answer(request: Request, session: Session, token: str, address: str, throttled: bool) -> Response:
    service = page_auth.service_of(request)
    if login_backoff.credential_blocked(service.login_throttle, token):
        return _login_page(request, session, error=service_message("login_throttled"), status_code=429)
    ta_name = service.identity.ta_for_token(token) if token else None
    if ta_name is not None:
        return page_kit.redirect(request, "/ta", page_auth.start_session(request, "ta", ta_name=ta_name))
    student = service.identity.student_for_token(token) if token else None
    if student is not None:
        started = page_auth.start_session(request, "student", student_id=student.student_id)
        return page_kit.redirect(request, "/", started)
    login_backoff.failed(service.login_throttle, address, token)
    if throttled:
        return _login_page(request, session, error=service_message("login_throttled"), status_code=429)
    return _login_page(request, session, error=service_message("login_bad_token"), status_code=401)


@router.post("/logout")
async def logout(request: Request) -> Response:
    return await form_post(request, _logout)


def _logout(request: Request, posted: PostedForm) -> Response:
    session = page_auth.current_session(request)
    try:
        form = form_of(posted)
    except page_kit.FormRefused:
        return page_kit.redirect(request, "/")
    if not csrf_ok(session, form.get(CSRF_FIELD)):
        return page_kit.error_page(request, session, 403, _("无法退出登录"), _("页面已过期,请刷新后再试。"))
    page_auth.end_session(request, session)
    return page_kit.redirect(request, "/login", new_session())


# ---- student pages --------------------------------------------------------------------------------


def current_student(request: Request, session: Session) -> Student | None:
    """The logged-in student's roster record, or None (not logged in, or no longer on the roster)."""
    if not session.is_student:
        return None
    return page_auth.service_of(request).identity.student(session.student_id)


def home_page(
    request: Request,
    session: Session,
    student: Student,
    *,
    assignment_id: str | None = None,
    notices: list[page_kit.Notice] | None = None,
    status_code: int = 200,
    headers: Mapping[str, str] | None = None,
) -> Response:
    """The page of one assignment (the one-assignment service's home page): its notebooks, the
    upload form, the attempts and the counted score. In a term, `/` lists the assignments instead."""
    service = page_auth.service_of(request)
    if assignment_id is None and service.assignment_lookup.named:
        return _term_home(request, session, student, notices=notices, status_code=status_code)
    assignment = service.assignment_lookup.assignment(assignment_id)
    query = f"?assignment={assignment.id}" if service.assignment_lookup.named else ""
    shown = list(notices or [])
    if request.query_params.get("requested") == "1":  # back from filing a regrade request
        shown.append(page_kit.Notice("ok", service_message("request_filed")))
    upload_open = True
    try:
        service.intake.check_upload_allowed(student.student_id, assignment.id)
    except Refusal as refusal:
        upload_open = False
        if refusal.message_zh not in (n.text for n in shown):
            shown.append(page_kit.Notice("error", refusal.message_zh))
    due_at = service.counting.deadlines(
        student.student_id, assignment.id
    ).due_at  # the student's extension, if any
    deadline = service.counting.local_time(due_at) if due_at is not None else ""
    if upload_open and due_at is not None and service.clock() > due_at:
        shown.append(
            page_kit.Notice("", _("已过截止时间({deadline}),现在提交会记为迟交。").format(deadline=deadline))
        )
    attempts = _attempt_views(service, student.student_id, assignment.id if query else None)
    return page_kit.render(
        request,
        session,
        "home.html",
        {
            **student_section(service, student.student_id, assignment.id),
            "notices": shown,
            "student": student,
            "upload_chapters": _("、").join(chapter_zh(ch) for ch in service.releases.chapters(assignment)),
            "assignment": assignment if query else None,
            "query": query,
            "attempts": attempts,
            "pending": any(not a.finished for a in attempts),
            "notebooks": _notebooks(service, assignment),
            "release_version": service.releases.of(assignment).version,
            "upload_open": upload_open,
            "deadline": deadline,
            "score": term_views.score_line(service, assignment, student.student_id),
            "limits": {
                "max_files": service.cfg.max_files,
                "max_mb": f"{service.cfg.max_upload_bytes / 2**20:g}",
                "per_hour": service.cfg.max_attempts_per_hour,
            },
            "counted_rule": term_views.counted_rule(assignment),
        },
        status_code=status_code,
        headers=headers,
    )


def _notebooks(service: Service, assignment: Assignment) -> list[dict[str, str]]:
    release = service.releases.of(assignment)
    own = service.releases.chapters(assignment)
    query = f"?assignment={assignment.id}" if service.assignment_lookup.named else ""
    return [
        {
            "href": f"/notebooks/{chapter}{query}",
            "label": _("第 {int} 章:{name}").format(int=int(chapter[2:]), name=path.name),
        }
        for chapter, path in sorted(release.notebooks.items())
        if chapter in own
    ]


def _term_home(
    request: Request,
    session: Session,
    student: Student,
    *,
    notices: list[page_kit.Notice] | None,
    status_code: int,
) -> Response:
    """A term's home page: every assignment with its deadlines, upload window and counted score."""
    service = page_auth.service_of(request)
    rows = [term_views.assignment_row(service, a, student.student_id) for a in service.assignments.values()]
    return page_kit.render(
        request,
        session,
        "term_home.html",
        {"notices": list(notices or []), "student": student, "assignments": rows},
        status_code=status_code,
    )


@router.get("/")
def home(request: Request) -> Response:
    session = page_auth.current_session(request)
    if session.is_ta:
        return page_kit.redirect(request, "/ta")
    student = current_student(request, session)
    if student is None:
        return page_kit.redirect(request, "/login", new_session() if session.is_student else session)
    return home_page(request, session, student)


@router.get("/assignments/{assignment_id}")
def assignment_page(request: Request, assignment_id: str) -> Response:
    session = page_auth.current_session(request)
    student = current_student(request, session)
    if student is None:
        return page_kit.redirect(request, "/login")
    if (
        assignment_id not in page_auth.service_of(request).assignments
        or not page_auth.service_of(request).assignment_lookup.named
    ):
        return page_kit.error_page(
            request, session, 404, _("找不到这个作业"), service_message("no_assignment")
        )
    return home_page(request, session, student, assignment_id=assignment_id)


@router.get("/notebooks/{chapter}")
def notebook(request: Request, chapter: str) -> Response:
    session = page_auth.current_session(request)
    student = current_student(request, session)
    if student is None:
        return page_kit.redirect(request, "/login")
    try:
        aid = _query_assignment(request)
        notebook = page_auth.service_of(request).student_views.release_notebook(
            student.student_id, chapter, aid
        )
    except Refusal as exc:
        if exc.http_status == 403:  # not open yet: say when it opens
            return page_kit.error_page(request, session, 403, _("作业还没有开放"), exc.message_zh)
        return page_kit.error_page(request, session, 404, _("找不到这个 notebook"), _("本次发布没有这一章。"))
    except KeyError:
        return page_kit.error_page(request, session, 404, _("找不到这个 notebook"), _("本次发布没有这一章。"))
    response = Response(
        notebook.data,
        media_type="application/x-ipynb+json",
        headers={"Content-Disposition": f'attachment; filename="{_ascii_filename(notebook.name)}"'},
    )
    return page_kit.secure(response)


def _query_assignment(request: Request) -> str | None:
    """`?assignment=ID` of a term's page (None: not given)."""
    value = request.query_params.get("assignment")
    return value[:64] if value else None


def _session_and_student(request: Request) -> tuple[Session, Student | None]:
    session = page_auth.current_session(request)
    return session, current_student(request, session)


def _ascii_filename(name: str) -> str:
    safe = "".join(c for c in name if c.isascii() and (c.isalnum() or c in "._-"))
    return safe or "notebook.ipynb"


@router.post("/submit")
async def submit(request: Request) -> Response:
    # the session and the roster are read in a worker thread, the upload is read on the loop (its
    # intake runs elsewhere, upload_flow.py), and a refusal's page is made in a worker thread
    session, student = await anyio.to_thread.run_sync(_session_and_student, request)
    if student is None:
        return page_kit.redirect(request, "/login")
    service = page_auth.service_of(request)
    wanted = _query_assignment(request)  # the assignment page's form names its assignment
    page = wanted if wanted in service.assignments else None
    try:

        def csrf_field_ok(upload: Upload) -> None:
            if not csrf_ok(session, upload.fields.get(CSRF_FIELD)):
                raise refuse(403, "page_expired_upload", "CSRF token mismatch")

        # a file input left empty still sends one part, with an empty file name: dropped
        attempt = await upload_flow.accept_upload(
            request, service, student.student_id, wanted, check_fields=csrf_field_ok, drop_unnamed=True
        )
    except Refusal as refusal:
        headers = {"Retry-After": str(max(1, round(refusal.retry_after)))} if refusal.retry_after else None
        notices = [page_kit.Notice("error", refusal.message_zh)]
        refused_page = functools.partial(
            home_page,
            request,
            session,
            student,
            assignment_id=page,
            notices=notices,
            status_code=refusal.http_status,
            headers=headers,
        )
        return await anyio.to_thread.run_sync(refused_page)
    return page_kit.redirect(request, f"/attempts/{int(attempt.id)}")


@router.get("/attempts/{attempt_id:int}")
def attempt_page(request: Request, attempt_id: int) -> Response:
    session = page_auth.current_session(request)
    student = current_student(request, session)
    if student is None:
        return page_kit.redirect(request, "/login")
    views = {v.id: v for v in _attempt_views(page_auth.service_of(request), student.student_id)}
    view = views.get(attempt_id)
    if view is None:  # another student's attempt looks exactly like one that does not exist
        return page_kit.error_page(request, session, 404, _("找不到这次提交"), _("没有这个编号的提交记录。"))
    service = page_auth.service_of(request)
    attempt = service.student_views.attempt(student.student_id, attempt_id)
    exercises = []
    assignment = service.assignment_lookup.assignment(attempt.assignment_id or None) if attempt else None
    hidden = attempt.grades_hidden if attempt is not None else None
    if attempt is not None and assignment is not None and attempt.status == "graded" and hidden is None:
        # the maxima of the release the result was graded under (a regrade may be unpublished)
        points = service.releases.of(assignment).points | service.attempt_reads.exercise_maxima(
            student.student_id, attempt_id
        )
        exercises = [
            {
                "exercise": ex,
                "score": "—" if score is None else f"{score:g}",
                "max_score": f"{points.get(ex, 0):g}",
            }
            for ex, score in attempt.exercises.items()
            if ex in assignment.exercises
        ]
    context = {
        "student": student,
        "attempt": view,
        "exercises": exercises,
        "has_feedback": view.state == "graded" and hidden is None,
        "grades_hidden": hidden,
        "assignment": assignment if service.assignment_lookup.named else None,
        "comment_parts": student_part_views(request, student.student_id, attempt_id),  # [] until shown
    }
    return page_kit.render(request, session, "attempt.html", context)


@router.get("/attempts/{attempt_id:int}/feedback")
def attempt_feedback(request: Request, attempt_id: int) -> Response:
    student = current_student(request, page_auth.current_session(request))
    html = (
        page_auth.service_of(request).student_views.feedback_html(student.student_id, attempt_id)
        if student
        else None
    )
    if html is None or student is None:
        return page_kit.no_feedback(_("没有反馈。"), html_lang())
    html = feedback_with_comments(request, student.student_id, attempt_id, html)  # once the grade is shown
    return page_kit.secure(HTMLResponse(html), page_kit.FEEDBACK_CSP)


@router.get("/attempts.json")
def attempts_json(request: Request) -> Response:
    """Live status for `static/poll.js` (the session's own attempts only)."""
    student = current_student(request, page_auth.current_session(request))
    if student is None:
        return page_kit.secure(JSONResponse({"error": "not logged in"}, status_code=401))
    views = _attempt_views(page_auth.service_of(request), student.student_id)
    body = {
        "pending": any(not v.finished for v in views),
        "attempts": [
            {"id": v.id, "state": v.state, "state_label": v.state_label, "finished": v.finished}
            for v in views
        ],
    }
    return page_kit.secure(JSONResponse(body))


# ---- TA pages -------------------------------------------------------------------------------------


@router.get("/ta")
def ta_dashboard(request: Request) -> Response:
    session = page_auth.current_session(request)
    if not session.is_ta:
        return page_kit.redirect(request, "/login")
    notices = []
    regraded = request.query_params.get("regraded", "")
    if regraded.isdigit():
        notices.append(page_kit.Notice("ok", f"Regrade queued: {int(regraded)} attempt(s)."))
    if request.query_params.get("no_student"):
        notices.append(page_kit.Notice("error", "No such student."))
    service = page_auth.service_of(request)
    picker = page_kit.assignment_picker(request, service.assignments, "/ta")
    return page_kit.render(
        request,
        session,
        "ta_dashboard.html",
        {**_dashboard_context(service, picker.chosen), "notices": notices, "picker": picker},
    )


QUEUE_LABELS = {
    "queued": "queued",
    "running": "grading now",
    "graded": "graded",
    "grader_error": "grader errors",
    "retrying": "queued for a retry",
    "students": "students on the roster",
}


def _dashboard_context(service: Service, assignment_id: str) -> dict[str, Any]:
    """The dashboard's numbers; its charts are of one assignment (the picker's)."""
    status = service.exports.status()
    board = service.exports.dashboard(assignment_id)
    workers = status["workers"]
    busy = sum(1 for w in workers if w["attempt"] is not None)
    finished = status["graded"] + status["grader_error"]
    total = finished + status["queued"] + status["running"]
    n = board["counted"]
    assignment = service.assignments[assignment_id]
    due = "" if assignment.due_at is None else f"; due {service.counting.local_time(assignment.due_at)}"
    return {
        "release_version": service.releases.of(assignment).version,
        "assignment_id": assignment_id,
        "queue": [{"key": k, "label": label, "value": status[k]} for k, label in QUEUE_LABELS.items()],
        # the picked assignment's own rule and deadline (the command line's apply to the first only)
        "progress": f"{finished} of {total} attempts finished; workers: {busy} busy of {len(workers)}"
        f"; {assignment_id} counts the {assignment.counting} attempt{due}",
        "histogram": charts.score_histogram(
            board["scores"], board["max_score"], title="Total score of counted graded attempts"
        ),
        "exercise_rates": charts.pass_rate_bars(
            [charts.RateRow(ex, rate) for ex, rate in board["exercise_pass_rates"].items()],
            title=f"Per-exercise pass rate (full points), n={n}",
        ),
        "subcheck_rates": charts.pass_rate_bars(
            [charts.RateRow(name, rate) for name, rate in _by_exercise(board["subcheck_pass_rates"])],
            title=f"Per-sub-check pass rate, n={n}",
            label_width=300,
        ),
        "grader_errors": [
            {
                "student_id": e["student_id"],
                "attempt": e["attempt_id"],
                "detail": f"{e['error']} (tries: {e['tries']})",
            }
            for e in board["grader_errors"]
        ],
        "flagged": [
            {
                "student_id": f["student_id"],
                "attempt": f["attempt_id"],
                "detail": ", ".join(f["flags"])
                + (f" (status: {f['grade_status']})" if f["grade_status"] else ""),
            }
            for f in board["flagged"]
        ],
    }


def _by_exercise(rates: Mapping[str, float | None]) -> list[tuple[str, float | None]]:
    """Sub-check rates ("<exercise>: <sub-check>") in the course's exercise order, then by name."""
    order = {ex: i for i, ex in enumerate(EXERCISE_IDS)}
    return sorted(rates.items(), key=lambda item: (order.get(item[0].split(":", 1)[0], len(order)), item[0]))


@router.get("/ta/grades.csv")
def ta_grades_csv(request: Request) -> Response:
    if not page_auth.current_session(request).is_ta:
        return page_kit.redirect(request, "/login")
    return page_kit.csv_download(page_auth.service_of(request).exports.grades_csv(), "grades.csv")


@router.get("/ta/canvas.csv")
def ta_canvas_csv(request: Request) -> Response:
    if not page_auth.current_session(request).is_ta:
        return page_kit.redirect(request, "/login")
    return page_kit.csv_download(page_auth.service_of(request).exports.canvas_csv(), "canvas-import.csv")


@router.post("/ta/regrade")
async def ta_regrade(request: Request) -> Response:
    return await form_post(request, _ta_regrade)


def _ta_regrade(request: Request, posted: PostedForm) -> Response:
    session = page_auth.current_session(request)
    if not session.is_ta:
        return page_kit.redirect(request, "/login")
    try:
        form = form_of(posted)
    except page_kit.FormRefused as exc:
        return page_kit.error_page(request, session, 413, "Request too large", str(exc), back="/ta")
    if not csrf_ok(session, form.get(CSRF_FIELD)):
        return page_kit.error_page(
            request, session, 403, "Expired form", "The page expired; reload and retry.", "/ta"
        )
    student_id = page_kit.text_field(form, "student_id", 128).strip()
    try:
        n = page_auth.service_of(request).queue.regrade(student_id, session.ta_name)
    except KeyError:
        return page_kit.error_page(
            request, session, 404, "Unknown student", f"No student {student_id!r}.", back="/ta"
        )
    return page_kit.redirect(request, f"/ta?regraded={int(n)}")
