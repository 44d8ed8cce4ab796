"""Checks of an LTI launch's id_token that pylti1p3 leaves out, and the order they run in.

pylti1p3's `MessageLaunch.validate` consumes the nonce before it checks the signature: an unsigned
or forged token carrying a real launch's nonce (readable in the LMS's auto-posted form) burns it,
and the real launch is then refused. `validate_in_order` checks the signature first and consumes
the nonce only for a token the platform signed.

The authorized party (OpenID Connect Core 1.0, 3.1.3.7, items 3 to 5): the id_token's `aud` must
contain this tool's client id; when `aud` has several values `azp` must be present; when `azp` is
present it must be this tool's client id. A token the platform made for another client that
merely lists this tool as one audience is refused.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from pylti1p3.exception import LtiException


class _Validating(Protocol):
    def validate_state(self) -> Any: ...
    def validate_jwt_format(self) -> Any: ...
    def validate_registration(self) -> Any: ...
    def validate_jwt_signature(self) -> Any: ...
    def validate_nonce(self) -> Any: ...
    def validate_deployment(self) -> Any: ...
    def validate_message(self) -> Any: ...
    def save_launch_data(self) -> Any: ...
    def get_client_id(self) -> str: ...
    def _get_jwt_body(self) -> Any: ...


class AuthorizedPartyError(LtiException):
    """The id_token's aud/azp do not name this tool as the party it was issued to."""


def check_authorized_party(body: Mapping[str, Any], client_id: str) -> None:
    """OIDC Core 3.1.3.7 (see the module docstring); AuthorizedPartyError when it fails."""
    aud = body.get("aud")
    audiences = aud if isinstance(aud, list) else [aud]
    if client_id not in audiences:
        raise AuthorizedPartyError("the id_token's aud does not contain this tool's client id")
    azp = body.get("azp")
    if len(audiences) > 1 and azp is None:
        raise AuthorizedPartyError("the id_token has several audiences and no azp")
    if azp is not None and azp != client_id:
        raise AuthorizedPartyError("the id_token's azp is not this tool's client id")


def validate_in_order(launch: _Validating) -> None:
    """pylti1p3's checks, the nonce consumed only after the signature and audience are valid."""
    launch.validate_state()
    launch.validate_jwt_format()
    launch.validate_registration()
    launch.validate_jwt_signature()
    check_authorized_party(launch._get_jwt_body(), launch.get_client_id())
    launch.validate_nonce()
    launch.validate_deployment()
    launch.validate_message()
    launch.save_launch_data()
