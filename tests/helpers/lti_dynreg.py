"""The platform's side of LTI Dynamic Registration (IMS LTI-DR 1.0), added to the loopback platform
(lti_platform.py). TEST CODE: `lti1p3platform`, like every platform implementation on PyPI, has no
dynamic registration, so this is written from the spec. Everything else stays the real library's:
once a tool registers here, the platform's own OIDC login, launch, token and AGS endpoints use the
client id, deployment id and tool URLs of that registration.

    GET  /.well-known/openid-configuration   the platform's OpenID configuration (issuer, endpoints,
                                             the LTI platform configuration)
    POST /register                           the tool's client registration: the Bearer registration
                                             token and the body are checked; the answer is the
                                             registration with a new client_id and deployment_id
    GET  /admin/register?link=URL            the admin's LMS page: opens the tool's registration link
                                             in an iframe and shows "closed" when the tool posts
                                             {subject: "org.imsglobal.lti.close"} to it

`DynReg.serve` makes the configuration wrong in one way: "foreign-issuer", "oversized", "not-json";
"no-deployment" answers a registration without a deployment id (as Canvas does).
"""

from __future__ import annotations

import html
import secrets
import threading
import typing as t
import urllib.parse
from dataclasses import dataclass, field

from fastapi import Request
from fastapi.responses import HTMLResponse, JSONResponse, Response

from .lti_platform import LoopbackPlatform

TOOL_CONF = "https://purl.imsglobal.org/spec/lti-tool-configuration"
PLATFORM_CONF = "https://purl.imsglobal.org/spec/lti-platform-configuration"
SCOPES = [
    "https://purl.imsglobal.org/spec/lti-ags/scope/lineitem",
    "https://purl.imsglobal.org/spec/lti-ags/scope/lineitem.readonly",
    "https://purl.imsglobal.org/spec/lti-ags/scope/result.readonly",
    "https://purl.imsglobal.org/spec/lti-ags/scope/score",
    "https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly",
]
OVERSIZED_BYTES = 400 * 1024  # more than the tool reads (256 kB), small enough to be harmless


@dataclass
class DynReg:
    token: str = field(default_factory=lambda: secrets.token_urlsafe(24))
    serve: str = "ok"
    registrations: list[dict[str, t.Any]] = field(default_factory=list)  # bodies accepted
    refusals: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)


def _url(value: object) -> bool:
    if not isinstance(value, str):
        return False
    parts = urllib.parse.urlsplit(value)
    return parts.scheme in ("https", "http") and bool(parts.netloc)


def spec_problems(body: object) -> list[str]:
    """What the tool's registration request gets wrong (LTI-DR 1.0 section 3.6, OIDC registration)."""
    if not isinstance(body, dict):
        return ["the body is not a JSON object"]
    problems = []
    if body.get("application_type") != "web":
        problems.append("application_type must be web")
    if "id_token" not in (body.get("response_types") or []):
        problems.append("response_types must include id_token")
    if not {"implicit", "client_credentials"} <= set(body.get("grant_types") or []):
        problems.append("grant_types must include implicit and client_credentials")
    if body.get("token_endpoint_auth_method") != "private_key_jwt":
        problems.append("token_endpoint_auth_method must be private_key_jwt")
    for key in ("initiate_login_uri", "jwks_uri"):
        if not _url(body.get(key)):
            problems.append(f"{key} must be a URL")
    redirects = body.get("redirect_uris")
    if not isinstance(redirects, list) or not redirects or not all(_url(u) for u in redirects):
        problems.append("redirect_uris must be a non-empty list of URLs")
    if not isinstance(body.get("client_name"), str) or not body["client_name"]:
        problems.append("client_name is required")
    if not isinstance(body.get("scope", ""), str):
        problems.append("scope must be a space-separated string")
    conf = body.get(TOOL_CONF)
    if not isinstance(conf, dict):
        return [*problems, f"{TOOL_CONF} is required"]
    if not _url(conf.get("target_link_uri")):
        problems.append("target_link_uri must be a URL")
    elif urllib.parse.urlsplit(conf["target_link_uri"]).netloc != conf.get("domain"):
        problems.append("target_link_uri must be in the tool's domain")
    if not isinstance(conf.get("claims"), list):
        problems.append("claims must be a list")
    messages = conf.get("messages")
    kinds = {"LtiResourceLinkRequest", "LtiDeepLinkingRequest"}
    if not isinstance(messages, list) or not all(
        isinstance(m, dict) and m.get("type") in kinds for m in messages
    ):
        problems.append("messages must be a list of LTI messages")
    return problems


def configuration(platform: LoopbackPlatform, reg: DynReg) -> dict[str, t.Any]:
    url = platform.url
    return {
        "issuer": "https://lms.forged.example" if reg.serve == "foreign-issuer" else url,
        "authorization_endpoint": url + "/auth",
        "token_endpoint": url + "/token",
        "jwks_uri": url + "/jwks",
        "registration_endpoint": url + "/register",
        "token_endpoint_auth_methods_supported": ["private_key_jwt"],
        "token_endpoint_auth_signing_alg_values_supported": ["RS256"],
        "scopes_supported": SCOPES,
        "response_types_supported": ["id_token"],
        "subject_types_supported": ["public", "pairwise"],
        "id_token_signing_alg_values_supported": ["RS256"],
        "claims_supported": ["sub", "iss", "name", "given_name", "family_name", "email"],
        PLATFORM_CONF: {
            "product_family_code": "lti1p3platform-loopback",
            "version": "test",
            "messages_supported": [{"type": "LtiResourceLinkRequest"}, {"type": "LtiDeepLinkingRequest"}],
        },
    }


def add_dynamic_registration(platform: LoopbackPlatform) -> DynReg:
    """The two registration endpoints on `platform`'s app; its state takes what a tool registers."""
    reg = DynReg()
    state = platform.state

    @platform.app.get("/.well-known/openid-configuration")
    def openid_configuration() -> Response:
        if reg.serve == "not-json":
            return Response("<!doctype html><title>LMS</title>sign in first", media_type="text/html")
        doc = configuration(platform, reg)
        if reg.serve == "oversized":
            doc["padding"] = "x" * OVERSIZED_BYTES
        return JSONResponse(doc)

    @platform.app.post("/register")
    async def register(request: Request) -> Response:
        if request.headers.get("authorization") != f"Bearer {reg.token}":
            with reg.lock:
                reg.refusals.append("registration token")
            return JSONResponse({"error": "invalid_token"}, status_code=401)
        body = await request.json() if request.headers.get("content-type") == "application/json" else None
        problems = spec_problems(body)
        if problems:
            with reg.lock:
                reg.refusals.append("; ".join(problems))
            return JSONResponse(
                {"error": "invalid_client_metadata", "error_description": "; ".join(problems)},
                status_code=400,
            )
        assert isinstance(body, dict)
        client_id, deployment_id = f"dyn-{secrets.token_hex(6)}", f"dyn-deployment-{secrets.token_hex(4)}"
        with state.lock, reg.lock:
            state.client_id, state.deployment_id = client_id, deployment_id
            state.tool_login_url, state.tool_jwks_url = body["initiate_login_uri"], body["jwks_uri"]
            state.tool_launch_url = body[TOOL_CONF]["target_link_uri"]
            reg.registrations.append(body)
        tool_conf = dict(body[TOOL_CONF])
        if reg.serve != "no-deployment":
            tool_conf["deployment_id"] = deployment_id
        return JSONResponse({**body, "client_id": client_id, TOOL_CONF: tool_conf}, status_code=201)

    @platform.app.get("/admin/register")
    def admin_page(link: str) -> Response:
        query = urllib.parse.urlencode(
            {
                "openid_configuration": platform.url + "/.well-known/openid-configuration",
                "registration_token": reg.token,
            }
        )
        src = html.escape(f"{link}?{query}")
        return HTMLResponse(
            '<!doctype html><title>LMS admin</title><p id="status">waiting</p>'
            f'<iframe id="tool" width="900" height="600" src="{src}"></iframe>'
            '<script>window.addEventListener("message", function (e) {'
            ' if (e.data && e.data.subject === "org.imsglobal.lti.close") {'
            ' document.getElementById("status").textContent = "closed"; } });</script>'
        )

    return reg
