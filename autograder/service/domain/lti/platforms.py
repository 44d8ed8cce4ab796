"""Platform registrations: one row per (issuer, client id), with its deployment ids and the origins
this service may send requests to for it (`origins`: net_guard.fetch refuses every other)."""

from __future__ import annotations

import json
import time
import urllib.parse
from dataclasses import dataclass

import sqlalchemy as sa

from autograder.service.domain.lti.net_guard import origin_of
from autograder.service.storage.lti_tables import DEFAULT_MATCH_ON, platforms

MATCH_FIELDS = ("lms_id", "sis_login_id", "email")


class PlatformError(ValueError):
    """A registration the tool refuses (the message says which field)."""


@dataclass(frozen=True)
class Platform:
    issuer: str
    client_id: str
    auth_login_url: str
    auth_token_url: str
    keyset_url: str
    deployment_ids: tuple[str, ...]
    match_on: str = DEFAULT_MATCH_ON  # matching.py: which roster fields find a launching user
    # origins (scheme://host:port) of the platform's services besides those of its four URLs: Canvas
    # serves AGS and NRPS on the school's own host (school.instructure.com), not the issuer's
    service_origins: tuple[str, ...] = ()


def origins(platform: Platform) -> frozenset[str]:
    """Where this service may send requests for the platform: the origins of its issuer, OIDC
    login, token and key set URLs, and its service origins. Nothing a launch claims adds to them."""
    urls = (platform.issuer, platform.auth_login_url, platform.auth_token_url, platform.keyset_url)
    return frozenset(o for o in (*map(origin_of, urls), *platform.service_origins) if o)


def service_origin(value: str) -> str:
    """`value` as an origin (`https://host[:port]`, nothing after it), else PlatformError."""
    parts = urllib.parse.urlsplit(value.strip())
    origin = origin_of(value.strip())
    if not origin or parts.path not in ("", "/") or parts.query or parts.fragment or parts.username:
        raise PlatformError(
            f"--service-origin must be an origin such as https://school.example.edu, got {value!r}"
        )
    return origin


def _check_url(field: str, value: str) -> str:
    parts = urllib.parse.urlsplit(value)
    if parts.scheme not in ("https", "http") or not parts.netloc:
        raise PlatformError(f"--{field} must be an https:// URL, got {value!r}")
    return value


def add_platform(engine: sa.Engine, platform: Platform, *, require_deployment: bool = True) -> Platform:
    """Insert the platform, or update its URLs and add its deployment ids (none is ever dropped).

    `require_deployment=False` (dynamic registration): a platform may name its deployment only later
    (Canvas makes one when the admin enables the tool); until one is added, its launches are refused.
    """
    for field in ("issuer", "auth_login_url", "auth_token_url", "keyset_url"):
        _check_url(field.replace("_", "-"), getattr(platform, field))
    if not platform.client_id.strip():
        raise PlatformError("--client-id must not be empty")
    if (require_deployment and not platform.deployment_ids) or not all(
        d.strip() for d in platform.deployment_ids
    ):
        raise PlatformError("--deployment-id must not be empty")
    fields = platform.match_on.split(",")
    if not fields or not set(fields) <= set(MATCH_FIELDS) or len(set(fields)) != len(fields):
        raise PlatformError(f"--match-on must be a comma-separated list of {', '.join(MATCH_FIELDS)}")
    wanted_origins = [service_origin(o) for o in platform.service_origins]
    now = time.time()
    key = (platforms.c.issuer == platform.issuer) & (platforms.c.client_id == platform.client_id)
    with engine.begin() as conn:
        row = conn.execute(
            sa.select(platforms.c.deployment_ids, platforms.c.service_origins).where(key)
        ).first()
        urls = {
            "auth_login_url": platform.auth_login_url,
            "auth_token_url": platform.auth_token_url,
            "keyset_url": platform.keyset_url,
            "match_on": platform.match_on,
        }
        if row is None:
            ids = list(dict.fromkeys(platform.deployment_ids))
            kept = list(dict.fromkeys(wanted_origins))
            conn.execute(
                platforms.insert().values(
                    issuer=platform.issuer,
                    client_id=platform.client_id,
                    deployment_ids=json.dumps(ids),
                    service_origins=json.dumps(kept),
                    created_at=now,
                    updated_at=now,
                    **urls,
                )
            )
        else:  # deployment ids and service origins are added, never dropped
            ids = list(dict.fromkeys([*json.loads(row.deployment_ids), *platform.deployment_ids]))
            kept = list(dict.fromkeys([*json.loads(row.service_origins), *wanted_origins]))
            conn.execute(
                platforms.update()
                .where(key)
                .values(
                    deployment_ids=json.dumps(ids), service_origins=json.dumps(kept), updated_at=now, **urls
                )
            )
    return Platform(
        platform.issuer,
        platform.client_id,
        platform.auth_login_url,
        platform.auth_token_url,
        platform.keyset_url,
        tuple(ids),
        platform.match_on,
        tuple(kept),
    )


def find_platform(engine: sa.Engine, issuer: str, client_id: str | None = None) -> Platform | None:
    """The registration for `issuer` (and `client_id`, when the platform sent one)."""
    query = sa.select(platforms).where(platforms.c.issuer == issuer).order_by(platforms.c.id)
    if client_id is not None:
        query = query.where(platforms.c.client_id == client_id)
    with engine.connect() as conn:
        row = conn.execute(query).first()
    if row is None:
        return None
    return Platform(
        row.issuer,
        row.client_id,
        row.auth_login_url,
        row.auth_token_url,
        row.keyset_url,
        tuple(json.loads(row.deployment_ids)),
        row.match_on,
        tuple(json.loads(row.service_origins)),
    )
