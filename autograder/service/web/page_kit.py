"""The pages' kit, shared by every page module of the service: the templates, the security headers
every page carries, rendering with the session cookie written back, local redirects, error pages,
bounded form posts, CSV downloads, and the labels of attempt states. No routes of its own.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fastapi import Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from jinja2 import Environment, FileSystemLoader
from starlette.datastructures import FormData
from starlette.templating import Jinja2Templates

from autograder.i18n import _
from autograder.messages import ATTEMPT_STATE_ZH
from autograder.service.web import page_auth
from autograder.service.web.chart_tables import with_data_table
from autograder.service.web.sessions import Session
from autograder.service.web.template_i18n import with_gettext
from autograder.states import AttemptState

HERE = Path(__file__).parent
TEMPLATES = Jinja2Templates(
    env=with_gettext(
        Environment(loader=FileSystemLoader(HERE / "templates"), autoescape=True, auto_reload=False)
    )
)
TEMPLATES.env.filters["with_data_table"] = with_data_table  # every chart's text alternative

PAGE_CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self';"
    " frame-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
)
# The batch grader's feedback page has an inline <style> and nothing else; `sandbox` gives it an opaque
# origin even when opened outside the iframe.
FEEDBACK_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'self'"
MAX_FORM_BYTES = 16 * 1024  # login, logout, regrade: a few short fields


def secure(response: Response, csp: str = PAGE_CSP) -> Response:
    response.headers["Content-Security-Policy"] = csp
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Frame-Options"] = "SAMEORIGIN" if csp == FEEDBACK_CSP else "DENY"
    return response


def no_feedback(text: str, lang: str) -> Response:
    """The 404 in a feedback frame: a whole document with its language and a title (WCAG 3.1.1,
    2.4.2), as the page a screen reader lands on when it opens the frame."""
    body = html.escape(text)
    page = (
        f'<!doctype html><html lang="{html.escape(lang)}"><head><meta charset="utf-8">'
        f"<title>{body}</title></head><body><p>{body}</p></body></html>"
    )
    return secure(HTMLResponse(page, status_code=404), FEEDBACK_CSP)


def render(
    request: Request,
    session: Session,
    template: str,
    context: Mapping[str, Any],
    *,
    status_code: int = 200,
    headers: Mapping[str, str] | None = None,
) -> Response:
    response = TEMPLATES.TemplateResponse(
        request,
        template,
        {"session": session, "notices": [], **context},
        status_code=status_code,
        headers=dict(headers or {}),
    )
    page_auth.signer(request).write(response, request, session)
    return secure(response)


def redirect(request: Request, path: str, session: Session | None = None) -> Response:
    """303 to one of our own fixed paths (never to a location taken from the request)."""
    if not path.startswith("/") or path.startswith("//"):
        raise ValueError(f"not a local path: {path!r}")
    response = RedirectResponse(path, status_code=303)
    if session is not None:
        page_auth.signer(request).write(response, request, session)
    return secure(response)


@dataclass(frozen=True)
class Notice:
    kind: str  # "error" | "ok" | ""
    text: str


def error_page(
    request: Request, session: Session, status_code: int, title: str, message: str, back: str = "/"
) -> Response:
    return render(
        request,
        session,
        "error.html",
        {"title": title, "message": message, "message_en": "", "back": back},
        status_code=status_code,
    )


async def small_form(request: Request, max_bytes: int = MAX_FORM_BYTES, max_fields: int = 4) -> FormData:
    """A posted form of a few short fields (log-in, log-out, regrade), refused beyond `max_bytes`.

    The declared Content-Length is checked before anything is read (a body without one is refused),
    and uvicorn never reads past the declared length.
    """
    length = request.headers.get("content-length")
    if length is None or not length.isdigit():
        raise FormRefused(_("请求缺少长度信息,无法处理。"))
    if int(length) > max_bytes:
        raise FormRefused(_("提交的内容太长。"))
    try:
        return await request.form(max_files=0, max_fields=max_fields)
    except Exception as exc:  # starlette raises MultiPartException / HTTPException on a malformed body
        raise FormRefused(_("提交的表单无法解析(字段太多,或格式有误)。")) from exc


class FormRefused(ValueError):
    """A form post that is refused before it is looked at (the message is for the student)."""


def text_field(form: Mapping[str, Any], name: str, max_chars: int) -> str:
    value = form.get(name)
    return value[:max_chars] if isinstance(value, str) else ""


# ---- views of service data ------------------------------------------------------------------------

_STATE_CLASS = {
    AttemptState.QUEUED: "state-pending",
    AttemptState.RUNNING: "state-pending",
    AttemptState.GRADED: "state-done",
    AttemptState.GRADER_ERROR: "state-error",
}
# (label, css class) of each attempt state; the labels are messages.ATTEMPT_STATE_ZH's msgids (translate
# with `_()` where shown).
STATE_LABELS = {str(s): (ATTEMPT_STATE_ZH[s], _STATE_CLASS[s]) for s in AttemptState}


def csv_download(data: str, filename: str) -> Response:
    response = Response(
        data.encode("utf-8"),
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{filename}"'},
    )
    return secure(response)


# ---- the TA views' assignment picker --------------------------------------------------------------


@dataclass(frozen=True)
class Picker:
    """The assignment a TA view shows (`?assignment=ID`) and the choices of its picker form."""

    action: str  # the view's path (the picker is a GET form to it)
    chosen: str  # the assignment id shown
    choices: tuple[tuple[str, str], ...]  # (id, title) of every assignment, in page order


def assignment_picker(request: Request, assignments: Mapping[str, Any], action: str) -> Picker:
    """The picker of a TA view: `?assignment=ID` when it names an assignment, else the first."""
    wanted = request.query_params.get("assignment", "")[:64]
    chosen = wanted if wanted in assignments else next(iter(assignments))
    return Picker(action, chosen, tuple((aid, a.title) for aid, a in assignments.items()))
