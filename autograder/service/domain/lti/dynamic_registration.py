"""LTI Dynamic Registration (IMS LTI-DR 1.0): the platform opens the tool's registration link in the
admin's browser with `openid_configuration` and `registration_token`; the tool

1. fetches the platform's OpenID configuration (with the token as a Bearer, as Canvas asks) from
   a public address only, the one that was checked (net_guard.py), and checks it: https (plain
   http on loopback only, which net_guard allows only to tests that opt in), at most MAX_DOC_BYTES
   within FETCH_S, a JSON object with the endpoints this tool needs (each at a public address), the
   LTI platform configuration, and an issuer of the configuration URL's origin (LTI-DR 3.5.1:
   else any site could pose as any issuer);
2. POSTs its client registration (the document of pylti1p3's `DynamicRegistration`) to the
   platform's registration endpoint with the token, and checks the answer (a client id);
3. stores the platform exactly as `jaxgrade lti add-platform` does (platforms.py), with the
   configuration URL's origin as a service origin (where the LMS serves AGS and NRPS).

pylti1p3's own `DynamicRegistration.register` fetches with no timeout or size bound and never checks
the issuer, so the two network exchanges are here; the registration document is the library's.
"""

from __future__ import annotations

import ipaddress
import json
import urllib.parse
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from pylti1p3.dynamic_registration import DynamicRegistration

from autograder.service.domain.lti import net_guard
from autograder.service.domain.lti.platforms import Platform, add_platform

MAX_DOC_BYTES = 256 * 1024  # a platform's configuration with every placement and variable: ~20 kB
FETCH_S = 15.0  # each exchange, in total
MAX_URL_CHARS = 2048
TOOL_CONF = "https://purl.imsglobal.org/spec/lti-tool-configuration"
PLATFORM_CONF = "https://purl.imsglobal.org/spec/lti-platform-configuration"
SCOPES = (
    "https://purl.imsglobal.org/spec/lti-ags/scope/lineitem",  # outbox.py: find or create line items
    "https://purl.imsglobal.org/spec/lti-ags/scope/score",  # outbox.py: post scores
    "https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly",  # roster_sync.py
)
NEEDED = ("issuer", "authorization_endpoint", "token_endpoint", "jwks_uri", "registration_endpoint")


class RegistrationError(Exception):
    """A registration this tool refuses or the platform failed (the message says which step)."""


@dataclass(frozen=True)
class Registered:
    platform: Platform
    product: str  # the platform's product_family_code, e.g. "canvas", "moodle"
    scopes_missing: tuple[str, ...]  # scopes this tool uses that the platform does not list


class ToolRegistration(DynamicRegistration):
    """This tool's client registration, for a service at `base_url`."""

    client_name = "jaxgrade"
    description = "Auto-graded JAX exercises: students submit, the grader scores, grades go to the LMS."

    def __init__(self, base_url: str) -> None:
        super().__init__()
        self.base = base_url.rstrip("/")

    def get_initiate_login_uri(self) -> str:
        return self.base + "/lti/login"

    def get_jwks_uri(self) -> str:
        return self.base + "/lti/jwks"

    def get_redirect_uris(self) -> list[str]:
        return [self.get_target_link_uri()]

    def get_domain(self) -> str:
        return urllib.parse.urlsplit(self.base).netloc

    def get_target_link_uri(self) -> str:
        return self.base + "/lti/launch"

    def get_scopes(self) -> list[str]:
        return list(SCOPES)

    def get_claims(self) -> list[str]:
        return ["iss", "sub", "name", "given_name", "family_name", "email"]  # matching.py finds students

    def get_messages(self) -> list[dict[str, str]]:
        launch = self.get_target_link_uri()
        return [
            {"type": "LtiResourceLinkRequest", "target_link_uri": launch, "label": "jaxgrade"},
            {"type": "LtiDeepLinkingRequest", "target_link_uri": launch, "label": "jaxgrade assignment"},
        ]

    def get_logo_uri(self) -> str:
        return ""  # none (optional in LTI-DR); dropped from the document below

    def lti_registration_data(self) -> dict[str, Any]:
        data = super().lti_registration_data()
        data.pop("logo_uri", None)
        return data


def _loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def checked_url(what: str, url: object, *, fetched: bool = True) -> str:
    """`url` when it is an https URL (or http on loopback) whose host resolves to public addresses
    only (net_guard.py; the endpoints are fetched later too: keys at each launch, tokens by the
    outbox), else RegistrationError."""
    if not isinstance(url, str) or not url or len(url) > MAX_URL_CHARS:
        raise RegistrationError(f"{what} is missing or not a URL")
    parts = urllib.parse.urlsplit(url)
    host = parts.hostname or ""
    if (
        not host
        or parts.username
        or parts.password
        or not (parts.scheme == "https" or (parts.scheme == "http" and _loopback(host)))
    ):
        raise RegistrationError(
            f"{what} must be an https:// URL (http:// only on loopback), got {url[:200]!r}"
        )
    try:
        if fetched:
            net_guard.resolve_public(url)
    except net_guard.AddressRefused as exc:
        raise RegistrationError(f"{what}: {exc}") from exc
    return url


def _origin(url: str) -> tuple[str, str, int | None]:
    parts = urllib.parse.urlsplit(url)
    return (
        parts.scheme,
        (parts.hostname or "").lower(),
        parts.port or {"https": 443, "http": 80}.get(parts.scheme),
    )


def exchange(
    what: str, method: str, url: str, token: str, body: dict[str, Any] | None = None
) -> dict[str, Any]:
    """One JSON request to the platform, bounded in size and time, sent only to the public address
    its host resolved to (net_guard.py); the answer's JSON object. The platform's answer is never
    shown: a refusal page that echoed it would let anyone read a service this one can reach."""
    headers = {"Accept": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    payload = None
    if body is not None:
        payload = json.dumps(body).encode()
        headers["Content-Type"] = "application/json"
    try:
        answer = net_guard.fetch(
            url, method, headers, payload, origins=None, timeout_s=FETCH_S, max_bytes=MAX_DOC_BYTES
        )
    except (net_guard.AddressRefused, net_guard.AnswerRefused) as exc:
        raise RegistrationError(f"{what}: {exc}") from exc
    except Exception as exc:  # urllib3's errors: the connection failed
        raise RegistrationError(f"{what}: the request failed ({type(exc).__name__})") from exc
    status, text = answer.status, answer.body
    if status != 200 and status != 201:
        raise RegistrationError(f"{what}: the platform answered HTTP {status}")
    try:
        doc = json.loads(text)
    except ValueError as exc:
        raise RegistrationError(f"{what}: the answer is not JSON") from exc
    if not isinstance(doc, dict):
        raise RegistrationError(f"{what}: the answer is not a JSON object")
    return doc


def platform_configuration(config_url: str, token: str) -> dict[str, Any]:
    """The platform's OpenID configuration, checked (see the module docstring)."""
    checked_url("openid_configuration", config_url)
    conf = exchange("the platform's OpenID configuration", "GET", config_url, token)
    checked_url("the OpenID configuration's issuer", conf.get("issuer"), fetched=False)  # a name only
    if _origin(conf["issuer"]) != _origin(config_url):
        raise RegistrationError(
            f"the OpenID configuration's issuer {conf['issuer'][:200]!r} is not at the configuration URL's "
            f"origin {config_url[:200]!r} (LTI Dynamic Registration 3.5.1)"
        )
    for field in NEEDED[1:]:
        checked_url(f"the OpenID configuration's {field}", conf.get(field))
    if not isinstance(conf.get(PLATFORM_CONF), dict):
        raise RegistrationError(
            f"the OpenID configuration has no LTI platform configuration ({PLATFORM_CONF})"
        )
    return conf


def register(engine: sa.Engine, tool_base_url: str, config_url: str, token: str) -> Registered:
    """The whole registration (see the module docstring); RegistrationError says which step failed."""
    conf = platform_configuration(config_url, token)
    tool = ToolRegistration(tool_base_url)
    answer = exchange(
        "the platform's registration endpoint", "POST", conf["registration_endpoint"], token,
        tool.lti_registration_data(),
    )  # fmt: skip
    client_id = answer.get("client_id")
    if not isinstance(client_id, str) or not client_id.strip() or len(client_id) > 255:
        raise RegistrationError("the platform's registration answer has no client_id")
    tool_conf = answer.get(TOOL_CONF)
    deployment = tool_conf.get("deployment_id") if isinstance(tool_conf, dict) else None
    if deployment is not None and (not isinstance(deployment, str) or not deployment.strip()):
        raise RegistrationError("the platform's registration answer has an invalid deployment_id")
    platform = add_platform(
        engine,
        Platform(
            conf["issuer"], client_id, conf["authorization_endpoint"], conf["token_endpoint"],
            conf["jwks_uri"], (deployment,) if deployment else (),
            # the LMS that opened the registration serves AGS and NRPS at its own origin
            service_origins=(net_guard.origin_of(config_url),),
        ),
        require_deployment=False,
    )  # fmt: skip
    supported = conf.get("scopes_supported")
    missing = tuple(s for s in SCOPES if isinstance(supported, list) and s not in supported)
    product = str(conf[PLATFORM_CONF].get("product_family_code") or "")[:100]
    return Registered(platform, product, missing)
