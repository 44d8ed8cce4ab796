"""The TAs' LTI views: the courses seen, the score outbox, unmatched launches, "Sync roster".

GET  /ta/lti                  the page (TA session)
POST /ta/lti/sync             Sync roster (form, CSRF)
POST /ta/lti/retry            retry failed / waiting scores now (form, CSRF)
POST /api/lti/roster-sync     Sync roster (TA token)
GET  /api/lti/outbox          the outbox rows (TA token)
"""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime
from typing import Any
from urllib.parse import urlencode

from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse
from starlette.responses import Response

from autograder.service.domain.gradebook import lti_commands
from autograder.service.domain.lti import courses, ta_view
from autograder.service.web import page_auth, page_kit
from autograder.service.web.api import require_ta
from autograder.service.web.form_posts import PostedForm, form_of, form_post
from autograder.service.web.lti.routes import render
from autograder.service.web.sessions import CSRF_FIELD, csrf_ok

router = APIRouter()
STATUSES = ("sent", "pending", "failed", "held")


def outbox_rows(view: ta_view.TaView, titles: dict[int, str]) -> list[dict[str, Any]]:
    return [
        {
            "student_id": r.student_id, "assignment_id": r.assignment_id,
            "course": titles.get(r.context, "?"), "score": r.score, "max_score": r.max_score,
            "status": r.status, "tries": r.tries,
            "sent_score": r.sent_score, "last_error": r.last_error,
        }
        for r in view.outbox
    ]  # fmt: skip


def _context(service: Any, synced: str = "") -> dict[str, Any]:
    seen_courses = courses.all_courses(service)
    view = ta_view.read(service)
    rows = outbox_rows(view, {c.id: c.title for c in seen_courses})
    counts = Counter(r["status"] for r in rows)
    return {
        "courses": [{**c.__dict__, "line_items": view.line_items.get(c.id, 0)} for c in seen_courses],
        "outbox": rows,
        "outbox_counts": {s: counts.get(s, 0) for s in STATUSES},
        "unmatched": [
            {
                "at": datetime.fromtimestamp(u.at, UTC).strftime("%Y-%m-%d %H:%M:%S"),
                "name": u.name, "email": u.email, "sub": u.sub, "reason": u.reason,
            }
            for u in view.unmatched
        ],
        "synced": synced,
    }  # fmt: skip


@router.get("/ta/lti")
def ta_lti(request: Request) -> Response:
    session = page_auth.current_session(request)
    if not session.is_ta:
        return page_kit.redirect(request, "/login")
    synced = request.query_params.get("synced", "")[:300]
    return render(request, session, "lti_ta.html", _context(page_auth.service_of(request), synced))


def _ta_form(request: Request, posted: PostedForm) -> Response | None:
    """None when the post is a TA's with a valid CSRF token, else the response to send."""
    session = page_auth.current_session(request)
    if not session.is_ta:
        return page_kit.redirect(request, "/login")
    try:
        form = form_of(posted)
    except page_kit.FormRefused as exc:
        return page_kit.error_page(request, session, 413, "Request too large", str(exc), back="/ta/lti")
    if not csrf_ok(session, form.get(CSRF_FIELD)):
        return page_kit.error_page(request, session, 403, "Expired form", "Reload and retry.", "/ta/lti")
    return None


@router.post("/ta/lti/sync")
async def ta_lti_sync(request: Request) -> Response:
    return await form_post(request, _lti_sync)  # the roster sync calls the platform: off the loop


def _lti_sync(request: Request, posted: PostedForm) -> Response:
    if (refused := _ta_form(request, posted)) is not None:
        return refused
    result = lti_commands.sync_roster(page_auth.service_of(request))
    text = f"Synced {result.courses} course(s): {len(result.added)} added, {len(result.updated)} updated"
    text += "".join(f"; {e}" for e in result.errors)
    return page_kit.redirect(request, "/ta/lti?" + urlencode({"synced": text[:300]}))


@router.post("/ta/lti/retry")
async def ta_lti_retry(request: Request) -> Response:
    return await form_post(request, _lti_retry)


def _lti_retry(request: Request, posted: PostedForm) -> Response:
    if (refused := _ta_form(request, posted)) is not None:
        return refused
    lti_commands.retry_scores(page_auth.service_of(request))
    return page_kit.redirect(request, "/ta/lti")


@router.post("/api/lti/roster-sync", dependencies=[Depends(require_ta)])
def api_roster_sync(request: Request) -> JSONResponse:
    return JSONResponse(lti_commands.sync_roster(page_auth.service_of(request)).to_json())


@router.get("/api/lti/outbox", dependencies=[Depends(require_ta)])
def api_outbox(request: Request) -> JSONResponse:
    service = page_auth.service_of(request)
    rows = outbox_rows(ta_view.read(service), {c.id: c.title for c in courses.all_courses(service)})
    return JSONResponse(rows, headers={"Cache-Control": "no-store"})
