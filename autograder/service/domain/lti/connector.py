"""The tool's side of the platforms' services (grades, roster): pylti1p3's registration of a platform,
signed with the tool's current key, the access tokens those services hand out, and the HTTP client
the library uses for them (outbound.py: through net_guard, to the platform's registered origins
only). The outbox and the roster sync (domain) and the launch routes (`web/lti/tool.py`) use it."""

from __future__ import annotations

from datetime import datetime, timedelta

import sqlalchemy as sa
from cryptography.hazmat.primitives import serialization
from pylti1p3.registration import Registration
from pylti1p3.service_connector import ServiceConnector

from autograder.service.domain.lti import keys
from autograder.service.domain.lti.outbound import PlatformSession
from autograder.service.domain.lti.platforms import Platform, origins


class TokenCache(ServiceConnector):
    """Access tokens of the platforms' services, kept in this process until shortly before they expire."""

    tokens: dict[str, tuple[str, datetime]] = {}

    def _get_cached_access_token(self, scope_key: str) -> str | None:
        cached = self.tokens.get(scope_key)
        return cached[0] if cached is not None and cached[1] > datetime.now() else None

    def _cache_access_token(self, scope_key: str, access_token: str, expires_in: float) -> None:
        self.tokens[scope_key] = (access_token, datetime.now() + timedelta(seconds=max(0, expires_in - 30)))

    @classmethod
    def forget(cls) -> None:
        cls.tokens.clear()


class PlatformRegistration(Registration):
    """pylti1p3's registration, with the platform it was made from (its origins: `session`)."""

    def __init__(self, platform: Platform) -> None:
        super().__init__()
        self.platform = platform


def session(platform: Platform) -> PlatformSession:
    """The HTTP client of every request to the platform (outbound.py)."""
    return PlatformSession(origins(platform))


def service_connector(engine: sa.Engine, platform: Platform) -> TokenCache:
    """pylti1p3's connector to the platform's services (AGS, NRPS), with the guarded client."""
    return TokenCache(registration(engine, platform), session(platform))


def registration(engine: sa.Engine, platform: Platform) -> PlatformRegistration:
    """pylti1p3's registration of `platform`, signed for with the tool's current key."""
    key = keys.signing_key(engine)
    private = serialization.load_pem_private_key(key.private_pem.encode(), password=None)
    public_pem = (
        private.public_key()
        .public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)
        .decode()
    )
    made = (
        PlatformRegistration(platform)
        .set_issuer(platform.issuer)
        .set_client_id(platform.client_id)
        .set_auth_login_url(platform.auth_login_url)
        .set_auth_token_url(platform.auth_token_url)
        .set_key_set_url(platform.keyset_url)
        .set_tool_private_key(key.private_pem)
        .set_tool_public_key(public_pem)
    )
    assert isinstance(made, PlatformRegistration)
    return made
