"""pylti1p3 on FastAPI: the request, cookie, redirect, OIDC-login and message-launch classes the
library expects (it ships Flask and Django ones), and a tool configuration read from the database.

The library does the protocol: the OIDC redirect with state and nonce, the id_token's signature
against the platform's JWKS, issuer and client id (the audience) against the registrations,
deployment, message type and claims. This module adds what it leaves to the application:

- `exp` and `iat` are required (PyJWT checks `exp` only when present);
- the nonce works once (storage.py), so a replayed launch is refused, and it is consumed only after
  the signature and the authorized party (azp) are valid (launch_checks.py);
- the library's HTTP client (the platform's keys, fetched at a launch) is outbound.PlatformSession:
  before the launch names its registration it refuses every request; after, it sends only to that
  platform's registered origins, through net_guard;
- cookies: the state cookie is `SameSite=None; Secure; Partitioned` over https (the launch is a
  cross-site form post from the LMS), `Lax` over plain http (loopback tests only).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pylti1p3.cookie import CookieService
from pylti1p3.deployment import Deployment
from pylti1p3.exception import LtiException
from pylti1p3.message_launch import MessageLaunch
from pylti1p3.oidc_login import OIDCLogin
from pylti1p3.redirect import Redirect
from pylti1p3.registration import Registration
from pylti1p3.request import Request as LtiRequest
from pylti1p3.tool_config import ToolConfAbstract
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from autograder.service.domain.core import Service
from autograder.service.domain.lti import connector, tool_database
from autograder.service.domain.lti.connector import PlatformRegistration, TokenCache
from autograder.service.domain.lti.outbound import PlatformSession
from autograder.service.domain.lti.platforms import Platform
from autograder.service.web.lti import launch_checks
from autograder.service.web.lti.storage import OneTimeNonceSessionService
from autograder.service.web.sessions import is_https

JWT_OPTIONS = {"verify_aud": False, "require": ["exp", "iat"]}  # aud: the registration lookup checks it


class FastApiRequest(LtiRequest):
    """A request whose parameters (query or form) were read already (FastAPI reads bodies async)."""

    def __init__(self, request: Request, params: Mapping[str, str]) -> None:
        self.starlette = request
        self.params = dict(params)
        self.secure = is_https(request)

    @property
    def session(self) -> None:  # pylti1p3 keeps its session in the storage, not here
        return None

    def get_param(self, key: str) -> str:
        return self.params.get(key)  # type: ignore[return-value]  # the library expects None when absent

    def get_cookie(self, key: str) -> str | None:
        return self.starlette.cookies.get(key)

    def is_secure(self) -> bool:
        return self.secure


class FastApiCookieService(CookieService):
    def __init__(self, request: FastApiRequest) -> None:
        self.request = request
        self.to_set: dict[str, tuple[str, int | None]] = {}

    def _key(self, name: str) -> str:
        return f"{self._cookie_prefix}-{name}"

    def get_cookie(self, name: str) -> str | None:
        return self.request.get_cookie(self._key(name))

    def set_cookie(self, name: str, value: str | int, exp: int | None = 3600) -> None:
        self.to_set[self._key(name)] = (str(value), exp)

    def update_response(self, response: Response) -> None:
        secure = self.request.is_secure()
        for key, (value, exp) in self.to_set.items():
            response.set_cookie(
                key, value, max_age=exp, path="/", secure=secure, httponly=True,
                samesite="none" if secure else "lax", partitioned=secure,
            )  # fmt: skip


class FastApiRedirect(Redirect[Response]):
    def __init__(self, location: str, cookies: FastApiCookieService) -> None:
        self.location, self.cookies = location, cookies

    def do_redirect(self) -> Response:
        response = RedirectResponse(self.location, status_code=302)
        self.cookies.update_response(response)
        return response

    def do_js_redirect(self) -> Response:
        return self.do_redirect()  # pages run no inline script

    def set_redirect_url(self, location: str) -> None:
        self.location = location

    def get_redirect_url(self) -> str:
        return self.location


class DbToolConf(ToolConfAbstract[FastApiRequest]):
    """The registrations of `jaxgrade lti add-platform`, read per request (a new platform works at once)."""

    def __init__(self, service: Service) -> None:
        self.service = service

    def check_iss_has_one_client(self, iss: str) -> bool:
        return False

    def check_iss_has_many_clients(self, iss: str) -> bool:
        return True

    def platform(self, iss: str, client_id: str | None) -> Platform | None:
        return tool_database.platform(self.service, iss, client_id or None)

    def find_registration_by_issuer(self, iss: str, *args: Any, **kwargs: Any) -> Registration | None:
        return self.find_registration_by_params(iss, None, *args, **kwargs)  # type: ignore[arg-type]

    def find_registration_by_params(
        self, iss: str, client_id: str, *args: Any, **kwargs: Any
    ) -> Registration | None:
        platform = self.platform(iss, client_id)
        return None if platform is None else tool_database.registration(self.service, platform)

    def find_deployment(self, iss: str, deployment_id: str) -> Deployment | None:
        return self.find_deployment_by_params(iss, deployment_id, None)  # type: ignore[arg-type]

    def find_deployment_by_params(
        self, iss: str, deployment_id: str, client_id: str, *args: Any, **kwargs: Any
    ) -> Deployment | None:
        platform = self.platform(iss, client_id)
        if platform is None or deployment_id not in platform.deployment_ids:
            return None
        return Deployment().set_deployment_id(deployment_id)


class FastApiOIDCLogin(OIDCLogin):
    def __init__(self, request: FastApiRequest, service: Service) -> None:
        cookies = FastApiCookieService(request)
        super().__init__(
            request,
            DbToolConf(service),
            session_service=OneTimeNonceSessionService(request, service),
            cookie_service=cookies,
        )

    def get_redirect(self, url: str) -> FastApiRedirect:
        return FastApiRedirect(url, self._cookie_service)


class FastApiMessageLaunch(MessageLaunch):
    def __init__(self, request: FastApiRequest, tool_config: DbToolConf, **kwargs: Any) -> None:
        super().__init__(request, tool_config, **kwargs)
        self.set_jwt_verify_options(JWT_OPTIONS)  # type: ignore[arg-type]

    def _get_request_param(self, key: str) -> str:
        return self._request.get_param(key)

    def validate_registration(self) -> FastApiMessageLaunch:
        """The library's check, then its HTTP client for this platform's origins only (connector.py)."""
        super().validate_registration()
        assert isinstance(self._registration, PlatformRegistration)  # DbToolConf makes only these
        self._requests_session = connector.session(self._registration.platform)
        return self

    def validate(self) -> FastApiMessageLaunch:
        """The library's checks in a safer order, plus azp (launch_checks.py)."""
        if self._restored:
            raise LtiException("A restored launch can't be validated.")
        self._validated = True
        try:
            launch_checks.validate_in_order(self)
        except Exception:
            self._validated = False
            raise
        return self


def _launch_parts(request: FastApiRequest, service: Service) -> dict[str, Any]:
    return {
        "session_service": OneTimeNonceSessionService(request, service),
        "cookie_service": FastApiCookieService(request),
        "service_connector_cls": TokenCache,
        "requests_session": PlatformSession(frozenset()),  # no origin until the registration is known
    }


def message_launch(request: FastApiRequest, service: Service) -> FastApiMessageLaunch:
    return FastApiMessageLaunch(request, DbToolConf(service), **_launch_parts(request, service))


def restored_launch(request: FastApiRequest, service: Service, launch_id: str) -> FastApiMessageLaunch:
    """A launch validated earlier (deep linking's second step); raises LtiException when unknown."""
    launch = FastApiMessageLaunch.from_cache(
        launch_id, request, DbToolConf(service), **_launch_parts(request, service)
    )
    assert isinstance(launch, FastApiMessageLaunch)
    return launch
