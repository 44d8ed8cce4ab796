"""Line comments on an attempt (issue 45, section 1): the TA's forms and the JSON API.

    POST   /ta/attempts/{id}/comments              TA page form: where, first_line, last_line, body, link
    POST   /ta/attempts/{id}/comments/carry        TA page form: from_attempt (an earlier attempt's id);
                                                   answers a page listing what was carried and what not
    POST   /ta/comments/{cid}/edit                 TA page form: body
    POST   /ta/comments/{cid}/delete               TA page form
    GET    /api/attempts/{id}/comments             a TA: every comment; the attempt's student: the
                                                   comments once the grade is shown to them, else []
    POST   /api/attempts/{id}/comments             TA: {"file", "cell", "first_line", "last_line", "body",
                                                   "link": "rubric_item:<id>" | "override:<target>"}
    PUT    /api/attempts/{id}/comments/{cid}       TA: {"body"}
    DELETE /api/attempts/{id}/comments/{cid}       TA

The rules are `domain/review/line_comments.py`; the TA's attempt page (`ta_attempt_page.py`) shows the
comments and the forms, the student's attempt page (`pages.py`) the comments it may show. A page's
`where` names the part as the attempt page numbers it: "<n>" for its n-th code cell (from 0) or "log".
What the student reads elsewhere (the API's attempt, the feedback HTML) is `line_comment_student.py`.
"""

from __future__ import annotations

from typing import Any

import anyio.to_thread
from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from starlette.responses import Response

from autograder.service.domain.core import Service
from autograder.service.domain.course import attempt_numbers
from autograder.service.domain.course.attempt_reads import fits_id
from autograder.service.domain.review import line_comment_carry, line_comment_links, line_comments
from autograder.service.domain.review.attempt_review import AttemptReview
from autograder.service.records import refusal
from autograder.service.web import comment_markdown, page_auth, page_kit
from autograder.service.web.api import CurrentTa, service_of
from autograder.service.web.form_posts import PostedForm, form_of, read_small_form
from autograder.service.web.line_comment_parts import (
    attempt_review_of,
    part_views,
)
from autograder.service.web.review_http import AnyCaller, json_object, text
from autograder.service.web.sessions import CSRF_FIELD, csrf_ok

router = APIRouter()
MAX_COMMENT_FORM_BYTES = 64 * 1024  # a body of MAX_BODY_CHARS Chinese characters, percent-encoded
NO_STORE = {"Cache-Control": "no-store"}

# The templates render a comment's Markdown with `{{ c.body|comment_markdown }}`.
page_kit.TEMPLATES.env.filters["comment_markdown"] = comment_markdown.render


def _int(value: Any) -> int:
    return int(value) if isinstance(value, str) and value.strip().isdigit() and len(value) < 9 else -1


def page_target(review: AttemptReview, form: dict[str, str]) -> line_comments.Target:
    """The form's part and lines as a Target (checked by the domain when stored)."""
    where = form.get("where", "")
    first, last = _int(form.get("first_line")), _int(form.get("last_line", "") or form.get("first_line"))
    if where == "log":
        return line_comments.Target(line_comments.LOG, 0, first, last)
    index = _int(where)
    if not 0 <= index < len(review.cells):
        raise line_comments.CommentRefused("choose a code cell or the grader log")
    cell = review.cells[index]
    return line_comments.Target(cell.file, cell.index, first, last)


# ---- the TA's page forms ---------------------------------------------------------------------------


async def _posted(request: Request) -> PostedForm:
    return await read_small_form(request, MAX_COMMENT_FORM_BYTES, 7)


@router.post("/ta/attempts/{attempt_id:int}/comments", include_in_schema=False)
async def add_comment_form(request: Request, attempt_id: int) -> Response:
    return await anyio.to_thread.run_sync(_add_comment_form, request, attempt_id, await _posted(request))


def _checked_form(request: Request, posted: PostedForm, back: str) -> dict[str, str] | Response:
    session = page_auth.current_session(request)
    if not session.is_ta:
        return page_kit.redirect(request, "/login")
    try:
        form = form_of(posted)
    except page_kit.FormRefused as exc:
        return page_kit.error_page(request, session, 413, "Request too large", str(exc), back=back)
    if not csrf_ok(session, form.get(CSRF_FIELD)):
        return page_kit.error_page(request, session, 403, "Expired form", "The page expired; reload.", back)
    return form


def _add_comment_form(request: Request, attempt_id: int, posted: PostedForm) -> Response:
    page = f"/ta/attempts/{attempt_id}"
    form = _checked_form(request, posted, page)
    if isinstance(form, Response):
        return form
    session = page_auth.current_session(request)
    service = page_auth.service_of(request)
    review = attempt_review_of(request, attempt_id)
    if review is None:
        return page_kit.error_page(request, session, 404, "No such attempt", str(attempt_id), back="/ta")
    try:
        target = page_target(review, form)
        link = line_comment_links.parse(form.get("link", ""))
        added = line_comment_links.add(
            service,
            review,
            target,
            form.get("body", ""),
            link,
            actor=session.ta_name or "ta",
            now=service.clock(),
        )
    except line_comments.CommentRefused as exc:
        return page_kit.error_page(request, session, 422, "Comment not saved", str(exc), back=page)
    return page_kit.redirect(request, f"{page}#comment-{added.id}")


@router.post("/ta/comments/{comment_id:int}/edit", include_in_schema=False)
async def edit_comment_form(request: Request, comment_id: int) -> Response:
    return await anyio.to_thread.run_sync(
        _change_comment_form, request, comment_id, "edit", await _posted(request)
    )


@router.post("/ta/comments/{comment_id:int}/delete", include_in_schema=False)
async def delete_comment_form(request: Request, comment_id: int) -> Response:
    posted = await _posted(request)
    return await anyio.to_thread.run_sync(_change_comment_form, request, comment_id, "delete", posted)


def _change_comment_form(request: Request, comment_id: int, change: str, posted: PostedForm) -> Response:
    form = _checked_form(request, posted, "/ta")
    if isinstance(form, Response):
        return form
    session = page_auth.current_session(request)
    service = page_auth.service_of(request)
    found = line_comments.get(service, comment_id) if fits_id(comment_id) else None
    if found is None:
        return page_kit.error_page(request, session, 404, "No such comment", str(comment_id), back="/ta")
    page = f"/ta/attempts/{found.attempt_id}"
    actor, now = session.ta_name or "ta", service.clock()
    if change == "delete":
        line_comments.delete(service, comment_id, actor=actor, now=now)
        return page_kit.redirect(request, f"{page}#attempt-code")
    try:
        line_comments.edit(service, comment_id, form.get("body", ""), actor=actor, now=now)
    except line_comments.CommentRefused as exc:
        return page_kit.error_page(request, session, 422, "Comment not saved", str(exc), back=page)
    return page_kit.redirect(request, f"{page}#comment-{comment_id}")


# ---- the API -----------------------------------------------------------------------------------------


@router.get("/api/attempts/{attempt_id:int}/comments")
def list_comments(request: Request, attempt_id: int, who: AnyCaller) -> JSONResponse:
    service = service_of(request)
    if who.student_id is not None:
        if not fits_id(attempt_id) or service.attempt_reads.attempt(who.student_id, attempt_id) is None:
            raise refusal(404, "no_attempt", "no such submission")  # another's looks like a missing one
        shown = line_comments.shown_to_student(service, who.student_id, attempt_id)
        return JSONResponse([c.to_json(for_student=True) for c in shown], headers=NO_STORE)
    if attempt_review_of(request, attempt_id) is None:
        raise refusal(404, "no_attempt", "no such submission")
    found = line_comments.of_attempt(service, attempt_id)
    return JSONResponse([c.to_json() for c in found], headers=NO_STORE)


def _line(value: Any, key: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise refusal(400, "bad_request", f"{key} must be an integer")
    return value


@router.post("/api/attempts/{attempt_id:int}/comments", status_code=201)
async def add_comment(request: Request, attempt_id: int, ta: CurrentTa) -> JSONResponse:
    doc = await json_object(request, {"file", "cell", "first_line", "last_line", "body", "link"})
    return await anyio.to_thread.run_sync(_add_comment, request, attempt_id, doc, ta)


def _add_comment(request: Request, attempt_id: int, doc: dict[str, Any], ta: str) -> JSONResponse:
    first = _line(doc.get("first_line"), "first_line")
    target = line_comments.Target(
        text(doc.get("file", line_comments.LOG), "file"),
        _line(doc.get("cell", 0), "cell"),
        first,
        _line(doc.get("last_line", first), "last_line"),
    )
    body = text(doc.get("body", ""), "body")
    link_text = text(doc.get("link") or "", "link")
    service = service_of(request)
    review = attempt_review_of(request, attempt_id)
    if review is None:
        raise refusal(404, "no_attempt", "no such submission")
    try:
        link = line_comment_links.parse(link_text)
        added = line_comment_links.add(service, review, target, body, link, actor=ta, now=service.clock())
    except line_comments.CommentRefused as exc:
        raise refusal(422, "bad_request", str(exc)) from None
    return JSONResponse(added.to_json(), status_code=201)


def _own_comment(request: Request, attempt_id: int, comment_id: int) -> line_comments.LineComment:
    found = line_comments.get(service_of(request), comment_id) if fits_id(comment_id) else None
    if found is None or found.attempt_id != attempt_id:
        raise refusal(404, "bad_request", "no such comment")
    return found


@router.put("/api/attempts/{attempt_id:int}/comments/{comment_id:int}")
async def edit_comment(request: Request, attempt_id: int, comment_id: int, ta: CurrentTa) -> JSONResponse:
    body = text((await json_object(request, {"body"})).get("body", ""), "body")
    return await anyio.to_thread.run_sync(_edit_comment, request, attempt_id, comment_id, body, ta)


def _edit_comment(request: Request, attempt_id: int, comment_id: int, body: str, ta: str) -> JSONResponse:
    service = service_of(request)
    _own_comment(request, attempt_id, comment_id)
    try:
        edited = line_comments.edit(service, comment_id, body, actor=ta, now=service.clock())
    except line_comments.CommentRefused as exc:
        raise refusal(422, "bad_request", str(exc)) from None
    if edited is None:
        raise refusal(404, "bad_request", "no such comment")
    return JSONResponse(edited.to_json())


@router.delete("/api/attempts/{attempt_id:int}/comments/{comment_id:int}")
def delete_comment(request: Request, attempt_id: int, comment_id: int, ta: CurrentTa) -> JSONResponse:
    service = service_of(request)
    _own_comment(request, attempt_id, comment_id)
    line_comments.delete(service, comment_id, actor=ta, now=service.clock())
    return JSONResponse({"deleted": comment_id})


# ---- views for the templates -------------------------------------------------------------------------


def ta_comment_context(service: Service, review: AttemptReview) -> dict[str, Any]:
    """What the TA's attempt page shows of line comments: the parts with their comments and links,
    the links its form offers, and the earlier attempts (of the same student's assignment) with
    comments a TA may carry to this one."""
    comments = line_comments.of_attempt(service, review.attempt_id)
    links = line_comment_links.shown(service, comments, review.assignment_id, review.student_id)
    mine = service.attempt_reads.attempts(review.student_id)
    numbers = attempt_numbers.numbers(mine)
    earlier = [
        {"id": a.id, "number": numbers[a.id], "comments": len(line_comments.of_attempt(service, a.id))}
        for a in sorted(mine, key=lambda a: a.id)
        if a.assignment_id == review.assignment_id and numbers[a.id] < review.number
    ]
    return {
        "comment_parts": part_views(review, comments, links=links),
        "link_choices": line_comment_links.choices(service, review),
        "carry_from": [e for e in earlier if e["comments"]],
    }


# ---- carrying comments from an earlier attempt -------------------------------------------------------


@router.post("/ta/attempts/{attempt_id:int}/comments/carry", include_in_schema=False)
async def carry_comments_form(request: Request, attempt_id: int) -> Response:
    return await anyio.to_thread.run_sync(_carry_comments_form, request, attempt_id, await _posted(request))


def _carry_comments_form(request: Request, attempt_id: int, posted: PostedForm) -> Response:
    page = f"/ta/attempts/{attempt_id}"
    form = _checked_form(request, posted, page)
    if isinstance(form, Response):
        return form
    session = page_auth.current_session(request)
    service = page_auth.service_of(request)
    later = attempt_review_of(request, attempt_id)
    earlier = attempt_review_of(request, _int(form.get("from_attempt")))
    if later is None or earlier is None:
        return page_kit.error_page(request, session, 404, "No such attempt", str(attempt_id), back=page)
    try:
        done = line_comment_carry.carry(
            service, earlier, later, actor=session.ta_name or "ta", now=service.clock()
        )
    except line_comments.CommentRefused as exc:
        return page_kit.error_page(request, session, 422, "Comments not carried", str(exc), back=page)
    context = {"later": later, "earlier": earlier, "done": done}
    return page_kit.render(request, session, "line_comments_carried.html", context)


_STATIC = {
    "style.css": ("line_comments.css", "text/css; charset=utf-8"),
    "keys.js": ("line_comments.js", "text/javascript; charset=utf-8"),
}


@router.get("/line-comments/style.css", include_in_schema=False)
@router.get("/line-comments/keys.js", include_in_schema=False)
def comments_static(request: Request) -> Response:
    name, media_type = _STATIC[request.url.path.rsplit("/", 1)[1]]
    response = page_kit.secure(
        Response((page_kit.HERE / "static" / name).read_bytes(), media_type=media_type)
    )
    response.headers["Cache-Control"] = "public, max-age=300"
    return response
