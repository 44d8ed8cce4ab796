"""A real LTI 1.3 platform on loopback for the LTI tests: `lti1p3platform` (the library does the
OIDC launch, the signing, the access tokens, NRPS and AGS) wrapped in a small FastAPI app served by
uvicorn in a thread of the test process. It can be stopped and started again on its port (an LMS
that is down for a while).

    GET  /start?user=U&kind=resource|deep&tamper=T   what an LMS link does: OIDC login initiation
    GET  /auth                    the OIDC authorisation endpoint: the id_token as an auto-posted form
    GET  /jwks                    the platform's keys
    POST /token                   OAuth2 client credentials (the tool's signed assertion)
    GET  /nrps                    course members (NRPS)
    GET|POST /ags/lineitems, GET /ags/lineitems/{n}, POST /ags/lineitems/{n}/scores    AGS
    POST /deep-link-return        the tool's deep linking response (checked against the tool's JWKS)

`tamper` makes one launch wrong in one way, signed by the platform all the same (except
"signature", signed with a key the platform does not publish): issuer, audience, deployment,
expired, nonce, state.
"""

from __future__ import annotations

import html
import json
import secrets
import threading
import time
import typing as t
from dataclasses import dataclass, field

import jwt
import uvicorn
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from lti1p3platform.exceptions import LineItemNotFoundException
from lti1p3platform.ltiplatform import LTI1P3PlatformConfAbstract
from lti1p3platform.membership import Context
from lti1p3platform.message_launch import LTIAdvantageMessageLaunchAbstract
from lti1p3platform.oidc_login import OIDCLoginAbstract
from lti1p3platform.registration import Registration
from lti1p3platform.request import Request as PlatformRequestBase
from lti1p3platform.request import TRequest
from lti1p3platform.service_connector import AssignmentsGradesService, NamesRoleProvisioningService

LEARNER = "http://purl.imsglobal.org/vocab/lis/v2/membership#Learner"
INSTRUCTOR = "http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor"


def rsa_pair() -> tuple[str, str]:
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    private = key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    ).decode()
    public = (
        key.public_key()
        .public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)
        .decode()
    )
    return private, public


@dataclass
class User:
    sub: str
    name: str
    email: str
    roles: list[str]
    sis_id: str = ""


@dataclass
class PlatformState:
    """What the platform holds; the tests read it directly (same process)."""

    url: str
    client_id: str = "jaxgrade-tool"
    deployment_id: str = "deployment-1"
    tool_url: str = ""
    # the tool's URLs as it registered them dynamically (lti_dynreg.py); empty: under tool_url
    tool_login_url: str = ""
    tool_launch_url: str = ""
    tool_jwks_url: str = ""
    # what a launch names as the course's AGS line items URL (empty: the platform's own), and a
    # `next` link the NRPS answer carries (empty: none): a platform pointing the tool elsewhere
    ags_url: str = ""
    nrps_next: str = ""
    context: dict[str, str] = field(
        default_factory=lambda: {"id": "course-1", "title": "JAX 高级编程 2026 秋", "label": "JAX"}
    )
    users: dict[str, User] = field(default_factory=dict)
    line_items: dict[str, dict[str, t.Any]] = field(default_factory=dict)
    scores: list[dict[str, t.Any]] = field(default_factory=list)
    deep_links: list[dict[str, t.Any]] = field(default_factory=list)
    keys: tuple[str, str] = field(default_factory=rsa_pair)
    other_keys: tuple[str, str] = field(default_factory=rsa_pair)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def shown(self, line_item: str, user: str) -> float | None:
        """What the gradebook shows the user on the line item: the newest score's scoreGiven (a score
        without one, or not FullyGraded, leaves the cell empty, as AGS 2.0 has platforms do)."""
        with self.lock:
            mine = [x for x in self.scores if x["line_item"] == line_item and x.get("userId") == user]
        if not mine or mine[-1].get("gradingProgress") != "FullyGraded":
            return None
        given = mine[-1].get("scoreGiven")
        return None if given is None else float(given)


class Conf(LTI1P3PlatformConfAbstract):
    def init_platform_config(self, **kwargs: t.Any) -> None:
        s: PlatformState = kwargs["state"]
        self._registration = (
            Registration()
            .set_iss(s.url)
            .set_client_id(s.client_id)
            .set_deployment_id(s.deployment_id)
            .set_launch_url(s.tool_launch_url or s.tool_url + "/lti/launch")
            .set_deeplink_launch_url(s.tool_launch_url or s.tool_url + "/lti/launch")
            .set_oidc_login_url(s.tool_login_url or s.tool_url + "/lti/login")
            .set_tool_key_set_url(s.tool_jwks_url or s.tool_url + "/lti/jwks")
            .set_platform_private_key(s.keys[0])
            .set_platform_public_key(s.keys[1])
        )

    def get_registration_by_params(self, **kwargs: t.Any) -> Registration:
        assert self._registration is not None
        return self._registration


class PlatformRequest(PlatformRequestBase):
    def __init__(self, meta: TRequest) -> None:
        self.request = meta


async def adapt(request: Request) -> PlatformRequest:
    ctype = request.headers.get("content-type", "")
    form = dict(await request.form()) if "form" in ctype else {}
    body = await request.body() if "json" in ctype else b""
    return PlatformRequest(
        {
            "method": request.method, "form_data": form, "get_data": dict(request.query_params),
            "headers": request.headers, "content_type": ctype, "path": request.url.path,
            "json": json.loads(body) if body else None,
        }
    )  # fmt: skip


class Login(OIDCLoginAbstract):
    def set_lti_message_hint(self, **kwargs: t.Any) -> None:
        self._lti_message_hint = json.dumps(kwargs)

    def get_redirect(self, url: str) -> Response:
        return RedirectResponse(url, status_code=302)


class Launch(LTIAdvantageMessageLaunchAbstract):
    def __init__(self, request: PlatformRequest, conf: Conf, state: PlatformState) -> None:
        super().__init__(request, conf)
        self.state = state
        self.hint: dict[str, str] = {}

    def prepare_launch(self, preflight_response: dict[str, t.Any]) -> None:
        s = self.state
        self.hint = json.loads(preflight_response["lti_message_hint"])
        assert preflight_response["login_hint"] == self.hint["user"]
        user = s.users[self.hint["user"]]
        self.set_user_data(user.sub, user.roles, user.name, user.email)
        self.set_resource_link_claim("link-a1", title="作业 1")
        self.set_launch_context_claim(s.context["id"], context_title=s.context["title"])
        if user.sis_id:
            self.set_extra_claims(
                {"https://purl.imsglobal.org/spec/lti/claim/lis": {"person_sourcedid": user.sis_id}}
            )
        self.set_ags(s.ags_url or f"{s.url}/ags/lineitems", allow_creating_lineitems=True)
        self.set_nrps(f"{s.url}/nrps")
        if self.hint.get("kind") == "deep":
            self.set_dl(f"{s.url}/deep-link-return", title="jaxgrade")
        if self.hint.get("tamper") == "expired":
            self.set_id_token_expiration(-600)

    def get_launch_message(self, include_extra_claims: bool = True) -> dict[str, t.Any]:
        message = super().get_launch_message(include_extra_claims)
        tamper = self.hint.get("tamper")
        if tamper == "issuer":
            message["iss"] = "https://lms.forged.example"
        elif tamper == "audience":
            message["aud"] = message["azp"] = "someone-else"
        elif tamper == "deployment":
            message["https://purl.imsglobal.org/spec/lti/claim/deployment_id"] = "deployment-unknown"
        return message

    def get_launch_data(self) -> tuple[dict[str, t.Any], str]:
        message, state = super().get_launch_data()
        if self.hint.get("tamper") == "nonce":
            message["nonce"] = secrets.token_hex(16)
        return message, ("state-forged" if self.hint.get("tamper") == "state" else state)

    def generate_launch_request(self) -> t.Any:
        launch = super().generate_launch_request()
        if self.hint.get("tamper") == "signature":  # the same claims and kid, another private key
            header = jwt.get_unverified_header(launch["id_token"])
            claims = jwt.decode(launch["id_token"], options={"verify_signature": False})
            launch["id_token"] = jwt.encode(claims, self.state.other_keys[0], "RS256", headers=header)
        return launch

    def render_launch_form(self, launch_data: dict[str, t.Any], **kwargs: t.Any) -> Response:
        fields = "".join(
            f'<input type="hidden" name="{k}" value="{html.escape(str(launch_data[k]))}">'
            for k in ("id_token", "state")
        )
        return HTMLResponse(
            f'<!doctype html><title>LMS</title><form id="launch" method="post" '
            f'action="{html.escape(launch_data["launch_url"])}">{fields}</form>'
            '<script>document.getElementById("launch").submit()</script>'
        )


class Ags(AssignmentsGradesService):
    def __init__(self, request: PlatformRequest, conf: Conf, state: PlatformState) -> None:
        super().__init__(request, conf, f"{state.url}/ags/lineitems")
        self.state = state

    def find_lineitems(self, page: int = 1, limit: t.Any = None, **kwargs: t.Any) -> t.Any:
        return {"content": list(self.state.line_items.values()), "has_next": False, "next": None}

    def find_lineitem(self, line_item_id: str) -> t.Any:
        item = self.state.line_items.get(line_item_id)
        if item is None:
            raise LineItemNotFoundException(line_item_id)
        return item

    def create_lineitem(self, creation_data: t.Any) -> t.Any:
        with self.state.lock:
            n = str(len(self.state.line_items) + 1)
            item = {**creation_data, "id": f"{self.state.url}/ags/lineitems/{n}"}
            self.state.line_items[n] = item
        return item

    def update_lineitem(self, update_data: t.Any) -> t.Any:
        raise NotImplementedError

    def delete_lineitem(self, line_item_id: str) -> None:
        raise NotImplementedError

    def update_score(self, line_item_id: str, score: t.Any) -> t.Any:
        from lti1p3platform.score import UpdateScoreStatus

        self.find_lineitem(line_item_id)
        with self.state.lock:
            self.state.scores.append({"line_item": line_item_id, **score})
        return UpdateScoreStatus.SUCCESS

    def get_results(
        self, line_item_id: str, page: int = 1, limit: t.Any = None, user_id: t.Any = None
    ) -> t.Any:
        return {"content": [], "has_next": False, "next": None}


class Nrps(NamesRoleProvisioningService):
    def __init__(self, request: PlatformRequest, conf: Conf, state: PlatformState) -> None:
        super().__init__(request, conf, f"{state.url}/nrps")
        self.state = state

    def get_context_by_id(self) -> Context:
        c = self.state.context
        return Context(c["id"], c["label"], c["title"])

    def get_member_data_page(self, page: int = 1, limit: t.Any = None, **kwargs: t.Any) -> t.Any:
        members = [
            {
                "user_id": u.sub, "name": u.name, "email": u.email, "roles": u.roles, "status": "Active",
                **({"lis_person_sourcedid": u.sis_id} if u.sis_id else {}),
            }
            for u in self.state.users.values()
        ]  # fmt: skip
        return {"content": members, "has_next": False, "next": None}


def _reply(resp: t.Any) -> Response:
    result = resp.result
    if isinstance(result, dict) and "content" in result:  # a page of line items: the body is the list
        result = result["content"]
    if resp.code >= 400:
        return JSONResponse({"error": resp.message}, status_code=resp.code)
    return JSONResponse(result, status_code=resp.code, media_type=resp.media_type)


def build_app(state: PlatformState) -> FastAPI:
    app = FastAPI()

    def conf() -> Conf:
        return Conf(state=state)

    @app.get("/jwks")
    def jwks() -> JSONResponse:
        return JSONResponse(conf().get_jwks())

    @app.get("/start")
    async def start(request: Request, user: str, kind: str = "resource", tamper: str = "") -> Response:
        login = Login(await adapt(request), conf())
        login.set_lti_message_hint(user=user, kind=kind, tamper=tamper)
        return login.initiate_login(user)

    @app.get("/auth")
    async def auth(request: Request) -> Response:
        return Launch(await adapt(request), conf(), state).lti_launch()

    @app.post("/token")
    async def token(request: Request) -> Response:
        req = await adapt(request)
        try:
            return JSONResponse(conf().get_access_token(req.form_data))
        except Exception as exc:
            return JSONResponse({"error": "invalid_client", "detail": str(exc)}, status_code=400)

    @app.get("/nrps")
    async def nrps(request: Request) -> Response:
        service = Nrps(await adapt(request), conf(), state)
        reply = _reply(service.handle_resp(service.handle_get_members))
        if state.nrps_next:
            reply.headers["Link"] = f'<{state.nrps_next}>; rel="next"'
        return reply

    @app.api_route("/ags/lineitems", methods=["GET", "POST"])
    async def lineitems(request: Request) -> Response:
        service = Ags(await adapt(request), conf(), state)
        handler = service.handle_get_lineitems if request.method == "GET" else service.handle_create_lineitem
        return _reply(service.handle_resp(handler))

    @app.get("/ags/lineitems/{n}")
    async def lineitem(request: Request, n: str) -> Response:
        service = Ags(await adapt(request), conf(), state)
        return _reply(service.handle_resp(service.handle_get_lineitem, line_item_id=n))

    @app.post("/ags/lineitems/{n}/scores")
    async def score(request: Request, n: str) -> Response:
        service = Ags(await adapt(request), conf(), state)
        return _reply(service.handle_resp(service.handle_update_score, line_item_id=n))

    @app.post("/deep-link-return")
    async def deep_link_return(request: Request) -> Response:
        req = await adapt(request)
        items = conf().validate_deeplinking_resp({"JWT": req.form_data["JWT"]})
        with state.lock:
            state.deep_links.extend(items)
        return HTMLResponse("<!doctype html><title>LMS</title><p id='placed'>placed</p>")

    return app


class LoopbackPlatform:
    """The platform app on 127.0.0.1:`port`, stoppable and restartable (same port, same state)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.state = PlatformState(url=f"http://127.0.0.1:{port}")
        self.app = build_app(self.state)
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        return self.state.url

    def start(self) -> None:
        config = uvicorn.Config(
            self.app, host="127.0.0.1", port=self.port, log_level="warning", lifespan="off"
        )
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(target=self._server.run, daemon=True)
        self._thread.start()
        deadline = time.time() + 30
        while not self._server.started:
            assert time.time() < deadline and self._thread.is_alive(), "the platform did not start"
            time.sleep(0.05)

    def stop(self) -> None:
        assert self._server is not None and self._thread is not None
        self._server.should_exit = True
        self._thread.join(timeout=30)
        self._server = self._thread = None
