"""The tool's side of the platforms' services (grades, roster): pylti1p3's registration of a platform,
signed with the tool's current key, and the access tokens those services hand out. No HTTP of our
own: the outbox and the roster sync (domain) and the launch routes (`web/lti/tool.py`) use it."""

from __future__ import annotations

from datetime import datetime, timedelta

import sqlalchemy as sa
from cryptography.hazmat.primitives import serialization
from pylti1p3.registration import Registration
from pylti1p3.service_connector import ServiceConnector

from autograder.service.domain.lti import keys
from autograder.service.domain.lti.platforms import Platform


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


def registration(engine: sa.Engine, platform: Platform) -> Registration:
    """pylti1p3's registration of `platform`, signed for with the tool's current key."""
    key = keys.signing_key(engine)
    private = serialization.load_pem_private_key(key.private_pem.encode(), password=None)
    public_pem = (
        private.public_key()
        .public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)
        .decode()
    )
    return (
        Registration()
        .set_issuer(platform.issuer)
        .set_client_id(platform.client_id)
        .set_auth_login_url(platform.auth_login_url)
        .set_auth_token_url(platform.auth_token_url)
        .set_key_set_url(platform.keyset_url)
        .set_tool_private_key(key.private_pem)
        .set_tool_public_key(public_pem)
    )
