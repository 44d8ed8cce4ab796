"""The quiz's pages (issue 29): the TAs' rubric grading of written answers, and the student's view.

TA pages (English):
  GET  /ta/quiz?assignment=A                    the assignment's quiz: questions, progress, item
                                                analysis (quiz_item_stats.py), "turn on"
  POST /ta/quiz/{a}/enable                      quiz points join the grades (audited)
  GET  /ta/quiz/{a}/{q}[?at=ANSWER][&names=1]   grade question q: one answer at a time, anonymous
  POST /ta/quiz/{a}/{q}/answers/{id}            action=toggle&item=I | none | comment&comment=... | group
  POST /ta/quiz/{a}/{q}/names                   show the names (audited; for an hour: audit_names.py)
  POST /ta/quiz/{a}/{q}/items[/{item}]          add an item / edit one (re-scores, audited)
  GET  /ta/quiz/grader.js, /ta/quiz/rubric.css the pages' keyboard shortcuts and style
Student page (Chinese): GET /assignments/{a}/quiz: the applied items, comments and points, only
while the ledger lets the student see the assignment's grade (never before release).

The queue of a question is the written answers of every student's counted attempt (the ledger's),
in the TA's own shuffled order (rubric_grading.order_for); answers another TA holds are skipped by
next/previous. Every change goes through `rubric_grading` with the session's TA name as the actor.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

import anyio.to_thread
from fastapi import APIRouter, Request
from fastapi.responses import Response

from autograder.i18n import N_, _
from autograder.quiz.key import QuizQuestion
from autograder.service.domain import (
    answer_handles,
    audit_names,
    model_answers,
    quiz_answers,
    quiz_item_stats,
    quiz_ledger,
    quiz_reading,
    rubric_commands,
    rubric_grading,
)
from autograder.service.domain.core import Service
from autograder.service.domain.quiz_answers import StoredAnswer
from autograder.service.web import page_auth, page_kit, pages
from autograder.service.web.form_posts import PostedForm, read_small_form
from autograder.service.web.sessions import CSRF_FIELD, Session, csrf_ok
from autograder.term.course import Assignment
from autograder.term.visibility import Visibility

router = APIRouter(include_in_schema=False)
MAX_RUBRIC_FORM_BYTES = 32 * 1024
# The student's words on their quiz page (one table, marked for the catalogue; translated where read:
# quiz_words() for the page, _() for a single entry).
QUIZ_ZH = {
    "title": N_("测验评分"),
    "hidden": N_("测验成绩发布后才能看到每道题的评分、评语和参考答案。"),
    "off": N_("这份作业的测验还没有在评分系统中评分。"),
    "none": N_("还没有可以计分的提交。"),
    "pending": N_("助教还在批改"),
    "choice": N_("选择题(自动评分)"),
    "written": N_("问答题(助教按评分细则评分)"),
    "comment": N_("助教评语"),
    "model": N_("参考答案"),
    "explanation": N_("解析"),
    "total": N_("测验得分"),
    "yours": N_("你的作答"),
    "regrade": N_("对这道题的评分有疑问?写明理由,申请复核"),
    "regrade_button": N_("申请复核"),
    "incomplete": N_("还有测验问答题没有批改完。"),
    "choice_form_ok": N_("格式正确。对错和得分在参考答案公布后显示。"),
    "answers_later": N_("参考答案、解析和选择题的对错在所有同学都不能再提交之后公布({when})。"),
    "answers_on_publish": N_("参考答案、解析和选择题的对错在助教公布之后显示。"),
    "status": {
        "answered": N_("已作答"),
        "blank": N_("未作答"),
        "missing": N_("没有找到作答单元"),
        "unreadable": N_("格式无法识别"),
        "conflict": N_("作答单元重复且内容不同"),
    },
}


# ---- shared views ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Queue:
    """A question's written answers (of the counted attempts), in one TA's order."""

    question: QuizQuestion
    answers: list[StoredAnswer]  # in the TA's order
    handles: dict[int, str]  # answer id -> the name the pages use (answer_handles.py)

    def index_of(self, answer_id: int) -> int:
        return next((i for i, a in enumerate(self.answers) if a.id == answer_id), 0)

    def id_of(self, handle: str | None) -> int | None:
        return next((i for i, h in self.handles.items() if h == handle), None) if handle else None


def _assignment(service: Service, assignment_id: str) -> Assignment | None:
    return service.assignments.get(assignment_id)


def _chapters(service: Service, assignment: Assignment) -> tuple[str, ...]:
    return service.releases.chapters(assignment)


def counted_answers(service: Service, assignment: Assignment) -> list[StoredAnswer]:
    """The stored answers of every student's counted attempt; a graded counted attempt whose answers
    were never read (graded before the quiz was read) is read now, from its files."""
    records = service.exports.ledger.records(assignment.id)
    counted = {
        r.attempt_id: r.student_id for r in records if r.attempt_id is not None and r.state == "graded"
    }
    quiz_reading.read_unread(  # a domain command: the LMS hears of every total it moves
        service.engine,
        assignment=assignment,
        chapters=_chapters(service, assignment),
        counted=counted,
        blob=service.blobs.get,
        scratch=service.cfg.spool_dir,
        now=service.clock(),
    )
    with service.engine.connect() as conn:
        return quiz_answers.of_attempts(conn, list(counted))


def queue_for(service: Service, assignment: Assignment, question: QuizQuestion, ta: str) -> Queue:
    answers = [
        a
        for a in counted_answers(service, assignment)
        if a.question == question.id and quiz_ledger.needs_grading(a)
    ]
    order = rubric_grading.order_for(ta, question.id, [a.id for a in answers])
    by_id = {a.id: a for a in answers}
    handles = answer_handles.handles_for(service.cfg.data_dir)
    return Queue(question, [by_id[i] for i in order], {i: handles.of(assignment.id, i) for i in order})


def _question(service: Service, assignment: Assignment, qid: str) -> QuizQuestion | None:
    return next(
        (q for q in quiz_ledger.questions_of(assignment, _chapters(service, assignment)) if q.id == qid), None
    )


def _ta(request: Request) -> Session | None:
    session = page_auth.current_session(request)
    return session if session.is_ta else None


def _ta_name(session: Session) -> str:
    return session.ta_name or "ta"


def _page_path(assignment_id: str, qid: str, answer: str | None = None, names: bool = False) -> str:
    """A grading page's address; `answer` is the answer's handle (never its row id)."""
    path = f"/ta/quiz/{quote(assignment_id, safe='')}/{quote(qid, safe='')}"
    params = [f"at={answer}"] if answer else []
    if names:
        params.append("names=1")
    return path + ("?" + "&".join(params) if params else "")


def names_shown(service: Service, ta: str, assignment_id: str, qid: str) -> bool:
    """True while the TA's last audited reveal of the question's names is younger than an hour."""
    return audit_names.question_names_shown(service.engine, ta, assignment_id, qid, service.clock())


def quiz_status(service: Service, assignment: Assignment) -> dict[str, Any]:
    """For the TA pages: whether the quiz is on, and the written answers not graded yet."""
    with service.engine.connect() as conn:
        on = quiz_ledger.enabled(conn, assignment.id)
    has_quiz = bool(quiz_ledger.questions_of(assignment, _chapters(service, assignment)))
    pending = sum(r.quiz_pending for r in service.exports.ledger.records(assignment.id)) if on else 0
    return {"on": on, "has_quiz": has_quiz, "pending": pending}


def release_warning(
    request: Request, session: Session, service: Service, assignment: Assignment, form: Any
) -> Response | None:
    """Releasing an assignment whose written answers are not all graded: a page that says so and
    asks again (the form's `confirm_incomplete`), instead of releasing."""
    status = quiz_status(service, assignment)
    if not status["pending"] or (form is not None and form.get("confirm_incomplete") == "1"):
        return None
    return page_kit.render(
        request,
        session,
        "ta_quiz_release_warning.html",
        {"a": assignment, "pending": status["pending"]},
        status_code=409,
    )


# ---- TA pages -------------------------------------------------------------------------------------


_STATIC = {
    "grader.js": ("rubric_grader.js", "text/javascript; charset=utf-8"),
    "rubric.css": ("rubric.css", "text/css; charset=utf-8"),
}


@router.get("/ta/quiz/grader.js")
@router.get("/ta/quiz/rubric.css")
def quiz_static(request: Request) -> Response:
    name, media_type = _STATIC[request.url.path.rsplit("/", 1)[1]]
    response = page_kit.secure(
        Response((page_kit.HERE / "static" / name).read_bytes(), media_type=media_type)
    )
    response.headers["Cache-Control"] = "public, max-age=300"
    return response


@router.get("/ta/quiz")
def ta_quiz(request: Request) -> Response:
    session = _ta(request)
    if session is None:
        return page_kit.redirect(request, "/login")
    service = page_auth.service_of(request)
    assignment = _assignment(service, request.query_params.get("assignment") or service.assignment.id)
    if assignment is None:
        return page_kit.error_page(request, session, 404, "No such assignment", "", back="/ta")
    questions = quiz_ledger.questions_of(assignment, _chapters(service, assignment))
    answers = counted_answers(service, assignment) if questions else []
    totals = {
        r.student_id: r.final_total
        for r in service.exports.ledger.records(assignment.id)
        if r.final_total is not None and r.attempt_id is not None
    }
    rows = []
    with service.engine.connect() as conn:
        written = rubric_grading.written_points(conn, answers)
        for q in questions:
            own = [a for a in answers if a.question == q.id]
            row: dict[str, Any] = {"q": q, "answers": len(own)}
            row["stats"] = quiz_item_stats.question_stats(q, own, written, totals)
            if q.kind == "written":
                to_grade = [a.id for a in own if quiz_ledger.needs_grading(a)]
                row["progress"] = rubric_grading.progress(conn, to_grade)
            else:
                row["right"] = sum(1 for a in own if a.points)
            rows.append(row)
    context = {
        "a": assignment,
        "assignments": list(service.assignments.values()),
        "rows": rows,
        "status": quiz_status(service, assignment),
        "answers": _answers_state(service, assignment),
    }
    return page_kit.render(request, session, "ta_quiz.html", context)


def _answers_state(service: Service, assignment: Assignment) -> dict[str, Any]:
    shown = model_answers.visibility(service.engine, assignment, service.clock())
    with service.engine.connect() as conn:
        published = model_answers.published_at(conn, assignment.id) is not None
    closes = service.counting.local_time(shown.shown_from) if shown.shown_from is not None else ""
    return {"visible": shown.visible, "published": published, "closes": closes}


# The POST routes below read their form on the event loop and do everything else (the session, the
# database writes, the page) in a worker thread (form_posts.py).


async def _posted(request: Request) -> PostedForm:
    return await read_small_form(request, MAX_RUBRIC_FORM_BYTES, 6)


def _form(request: Request, session: Session, posted: PostedForm, back: str) -> dict[str, str] | Response:
    if posted.refused is not None:
        return page_kit.error_page(request, session, 413, "Request too large", posted.refused, back=back)
    if not csrf_ok(session, posted.fields.get(CSRF_FIELD)):
        return page_kit.error_page(
            request, session, 403, "Expired form", "The page expired; reload and retry.", back
        )
    return posted.fields


@router.post("/ta/quiz/{assignment_id}/enable")
async def ta_quiz_enable(request: Request, assignment_id: str) -> Response:
    posted = await _posted(request)
    return await anyio.to_thread.run_sync(_quiz_enable, request, assignment_id, posted)


def _quiz_enable(request: Request, assignment_id: str, posted: PostedForm) -> Response:
    return _assignment_command(request, assignment_id, posted, rubric_commands.enable_quiz)


@router.post("/ta/quiz/{assignment_id}/publish-answers")
async def ta_publish_answers(request: Request, assignment_id: str) -> Response:
    posted = await _posted(request)
    return await anyio.to_thread.run_sync(_publish_answers, request, assignment_id, posted)


def _publish_answers(request: Request, assignment_id: str, posted: PostedForm) -> Response:
    def publish(service: Service, assignment: Assignment, ta: str) -> bool:
        return model_answers.publish(service.engine, assignment, ta, service.clock())

    return _assignment_command(request, assignment_id, posted, publish)


def _assignment_command(request: Request, assignment_id: str, posted: PostedForm, command: Any) -> Response:
    """A TA's form on the quiz page that runs one command on the assignment, then shows the page."""
    session = _ta(request)
    if session is None:
        return page_kit.redirect(request, "/login")
    service = page_auth.service_of(request)
    assignment = _assignment(service, assignment_id)
    back = f"/ta/quiz?assignment={quote(assignment_id, safe='')}"
    if assignment is None:
        return page_kit.error_page(request, session, 404, "No such assignment", "", back="/ta")
    form = _form(request, session, posted, back)
    if isinstance(form, Response):
        return form
    command(service, assignment, _ta_name(session))
    return page_kit.redirect(request, back)


def _grading_context(
    service: Service,
    session: Session,
    assignment: Assignment,
    question: QuizQuestion,
    at_handle: str | None,
    names: bool,
) -> dict[str, Any]:
    ta = _ta_name(session)
    queue = queue_for(service, assignment, question, ta)
    at = queue.id_of(at_handle)
    now = service.clock()
    with service.engine.begin() as conn:
        rubric_grading.ensure_items(conn, assignment.id, question, ta, now)
        items = rubric_grading.items(conn, assignment.id, question.id)
        others = rubric_grading.leased_by_others(conn, [a.id for a in queue.answers], ta, now)
        current = None
        if queue.answers:
            index = (
                queue.index_of(at)
                if at is not None
                else next((i for i, a in enumerate(queue.answers) if a.id not in others), 0)
            )
            current = queue.answers[index]
            holder = rubric_grading.take_lease(conn, current.id, ta, now)
        graded = rubric_grading.gradings(conn, [a.id for a in queue.answers])
        progress = rubric_grading.progress(conn, [a.id for a in queue.answers])
    view: dict[str, Any] = {
        "a": assignment,
        "q": question,
        "items": items,
        "progress": progress,
        "total": len(queue.answers),
        "names": names,
        "current": None,
    }
    if current is None:
        return view
    index = queue.index_of(current.id)
    free = [i for i, a in enumerate(queue.answers) if a.id not in others or a.id == current.id]
    later = [i for i in free if i > index]
    earlier = [i for i in free if i < index]
    group = [a for a in queue.answers if a.group_key == current.group_key]
    grading = graded.get(current.id)
    applied = grading.applied if grading else frozenset()
    view.update(
        current=current,
        number=index + 1,
        holder=holder,
        mine=holder == ta,
        grading=grading,
        applied=applied,
        points=rubric_grading.points_of([i for i in items if i.id in applied], question.points)
        if grading
        else None,
        group_size=len(group),
        group_ungraded=sum(1 for a in group if a.id not in graded),
        next=_page_path(assignment.id, question.id, queue.handles[queue.answers[later[0]].id], names)
        if later
        else "",
        prev=_page_path(assignment.id, question.id, queue.handles[queue.answers[earlier[-1]].id], names)
        if earlier
        else "",
        next_ungraded=next(
            (
                _page_path(assignment.id, question.id, queue.handles[queue.answers[i].id], names)
                for i in later + earlier
                if queue.answers[i].id not in graded
            ),
            "",
        ),
        student=_student_label(service, current.student_id) if names else "",
        current_handle=queue.handles[current.id],
        action=f"{_page_path(assignment.id, question.id)}/answers/{queue.handles[current.id]}"
        + ("?names=1" if names else ""),
    )
    return view


def _student_label(service: Service, student_id: str) -> str:
    student = service.identity.student(student_id)
    return f"{student_id} · {student.name}" if student is not None and student.name else student_id


@router.get("/ta/quiz/{assignment_id}/{qid}")
def ta_grade_question(request: Request, assignment_id: str, qid: str) -> Response:
    session = _ta(request)
    if session is None:
        return page_kit.redirect(request, "/login")
    service = page_auth.service_of(request)
    assignment = _assignment(service, assignment_id)
    question = None if assignment is None else _question(service, assignment, qid)
    if assignment is None or question is None or question.kind != "written":
        return page_kit.error_page(request, session, 404, "No such written question", qid, back="/ta/quiz")
    at = _handle_param(request.query_params.get("at", ""))
    names = request.query_params.get("names") == "1" and names_shown(
        service, _ta_name(session), assignment.id, qid
    )
    context = _grading_context(service, session, assignment, question, at, names)
    notice = request.query_params.get("notice", "")
    if notice:
        graded = request.query_params.get("graded", "")
        text = _NOTICES.get(notice, "").replace("{graded}", graded if graded.isdigit() else "0")
        kind = "error" if notice in ("held", "ungraded", "refused") else "ok"
        context["notices"] = [page_kit.Notice(kind, text)]
    return page_kit.render(request, session, "ta_quiz_grade.html", context)


_NOTICES = {
    "held": "Another TA is grading this answer; nothing was changed.",
    "group": "The group was graded: {graded} other answer(s) got this answer's items and comment.",
    "group_held": "The group was graded: {graded} other answer(s) got this answer's items and comment;"
    " answers another TA is grading were left as they are.",
    "ungraded": "This answer is not graded yet, so its group has no grade to get: grade it first (an"
    " item, or 0 for no item applies), then press g. Nothing was changed.",
    "edited": "Rubric item saved; every answer it was applied to is re-scored.",
    "refused": "Refused: check the points and the description.",
}


@dataclass(frozen=True)
class _QuestionRoute:
    """What every POST on one question's grading page starts from."""

    session: Session
    service: Service
    assignment: Assignment
    question: QuizQuestion


def _question_route(request: Request, assignment_id: str, qid: str) -> _QuestionRoute | Response:
    """The signed-in TA, the assignment and its quiz question; else the log-in redirect or a 404 page."""
    session = _ta(request)
    if session is None:
        return page_kit.redirect(request, "/login")
    service = page_auth.service_of(request)
    assignment = _assignment(service, assignment_id)
    question = None if assignment is None else _question(service, assignment, qid)
    if assignment is None or question is None:
        return page_kit.error_page(request, session, 404, "No such question", qid, back="/ta/quiz")
    return _QuestionRoute(session, service, assignment, question)


def _handle_param(text: str) -> str | None:
    """An answer's handle as a query or path parameter (None: not one)."""
    ok = 0 < len(text) <= answer_handles.HANDLE_HEX and all(c in "0123456789abcdef" for c in text)
    return text if ok else None


@router.post("/ta/quiz/{assignment_id}/{qid}/answers/{handle}")
async def ta_grade_answer(request: Request, assignment_id: str, qid: str, handle: str) -> Response:
    posted = await _posted(request)
    return await anyio.to_thread.run_sync(_grade_answer, request, assignment_id, qid, handle, posted)


def _grade_answer(
    request: Request, assignment_id: str, qid: str, handle: str, posted: PostedForm
) -> Response:
    found = _question_route(request, assignment_id, qid)
    if isinstance(found, Response):
        return found
    session, service, assignment, question = found.session, found.service, found.assignment, found.question
    names = request.query_params.get("names") == "1"
    back = _page_path(assignment.id, qid, _handle_param(handle), names)
    form = _form(request, session, posted, back)
    if isinstance(form, Response):
        return form
    answer_id = queue_for(service, assignment, question, _ta_name(session)).id_of(_handle_param(handle))
    if answer_id is None:
        return page_kit.error_page(request, session, 404, "No such answer", handle[:32], back=back)
    step = _step(form)
    if step is None:
        return page_kit.error_page(request, session, 400, "Unknown action", form.get("action", ""), back=back)
    try:
        done = rubric_commands.grade_answer(service, assignment, question, answer_id, step, _ta_name(session))
    except rubric_commands.NoSuchAnswer:
        return page_kit.error_page(request, session, 404, "No such answer", str(answer_id), back=back)
    except rubric_grading.LeaseHeld:
        return _back_with(request, back, "held")
    except rubric_grading.UngradedGroupSource:
        return _back_with(request, back, "ungraded")
    except rubric_grading.RubricRefused as exc:
        return page_kit.error_page(request, session, 400, "Refused", str(exc), back=back)
    if step.action != "group":
        return page_kit.redirect(request, back)
    return _back_with(request, back, "group" if not done.skipped_held else "group_held", graded=done.graded)


def _step(form: dict[str, str]) -> rubric_commands.Step | None:
    """The grading step the form asks for (None: not one)."""
    action = form.get("action", "")
    if action == "toggle":
        item = form.get("item", "")
        return rubric_commands.Step("toggle", item_id=int(item)) if item.isdigit() else None
    if action in ("none", "group"):
        return rubric_commands.Step(action)
    if action == "comment":
        return rubric_commands.Step("comment", comment=form.get("comment", ""))
    return None


def _back_with(request: Request, back: str, notice: str, graded: int | None = None) -> Response:
    query = f"notice={notice}" + (f"&graded={graded}" if graded is not None else "")
    return page_kit.redirect(request, back + ("&" if "?" in back else "?") + query)


@router.post("/ta/quiz/{assignment_id}/{qid}/names")
async def ta_show_names(request: Request, assignment_id: str, qid: str) -> Response:
    posted = await _posted(request)
    return await anyio.to_thread.run_sync(_show_names, request, assignment_id, qid, posted)


def _show_names(request: Request, assignment_id: str, qid: str, posted: PostedForm) -> Response:
    found = _question_route(request, assignment_id, qid)
    if isinstance(found, Response):
        return found
    session, service, assignment = found.session, found.service, found.assignment
    at = request.query_params.get("at", "")
    form = _form(request, session, posted, _page_path(assignment.id, qid))
    if isinstance(form, Response):
        return form
    audit_names.show_question_names(service.engine, _ta_name(session), assignment.id, qid, service.clock())
    return page_kit.redirect(request, _page_path(assignment.id, qid, _handle_param(at), True))


@router.post("/ta/quiz/{assignment_id}/{qid}/items")
@router.post("/ta/quiz/{assignment_id}/{qid}/items/{item_id:int}")
async def ta_rubric_item(
    request: Request, assignment_id: str, qid: str, item_id: int | None = None
) -> Response:
    posted = await _posted(request)
    return await anyio.to_thread.run_sync(_rubric_item, request, assignment_id, qid, item_id, posted)


def _rubric_item(
    request: Request, assignment_id: str, qid: str, item_id: int | None, posted: PostedForm
) -> Response:
    found = _question_route(request, assignment_id, qid)
    if isinstance(found, Response):
        return found
    session, service, assignment = found.session, found.service, found.assignment
    at = request.query_params.get("at", "")
    back = _page_path(assignment.id, qid, _handle_param(at))
    form = _form(request, session, posted, back)
    if isinstance(form, Response):
        return form
    try:
        points = float(form.get("points", ""))
    except ValueError:
        return _back_with(request, back, "refused")
    try:
        rubric_commands.save_item(
            service, assignment, qid, item_id, points, form.get("description", ""), _ta_name(session)
        )
    except rubric_grading.RubricRefused:
        return _back_with(request, back, "refused")
    return _back_with(request, back, "edited")


# ---- the student's page ---------------------------------------------------------------------------


def quiz_words() -> dict[str, str]:
    """QUIZ_ZH's page words in the process's language (the statuses are translated per answer)."""
    return {key: _(text) for key, text in QUIZ_ZH.items() if isinstance(text, str)}


def student_quiz_view(service: Service, assignment: Assignment, student_id: str) -> dict[str, Any]:
    """What the student may read of their quiz now: nothing but a sentence while the grade is hidden
    (the ledger's visibility), the quiz is off, or no attempt counts."""
    record = service.exports.ledger.record(assignment.id, student_id).for_student()
    with service.engine.connect() as conn:
        on = quiz_ledger.enabled(conn, assignment.id)
    if not on:
        return {"message": _(QUIZ_ZH["off"]), "questions": []}
    if record.hidden:
        return {"message": _(QUIZ_ZH["hidden"]), "questions": []}
    if record.attempt_id is None:
        return {"message": _(QUIZ_ZH["none"]), "questions": []}
    questions = quiz_ledger.questions_of(assignment, _chapters(service, assignment))
    key = quiz_answers.key_of(assignment)
    with service.engine.connect() as conn:
        answers = {a.question: a for a in quiz_answers.of_attempts(conn, [record.attempt_id])}
        graded = rubric_grading.gradings(conn, [a.id for a in answers.values() if a.kind == "written"])
        items = rubric_grading.items_by_id(conn, (i for g in graded.values() for i in g.applied))
    overridden = {e.target: e.points for e in record.overrides}
    shown = model_answers.visibility(service.engine, assignment, service.clock())
    rows = []
    for q in questions:
        answer = answers.get(q.id)
        grading = graded.get(answer.id) if answer is not None else None
        applied = (
            sorted((items[i] for i in grading.applied if i in items), key=lambda i: i.position)
            if grading
            else []
        )
        if q.id in overridden:  # a TA's points for the question (a resolved regrade request)
            points: float | None = overridden[q.id]
        elif answer is None:
            points = None
        elif q.kind == "choice" or not quiz_ledger.needs_grading(answer):
            points = answer.points or 0.0  # a blank or unreadable written answer scores 0
        else:
            points = rubric_grading.points_of(applied, q.points) if grading else None
        status = _(QUIZ_ZH["status"].get(answer.status, answer.status)) if answer else None
        if q.kind == "choice" and not shown.visible and q.id not in overridden:
            points = None  # a choice question's points say which options are right
            if answer is not None and answer.status == "answered":
                status = _(QUIZ_ZH["choice_form_ok"])
        rows.append(
            {
                "q": q,
                "answer": answer,
                # each letter beside the option it stood for in the student's own order
                "chosen": quiz_answers.chosen_texts(q, answer, key.salt) if key is not None else (),
                "points": points,
                "applied": applied,
                "comment": grading.comment if grading else "",
                "status": status or _(QUIZ_ZH["status"]["missing"]),
            }
        )
    return {"message": "", "questions": rows, "record": record, "answers": _answers_note(service, shown)}


def _answers_note(service: Service, shown: Visibility) -> dict[str, Any]:
    """Whether the page shows model answers, and if not, when they come (the student's words)."""
    if shown.visible:
        return {"shown": True, "note": ""}
    if shown.shown_from is None:
        return {"shown": False, "note": _(QUIZ_ZH["answers_on_publish"])}
    when = service.counting.local_time(shown.shown_from)
    return {"shown": False, "note": _(QUIZ_ZH["answers_later"]).format(when=when)}


@router.get("/assignments/{assignment_id}/quiz")
def student_quiz(request: Request, assignment_id: str) -> Response:
    session = page_auth.current_session(request)
    student = pages.current_student(request, session)
    if student is None:
        return page_kit.redirect(request, "/login")
    service = page_auth.service_of(request)
    assignment = _assignment(service, assignment_id)
    if assignment is None:
        return page_kit.error_page(request, session, 404, _("找不到这份作业"), assignment_id)
    view = student_quiz_view(service, assignment, student.student_id)
    context = {"a": assignment, "zh": quiz_words(), **view}
    return page_kit.render(request, session, "student_quiz.html", context)


__all__ = [
    "QUIZ_ZH",
    "counted_answers",
    "quiz_status",
    "quiz_words",
    "release_warning",
    "router",
    "student_quiz_view",
]
