"""The quiz's pages (issue 29): the TAs' rubric grading of written answers, and the student's view.

TA pages (English):
  GET  /ta/quiz?assignment=A                    the assignment's quiz: questions, progress, item
                                                analysis (quiz_item_stats.py), "turn on"
  POST /ta/quiz/{a}/enable                      quiz points join the grades (audited)
  GET  /ta/quiz/{a}/{q}[?at=ANSWER][&names=1]   grade question q: one answer at a time, anonymous
  POST /ta/quiz/{a}/{q}/answers/{id}            action=toggle&item=I | none | comment&comment=... | group
  POST /ta/quiz/{a}/{q}/names                   show the names (audited; for an hour: audit_names.py)
  POST /ta/quiz/{a}/{q}/items[/{item}]          add an item / edit one (re-scores, audited)
  POST /ta/quiz/{a}/{q}/items/{item}/delete     without confirm=1: the confirm page (what it re-scores);
                                                with it: delete the item (re-scores, audited, LMS queued)
  GET  /ta/quiz/grader.js, /ta/quiz/rubric.css the pages' keyboard shortcuts and style
Student page (Chinese): GET /assignments/{a}/quiz: the applied items, comments and points, only
while the ledger lets the student see the assignment's grade (never before release).

The queue of a question is the written answers of every student's counted attempt (the ledger's),
in the TA's own shuffled order (rubric_grading.order_for); answers another TA holds are skipped by
next/previous. Every change goes through `rubric_grading` with the session's TA name as the actor.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any
from urllib.parse import quote

import anyio.to_thread
from fastapi import APIRouter, Request
from fastapi.responses import Response

from autograder.i18n import N_, _
from autograder.quiz.key import QuizQuestion
from autograder.service.domain.core import Service
from autograder.service.domain.entry import rubric_page_queries, student_quiz_page_queries
from autograder.service.domain.entry.rubric_page_queries import GradingQueue
from autograder.service.domain.entry.student_quiz_page_queries import CHOICE_FORM_OK
from autograder.service.domain.identity import answer_handles, audit_names
from autograder.service.domain.quiz import model_answers, rubric_grading
from autograder.service.domain.quiz.stored_answer import StoredAnswer
from autograder.service.domain.review import rubric_commands
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


Queue = GradingQueue  # a question's written answers (of the counted attempts), in one TA's order


def _assignment(service: Service, assignment_id: str) -> Assignment | None:
    return service.assignments.get(assignment_id)


def counted_answers(service: Service, assignment: Assignment) -> list[StoredAnswer]:
    """The stored answers of every student's counted attempt (rubric_page_queries.counted_answers:
    answers never read are read now, by the domain command that tells the LMS)."""
    return rubric_page_queries.counted_answers(service, assignment)


def queue_for(service: Service, assignment: Assignment, question: QuizQuestion, ta: str) -> Queue:
    return rubric_page_queries.grading_queue(service, assignment, question, ta)


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
    return audit_names.question_names_shown(service, ta, assignment_id, qid, service.clock())


def quiz_status(service: Service, assignment: Assignment) -> dict[str, Any]:
    """For the TA pages: whether the quiz is on, and the written answers not graded yet."""
    return asdict(rubric_page_queries.quiz_status(service, assignment))


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
    context = {
        "a": assignment,
        "assignments": list(service.assignments.values()),
        "rows": rubric_page_queries.quiz_overview(service, assignment),
        "status": quiz_status(service, assignment),
        "answers": _answers_state(service, assignment),
    }
    return page_kit.render(request, session, "ta_quiz.html", context)


def _answers_state(service: Service, assignment: Assignment) -> dict[str, Any]:
    state = rubric_page_queries.answers_state(service, assignment)
    closes = service.counting.local_time(state.shown_from) if state.shown_from is not None else ""
    return {"visible": state.visible, "published": state.published, "closes": closes}


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
        return model_answers.publish(service, assignment, ta, service.clock())

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
    opened = rubric_page_queries.open_answer(service, assignment, question, queue.answers, at, ta)
    items, others, current, holder = opened.items, opened.others, opened.current, opened.holder
    graded = opened.graded
    view: dict[str, Any] = {
        "a": assignment,
        "q": question,
        "items": items,
        "progress": opened.progress,
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
    question = None if assignment is None else rubric_page_queries.question_of(service, assignment, qid)
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
    "deleted": "Rubric item deleted; every answer it was applied to is re-scored.",
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
    question = None if assignment is None else rubric_page_queries.question_of(service, assignment, qid)
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
    audit_names.show_question_names(service, _ta_name(session), assignment.id, qid, service.clock())
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


@router.post("/ta/quiz/{assignment_id}/{qid}/items/{item_id:int}/delete")
async def ta_delete_rubric_item(request: Request, assignment_id: str, qid: str, item_id: int) -> Response:
    posted = await _posted(request)
    return await anyio.to_thread.run_sync(_delete_rubric_item, request, assignment_id, qid, item_id, posted)


def _delete_rubric_item(
    request: Request, assignment_id: str, qid: str, item_id: int, posted: PostedForm
) -> Response:
    """The first post (the rubric table's Delete button) shows what the deletion re-scores and asks
    again; the confirm page's post (confirm=1) runs the command."""
    found = _question_route(request, assignment_id, qid)
    if isinstance(found, Response):
        return found
    session, service, assignment, question = found.session, found.service, found.assignment, found.question
    at = _handle_param(request.query_params.get("at", ""))
    back = _page_path(assignment.id, qid, at)
    form = _form(request, session, posted, back)
    if isinstance(form, Response):
        return form
    try:
        if form.get("confirm") != "1":
            deletion = rubric_commands.deletion_preview(service, assignment, qid, item_id)
            action = f"{_page_path(assignment.id, qid)}/items/{item_id}/delete" + (f"?at={at}" if at else "")
            context = {"a": assignment, "q": question, "deletion": deletion, "action": action, "back": back}
            return page_kit.render(request, session, "ta_quiz_item_delete.html", context)
        rubric_commands.delete_item(service, assignment, qid, item_id, _ta_name(session))
    except rubric_grading.RubricRefused as exc:
        return page_kit.error_page(request, session, 404, "No such rubric item", str(exc), back=back)
    return _back_with(request, back, "deleted")


# ---- the student's page ---------------------------------------------------------------------------


def quiz_words() -> dict[str, str]:
    """QUIZ_ZH's page words in the process's language (the statuses are translated per answer)."""
    return {key: _(text) for key, text in QUIZ_ZH.items() if isinstance(text, str)}


def student_quiz_view(service: Service, assignment: Assignment, student_id: str) -> dict[str, Any]:
    """What the student may read of their quiz now (student_quiz_page_queries.py): nothing but a
    sentence while the grade is hidden (the ledger's visibility), the quiz is off, or no attempt counts."""
    quiz = student_quiz_page_queries.student_quiz(service, assignment, student_id)
    if quiz.shown != "shown" or quiz.answers is None:
        return {"message": _(QUIZ_ZH[quiz.shown]), "questions": []}
    rows = [
        {
            "q": r.q,
            "answer": r.answer,
            "chosen": r.chosen,
            "points": r.points,
            "applied": r.applied,
            "comment": r.comment,
            "status": _status_words(r.status),
        }
        for r in quiz.rows
    ]
    return {
        "message": "",
        "questions": rows,
        "record": quiz.record,
        "answers": _answers_note(service, quiz.answers),
    }


def _status_words(key: str) -> str:
    """A row's status key in the student's words (an unknown key as it is)."""
    if key == CHOICE_FORM_OK:
        return _(QUIZ_ZH["choice_form_ok"])
    table = QUIZ_ZH["status"]
    return (_(table.get(key, key)) if key else "") or _(table["missing"])


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
