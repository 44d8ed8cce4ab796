"""What `web/lti/` (pylti1p3's tool configuration, the key set, dynamic registration) asks of the
database, given the `Service`: the page hands over the Service and this side reaches the engine.

The functions below take the engine because `jaxgrade lti` (which has no `Service`) and the LMS
outbox call them too; these are the Service-taking doors to them for the web floor.
"""

from __future__ import annotations

from typing import Any

from autograder.service.domain.course.service_database import HoldsDatabase
from autograder.service.domain.lti import connector, dynamic_registration, keys
from autograder.service.domain.lti.platforms import Platform, find_platform


def platform(service: HoldsDatabase, issuer: str, client_id: str | None) -> Platform | None:
    """The registered platform of `issuer` (and `client_id`, when given)."""
    return find_platform(service.engine, issuer, client_id)


def registration(service: HoldsDatabase, found: Platform) -> connector.PlatformRegistration:
    """pylti1p3's registration of `found`, signed for with the tool's current key."""
    return connector.registration(service.engine, found)


def jwks(service: HoldsDatabase) -> dict[str, list[dict[str, Any]]]:
    """The tool's public key set."""
    return keys.jwks(service.engine)


def register(
    service: HoldsDatabase, tool_base_url: str, config_url: str, token: str
) -> dynamic_registration.Registered:
    """Dynamic registration started by the platform (`dynamic_registration.register`)."""
    return dynamic_registration.register(service.engine, tool_base_url, config_url, token)
