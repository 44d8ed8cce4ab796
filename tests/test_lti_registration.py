"""LTI 1.3 registration: `jaxgrade lti add-platform` stores a platform in the service database, the
tool's key pair is generated once and rotated on request, and a real `jaxgrade serve` publishes the
keys at /lti/jwks, where a JWT client (PyJWT's PyJWKClient, over loopback) checks the tool's signature.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import jwt
import pytest

from autograder.service.domain.lti import keys
from autograder.service.domain.lti.platforms import find_platform
from autograder.service.storage.db import connect

from helpers.served import serving

REPO = Path(__file__).resolve().parents[1]
ROSTER = "student_id,name,email,lms_id\ns1,学生一,s1@example.edu,lms-1\n"
PLATFORM = [
    "--issuer", "https://lms.example.edu",
    "--client-id", "tool-client-1",
    "--auth-login-url", "https://lms.example.edu/auth",
    "--auth-token-url", "https://lms.example.edu/token",
    "--keyset-url", "https://lms.example.edu/jwks",
]  # fmt: skip


def lti(data: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "autograder.cli", "lti", *args[:1], "--data", str(data), *args[1:]],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
    )


def engine_of(data: Path):  # noqa: ANN201 - an SQLAlchemy engine
    return connect(f"sqlite:///{(data / 'service.sqlite').resolve()}")


def test_add_platform_stores_it_and_adds_deployments_without_dropping_any(tmp_path: Path) -> None:
    data = tmp_path / "data"
    first = lti(data, "add-platform", *PLATFORM, "--deployment-id", "dep-1")
    assert first.returncode == 0, first.stderr
    again = lti(data, "add-platform", *PLATFORM, "--deployment-id", "dep-2")
    assert again.returncode == 0, again.stderr
    platform = find_platform(engine_of(data), "https://lms.example.edu", "tool-client-1")
    assert platform is not None
    assert platform.deployment_ids == ("dep-1", "dep-2")
    assert platform.keyset_url == "https://lms.example.edu/jwks"
    assert find_platform(engine_of(data), "https://other.example.edu") is None

    bad = [*PLATFORM]
    bad[bad.index("--keyset-url") + 1] = "ftp://lms.example.edu/jwks"
    refused = lti(data, "add-platform", *bad, "--deployment-id", "dep-3")
    assert refused.returncode == 2 and "--keyset-url must be an https:// URL" in refused.stderr


def _sign(key: keys.ToolKey) -> str:
    return jwt.encode({"iss": "tool-client-1", "aud": "https://lms.example.edu"}, key.private_pem,
                      algorithm="RS256", headers={"kid": key.kid})  # fmt: skip


def _verify(token: str, jwks_url: str) -> dict:
    signing = jwt.PyJWKClient(jwks_url, cache_keys=False).get_signing_key_from_jwt(token)
    return jwt.decode(token, signing.key, algorithms=["RS256"], audience="https://lms.example.edu")


def test_served_jwks_checks_the_tool_signature_before_and_after_rotation(tmp_path: Path) -> None:
    data = tmp_path / "data"
    assert lti(data, "add-platform", *PLATFORM, "--deployment-id", "dep-1").returncode == 0
    engine = engine_of(data)
    first = keys.signing_key(engine)
    assert keys.signing_key(engine).kid == first.kid  # generated once, then reused
    with serving(tmp_path, ROSTER) as served:
        url = served.url + "/lti/jwks"
        with urllib.request.urlopen(url, timeout=60) as reply:
            published = json.loads(reply.read())
        assert [k["kid"] for k in published["keys"]] == [first.kid]
        assert published["keys"][0]["kty"] == "RSA" and published["keys"][0]["alg"] == "RS256"
        assert "d" not in published["keys"][0]  # never the private part
        assert _verify(_sign(first), url)["iss"] == "tool-client-1"

        rotated = lti(data, "rotate-key")
        assert rotated.returncode == 0, rotated.stderr
        second = keys.signing_key(engine)
        assert second.kid != first.kid and second.kid in rotated.stdout
        assert _verify(_sign(second), url)["iss"] == "tool-client-1"
        assert _verify(_sign(first), url)  # the retired key stays published for a while

    later = time.time() + keys.RETIRED_KEPT_S + 60
    assert [k["kid"] for k in keys.jwks(engine, now=later)["keys"]] == [second.kid]
    forged = jwt.encode({"iss": "x"}, _other_private_pem(), algorithm="RS256", headers={"kid": second.kid})
    with pytest.raises(jwt.InvalidSignatureError):
        jwt.decode(forged, jwt.PyJWK(keys.jwks(engine)["keys"][0]).key, algorithms=["RS256"])


def _other_private_pem() -> str:
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import rsa

    return (
        rsa.generate_private_key(public_exponent=65537, key_size=2048)
        .private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
        )
        .decode()
    )
