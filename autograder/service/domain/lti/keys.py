"""The tool's RSA key pair: generated on first use, rotated on request, published as a JWKS.

A rotated key stays in the JWKS for `RETIRED_KEPT_S` so that a platform which cached the old set
can still check messages signed just before the rotation; only the newest key signs.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from pylti1p3.registration import Registration

from autograder.service.storage.lti_tables import tool_keys

RETIRED_KEPT_S = 7 * 24 * 3600
KEY_BITS = 2048


@dataclass(frozen=True)
class ToolKey:
    kid: str
    private_pem: str
    public_jwk: dict[str, Any]


def _new_key(now: float) -> dict[str, Any]:
    private = rsa.generate_private_key(public_exponent=65537, key_size=KEY_BITS)
    private_pem = private.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    ).decode()
    public_pem = (
        private.public_key()
        .public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)
        .decode()
    )
    jwk = dict(Registration.get_jwk(public_pem))  # the library's JWK form: kid = RFC 7638 thumbprint
    return {
        "kid": jwk["kid"],
        "private_pem": private_pem,
        "public_jwk": json.dumps(jwk, sort_keys=True),
        "created_at": now,
        "retired_at": None,
    }


def _newest(conn: sa.Connection) -> ToolKey | None:
    row = conn.execute(
        sa.select(tool_keys).where(tool_keys.c.retired_at.is_(None)).order_by(tool_keys.c.created_at.desc())
    ).first()
    return ToolKey(row.kid, row.private_pem, json.loads(row.public_jwk)) if row else None


def signing_key(engine: sa.Engine) -> ToolKey:
    """The current signing key, generated (and stored) the first time it is asked for."""
    with engine.begin() as conn:
        key = _newest(conn)
        if key is None:
            conn.execute(tool_keys.insert().values(**_new_key(time.time())))
            key = _newest(conn)
    assert key is not None
    return key


def rotate(engine: sa.Engine) -> ToolKey:
    """Retire every current key and make a new one the signing key."""
    now = time.time()
    with engine.begin() as conn:
        conn.execute(tool_keys.update().where(tool_keys.c.retired_at.is_(None)).values(retired_at=now))
        conn.execute(tool_keys.insert().values(**_new_key(now)))
        key = _newest(conn)
    assert key is not None
    return key


def jwks(engine: sa.Engine, now: float | None = None) -> dict[str, list[dict[str, Any]]]:
    """The published key set: the signing key and keys retired less than RETIRED_KEPT_S ago."""
    signing_key(engine)
    cutoff = (time.time() if now is None else now) - RETIRED_KEPT_S
    with engine.connect() as conn:
        rows = conn.execute(
            sa.select(tool_keys.c.public_jwk)
            .where(tool_keys.c.retired_at.is_(None) | (tool_keys.c.retired_at > cutoff))
            .order_by(tool_keys.c.created_at.desc())
        ).all()
    return {"keys": [json.loads(r.public_jwk) for r in rows]}
