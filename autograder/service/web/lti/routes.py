"""The `/lti` routes of `jaxgrade serve`: the tool's keys, the OIDC login, the launch and deep linking.

    GET       /lti/jwks          the tool's public keys
    GET|POST  /lti/login         OIDC login initiation (the platform's first request)
    POST      /lti/launch        the id_token from the platform; logs the user in and lands them
    POST      /lti/deep-link     an instructor's choice of assignment, signed back to the platform
    GET       /lti/register/<secret>?openid_configuration=..&registration_token=..
                                 dynamic registration, started by the platform (dynamic_registration.py)

A launch gives rights only from an LMS context bound to this service (context_binding.py); else a
page says how to bind it. Instructors and TAs land on the TA dashboard as the named TA they match in
the TA list (staff.py). A student session needs the Learner role (staff.learns: not a Mentor, not a
TestUser) and the one roster account linked to the launch's LMS user (links.py: linked at the first
launch that matches it, never to a second LMS user); anyone else sees a Chinese page that says whom
to ask, and is listed for the TAs.
"""

from __future__ import annotations

import logging
import urllib.parse
from pathlib import Path
from typing import Any

import anyio.to_thread
from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from jinja2 import ChoiceLoader, Environment, FileSystemLoader
from pylti1p3.deep_link_resource import DeepLinkResource
from starlette.responses import PlainTextResponse, Response
from starlette.templating import Jinja2Templates

from autograder.i18n import _
from autograder.service.domain.course import assignments
from autograder.service.domain.gradebook import lti_commands
from autograder.service.domain.lti import (
    context_binding,
    courses,
    dynamic_registration,
    matching,
    registration_links,
    tool_database,
)
from autograder.service.web import page_auth, page_kit
from autograder.service.web.lti import login_rate, staff
from autograder.service.web.lti.tool import (
    DbToolConf,
    FastApiOIDCLogin,
    FastApiRequest,
    message_launch,
    restored_launch,
)
from autograder.service.web.sessions import CSRF_FIELD, Session, csrf_ok, new_session
from autograder.service.web.template_i18n import with_gettext

router = APIRouter(prefix="/lti")
log = logging.getLogger(__name__)
HERE = Path(__file__).parent
TEMPLATES = Jinja2Templates(
    env=with_gettext(
        Environment(
            loader=ChoiceLoader(
                [FileSystemLoader(HERE / "templates"), FileSystemLoader(page_kit.HERE / "templates")]
            ),
            autoescape=True,
            auto_reload=False,
        )
    )
)
MAX_LAUNCH_BYTES = 64 * 1024  # an id_token with its claims is a few kB
PARAMS = ("iss", "login_hint", "target_link_uri", "lti_message_hint", "lti_deployment_id", "client_id")


def render(
    request: Request, session: Session, template: str, context: dict[str, Any], *, status_code: int = 200,
    csp: str = page_kit.PAGE_CSP,
) -> Response:  # fmt: skip
    response = TEMPLATES.TemplateResponse(
        request, template, {"session": session, "notices": [], **context}, status_code=status_code
    )
    page_auth.signer(request).write(response, request, session)
    return page_kit.secure(response, csp)


def refused(request: Request, reason: str, status_code: int = 401) -> Response:
    log.warning("LTI launch refused: %s", reason)
    return render(
        request,
        page_auth.current_session(request),  # a refused launch grants nothing and takes nothing away
        "error.html",
        {
            "title": _("无法从课程平台登录"),
            "message": _(
                "这次从课程平台(LMS)进入评分系统的请求没有通过验证,所以没有为你登录。"
                "请回到课程平台重新打开作业链接;如果一直这样,请联系助教。"
            ),
            "message_en": f"LTI launch refused: {reason}",
            "back": "/login",
        },
        status_code=status_code,
    )


def tool_url(request: Request, path: str) -> str:
    """An absolute URL of this service (`--public-url` when set: what the platform has registered)."""
    base = page_auth.service_of(request).cfg.public_url or str(request.base_url)
    return base.rstrip("/") + path


async def _params(request: Request, names: tuple[str, ...]) -> dict[str, str] | None:
    """The named parameters from the query and a small form body (None: too large or malformed)."""
    found = {k: v for k, v in request.query_params.items() if k in names}
    if request.method == "POST":
        length = request.headers.get("content-length")
        if length is None or not length.isdigit() or int(length) > MAX_LAUNCH_BYTES:
            return None
        try:
            form = await request.form(max_files=0, max_fields=32)
        except Exception:  # starlette's MultiPartException / HTTPException on a malformed body
            return None
        found.update({k: v for k, v in form.items() if k in names and isinstance(v, str)})
    return found


@router.get("/jwks")
def jwks(request: Request) -> JSONResponse:
    """The tool's public keys; platforms fetch them to check the tool's signed messages."""
    service = page_auth.service_of(request)
    return JSONResponse(tool_database.jwks(service), headers={"Cache-Control": "public, max-age=300"})


@router.get("/static/{name}.js")
def static_js(name: str) -> Response:
    if name not in ("autosubmit", "registered"):  # the two scripts of the LTI pages, nothing else
        return PlainTextResponse("no such script", status_code=404)
    body = (HERE / "static" / f"{name}.js").read_bytes()
    return page_kit.secure(Response(body, media_type="text/javascript; charset=utf-8"))


@router.api_route("/login", methods=["GET", "POST"])
async def oidc_login(request: Request) -> Response:
    params = await _params(request, (*PARAMS, "lti1p3_new_window"))
    return await anyio.to_thread.run_sync(_oidc_login, request, params)  # a write and a signature


def _oidc_login(request: Request, params: dict[str, str] | None) -> Response:
    if params is None:
        return refused(request, "login request body too large or malformed", 400)
    service = page_auth.service_of(request)
    if not login_rate.admit(service, page_auth.client_address(request)):
        return refused(request, "too many LTI logins from this address in a minute; try again soon", 429)
    try:
        login = FastApiOIDCLogin(FastApiRequest(request, params), service)
        return login.redirect(tool_url(request, "/lti/launch"))
    except Exception as exc:  # pylti1p3 raises OIDCException, LtiException and assertion errors
        return refused(request, f"OIDC login: {exc}", 400)


@router.post("/launch")
async def launch(request: Request) -> Response:
    params = await _params(request, ("id_token", "state"))
    # the checks may fetch the platform's keys, and the launch writes: all in a worker thread
    return await anyio.to_thread.run_sync(_launch, request, params)


def _launch(request: Request, params: dict[str, str] | None) -> Response:
    if params is None:
        return refused(request, "launch body too large or malformed", 400)
    service = page_auth.service_of(request)
    lti_request = FastApiRequest(request, params)
    validated = message_launch(lti_request, service)
    try:
        claims = validated.get_launch_data()
    except Exception as exc:  # any failed check (state, nonce, iss, aud, deployment, exp, signature)
        return refused(request, f"{type(exc).__name__}: {exc}")
    key = context_binding.key_of(claims)
    if key is None or not context_binding.is_bound(service, key):
        return _unbound_context(request, key)
    course = courses.remember(service, claims)
    ta_name = staff.named_ta(service.cfg.tas, claims) if staff.grades(claims) else None
    if staff.grades(claims) and ta_name is None:
        return _unnamed_staff(request, claims)
    if validated.is_deep_link_launch():
        if ta_name is None:
            return refused(request, "deep linking is for instructors", 403)
        return _deep_link_chooser(request, validated.get_launch_id(), claims, ta_name)
    if ta_name is not None:
        return page_kit.redirect(request, "/ta", page_auth.start_session(request, "ta", ta_name=ta_name))
    if not staff.learns(claims):
        return _not_a_learner(request, claims)
    return _student_landing(request, claims, course)


def _not_a_learner(request: Request, claims: dict[str, Any]) -> Response:
    """A launch whose roles give no student session (Mentor, TestUser, no Learner role)."""
    roles = claims.get(staff.ROLES) if isinstance(claims.get(staff.ROLES), list) else []
    how = f"the launch's roles {roles!r} give no student session (a Learner role, not Mentor or TestUser)"
    log.warning("LTI launch refused: %s (sub %r)", how, str(claims.get("sub") or ""))
    return render(
        request, new_session(), "error.html",
        {
            "title": _("这个课程平台角色不能登录评分系统"),
            "message": _("你在课程平台(LMS)上的角色不是本课程的学生(例如家长、导师或测试学生),"
            "所以评分系统没有为你登录,也不会显示任何学生的成绩。如果你是本课程的学生,"
            "请用你自己的学生账号从课程平台进入;如有疑问,请联系本课程的助教。"),
            "message_en": how,
            "back": "/login",
        },
        status_code=403,
    )  # fmt: skip


def _unbound_context(request: Request, key: context_binding.ContextKey | None) -> Response:
    """A launch from an LMS course not bound to this service: refused, with the admin's command."""
    if key is None:
        how = "the launch names no LMS course (context); open the link from inside a course"
    else:
        how = (
            f"the LMS course {key.context_id!r} (platform {key.issuer}, deployment {key.deployment_id}) "
            "is not linked to this grading service; an admin links it with: jaxgrade lti bind-context "
            f"--data DIR --issuer {key.issuer} --deployment-id {key.deployment_id} "
            f"--context-id {key.context_id}"
        )
    log.warning("LTI launch refused: %s", how)
    return render(
        request, page_auth.current_session(request), "error.html",
        {
            "title": _("这门课程尚未关联到评分系统"),
            "message": _("你是从一门尚未与本评分系统关联的课程平台(LMS)课程进入的,所以没有为你登录。"
            "请把这个页面告诉助教或教师:管理员关联课程后即可使用。"),
            "message_en": how,
            "back": "/login",
        },
        status_code=403,
    )  # fmt: skip


def _unnamed_staff(request: Request, claims: dict[str, Any]) -> Response:
    sub, email = str(claims.get("sub") or ""), str(claims.get("email") or "")
    return refused(
        request,
        f"an instructor or TA launch matches no named TA: add a row with lms_id {sub!r} or email "
        f"{email!r} to the --tas list and restart the service",
        403,
    )


def _student_landing(request: Request, claims: dict[str, Any], course: int | None) -> Response:
    service = page_auth.service_of(request)
    platform = DbToolConf(service).platform(str(claims["iss"]), courses._aud(claims))
    assert platform is not None  # the launch was validated against it
    who = matching.from_launch(claims)
    found = lti_commands.student_launch(service, platform.issuer, who, platform.match_on, course)
    if found.student_id is None:
        courses.record_unmatched(service, platform.issuer, who, found.reason)
        log.warning("LTI launch of an unmatched user %r (%s): %s", who.sub, who.email, found.reason)
        page = "lti_identity_conflict.html" if found.conflict else "lti_unmatched.html"
        return render(request, new_session(), page, {"who": who}, status_code=403)
    return page_kit.redirect(
        request, "/", page_auth.start_session(request, "student", student_id=found.student_id)
    )


def _deep_link_chooser(request: Request, launch_id: str, claims: dict[str, Any], ta_name: str) -> Response:
    service = page_auth.service_of(request)
    session = page_auth.start_session(request, "ta", ta_name=ta_name)
    context = claims.get(courses.CONTEXT) or {}
    return render(
        request,
        session,
        "lti_deep_link.html",
        {
            "launch_id": launch_id,
            "course": context.get("title") or "the course",
            "assignments": assignments.load(service),
        },
    )


def _registration_page(request: Request, status_code: int, **context: Any) -> Response:
    """The admin's page in the LMS's window or iframe (so it may be framed): no session is read or set."""
    response = TEMPLATES.TemplateResponse(
        request, "lti_registration.html", {"session": new_session(), "notices": [], **context},
        status_code=status_code,
    )  # fmt: skip
    page_kit.secure(response, page_kit.PAGE_CSP.replace("frame-ancestors 'none'", "frame-ancestors *"))
    del response.headers["X-Frame-Options"]
    return response


@router.get("/register/{secret}")
def register(
    request: Request, secret: str, openid_configuration: str = "", registration_token: str = ""
) -> Response:
    """LTI Dynamic Registration, opened by the platform in the admin's browser. The one-time link
    (registration_links.py) is the authorisation: the LMS admin opening it is usually no TA here, and
    in the LMS's iframe this service's session cookie is a third-party cookie that is not sent."""
    service = page_auth.service_of(request)
    problem = (
        "the request has no openid_configuration parameter (open this link from the LMS)"
        if not openid_configuration
        else "the registration_token is longer than 8192 characters"
        if len(registration_token) > 8192
        else ""
    )
    if problem:
        log.warning("LTI registration refused: %s", problem)
        return _registration_page(request, 400, reason=problem)
    try:
        registration_links.claim(service, secret)
    except registration_links.LinkRefused as exc:
        log.warning("LTI registration refused: %s", exc)
        return _registration_page(request, 403, reason=str(exc))
    try:
        dynamic_registration.checked_url("openid_configuration", openid_configuration)
    except dynamic_registration.RegistrationError as exc:
        registration_links.give_back(service, secret, counted=False)  # nothing was sent
        log.warning("LTI registration refused: %s", exc)
        return _registration_page(request, 400, reason=str(exc))
    try:
        done = tool_database.register(
            service, tool_url(request, ""), openid_configuration, registration_token
        )
    except Exception as exc:  # RegistrationError: the platform's part; anything else: this service's
        registration_links.give_back(service, secret)
        log.warning("LTI registration refused: %s", exc)
        status = 502 if isinstance(exc, dynamic_registration.RegistrationError) else 500
        return _registration_page(request, status, reason=f"{exc}")
    registration_links.spend(service, secret)
    p = done.platform
    log.info(
        "LTI platform %s registered dynamically: client %s, deployments %s",
        p.issuer,
        p.client_id,
        p.deployment_ids,
    )
    return _registration_page(request, 200, registered=done)


@router.post("/deep-link")
async def deep_link(request: Request) -> Response:
    form = await _params(request, (CSRF_FIELD, "launch_id", "assignment"))
    return await anyio.to_thread.run_sync(_deep_link, request, form)


def _deep_link(request: Request, form: dict[str, str] | None) -> Response:
    session = page_auth.current_session(request)
    if not session.is_ta:
        return page_kit.redirect(request, "/login")
    if form is None or not csrf_ok(session, form.get(CSRF_FIELD)):
        return refused(request, "deep linking form expired", 403)
    service = page_auth.service_of(request)
    chosen = {a.id: a for a in assignments.load(service)}.get(form.get("assignment", ""))
    try:
        restored = restored_launch(FastApiRequest(request, {}), service, form.get("launch_id", ""))
        if chosen is None or not restored.is_deep_link_launch():
            raise ValueError("not a deep linking launch, or no such assignment")
        link = restored.get_deep_link()
        resource = (
            DeepLinkResource()
            .set_url(tool_url(request, "/lti/launch?" + urllib.parse.urlencode({"assignment": chosen.id})))
            .set_custom_params({"assignment": chosen.id})
            .set_title(chosen.title)
        )
        token = link.get_response_jwt([resource])
        return_url = restored.get_launch_data()[courses.DEEP_LINKING_SETTINGS]["deep_link_return_url"]
    except Exception as exc:
        return refused(request, f"deep linking: {exc}", 400)
    target = urllib.parse.urlsplit(return_url)
    csp = page_kit.PAGE_CSP.replace("form-action 'self'", f"form-action {target.scheme}://{target.netloc}")
    return render(
        request, session, "lti_deep_link_return.html", {"return_url": return_url, "jwt": token}, csp=csp
    )
