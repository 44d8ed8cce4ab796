"""LTI launch checks of issue 32, section 1, against the real loopback platform (`lti1p3platform`)
and a real `jaxgrade serve`:

- a nonce is consumed only after the id_token's signature is valid: a forged or unsigned token
  carrying a real launch's nonce is refused and the real launch still logs in;
- `/lti/login` stores state for anyone who asks, so it is bounded per client address;
- the authorized party (OIDC Core 3.1.3.7): a platform-signed token with several audiences and no
  `azp`, or with an `azp` of another client, is refused; with `azp` of this tool it is accepted.
"""

from __future__ import annotations

import base64
import json
import urllib.parse
from collections.abc import Iterator
from pathlib import Path

import jwt
import pytest
import sqlalchemy as sa

from autograder.service.storage import lti_tables as tables
from autograder.service.storage.db import connect

from helpers.browserish import Browserish
from helpers.lti_binding import BoundTool, add_platform, bound_tool
from helpers.lti_launch import launch_form
from helpers.lti_platform import INSTRUCTOR, LEARNER, User
from helpers.served import serve

ROSTER = "student_id,name,email,lms_id\ns1,学生一,s1@example.edu,lms-1\n"


class Rig(BoundTool):
    def launch_fields(self, browser: Browserish, user: str = "lms-1") -> dict[str, str]:
        return launch_form(self.platform.url, self.served.url, browser, user)


@pytest.fixture(scope="module")
def rig(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Rig]:
    root = tmp_path_factory.mktemp("lti-launch-checks")
    users = {
        "lms-1": User("lms-1", "学生一", "s1@example.edu", [LEARNER]),
        "u-teacher": User("u-teacher", "Teacher", "t@example.edu", [INSTRUCTOR]),
    }
    # the launches fetch the platform's keys on loopback (bound_tool's loopback opt-in)
    with bound_tool(root, users, ROSTER, "--workers", "0") as tool:
        yield Rig(tool.platform, tool.served)


def claims_of(id_token: str) -> tuple[dict, dict]:
    return jwt.get_unverified_header(id_token), jwt.decode(id_token, options={"verify_signature": False})


def unsigned(header: dict, claims: dict) -> str:
    def part(doc: dict) -> str:
        return base64.urlsafe_b64encode(json.dumps(doc).encode()).rstrip(b"=").decode()

    return f"{part({**header, 'alg': 'none'})}.{part(claims)}."


@pytest.mark.parametrize("forgery", ["unpublished-key", "unsigned"])
def test_a_forged_token_does_not_burn_the_real_launchs_nonce(rig: Rig, forgery: str) -> None:
    browser = Browserish(rig.served.url)
    fields = rig.launch_fields(browser)
    header, claims = claims_of(fields["id_token"])
    forged = (
        jwt.encode(claims, rig.platform.state.other_keys[0], "RS256", headers=header)
        if forgery == "unpublished-key"
        else unsigned(header, claims)
    )
    refused = browser.post_form("/lti/launch", {**fields, "id_token": forged})
    assert refused.status == 401 and "无法从课程平台登录" in refused.text, refused.text[:2000]
    assert browser.get("/").status == 303  # no session
    real = browser.post_form("/lti/launch", fields)  # the platform's own token, nonce intact
    assert real.status == 303 and real.headers["Location"] == "/", real.text[:3000]
    assert "学生一(s1)" in browser.get("/").shown


AZP_CASES = {
    "several-audiences-no-azp": ({"aud": ["CLIENT", "another-tool"]}, "no azp"),
    "azp-of-another-client": ({"azp": "another-tool"}, "azp is not this tool"),
    "azp-of-another-client-several-audiences": (
        {"aud": ["CLIENT", "another-tool"], "azp": "another-tool"},
        "azp is not this tool",
    ),
}


@pytest.mark.parametrize("case", sorted(AZP_CASES))
def test_a_token_for_another_authorized_party_is_refused(rig: Rig, case: str) -> None:
    changes, reason = AZP_CASES[case]
    client = rig.platform.state.client_id
    browser = Browserish(rig.served.url)
    fields = rig.launch_fields(browser)
    header, claims = claims_of(fields["id_token"])
    claims.pop("azp", None)
    claims.update({k: [client if a == "CLIENT" else a for a in v] if isinstance(v, list) else v
                   for k, v in changes.items()})  # fmt: skip
    token = jwt.encode(claims, rig.platform.state.keys[0], "RS256", headers=header)  # the platform's key
    reply = browser.post_form("/lti/launch", {**fields, "id_token": token})
    assert reply.status == 401 and reason in reply.text, reply.text[:3000]
    assert browser.get("/").status == 303


def test_several_audiences_with_this_tool_as_azp_are_accepted(rig: Rig) -> None:
    client = rig.platform.state.client_id
    browser = Browserish(rig.served.url)
    fields = rig.launch_fields(browser)
    header, claims = claims_of(fields["id_token"])
    claims.update({"aud": [client, "another-tool"], "azp": client})
    token = jwt.encode(claims, rig.platform.state.keys[0], "RS256", headers=header)
    reply = browser.post_form("/lti/launch", {**fields, "id_token": token})
    assert reply.status == 303 and reply.headers["Location"] == "/", reply.text[:3000]


def test_lti_login_initiations_are_bounded_per_address(
    rig: Rig, tmp_path_factory: pytest.TempPathFactory
) -> None:
    root = tmp_path_factory.mktemp("lti-login-rate")
    (root / "roster.csv").write_text(ROSTER, encoding="utf-8")
    env = pytest.MonkeyPatch()
    env.setenv("JAXGRADE_LTI_LOGINS_PER_MINUTE", "5")
    try:
        served = serve(root / "data", "--roster", str(root / "roster.csv"), "--workers", "0")
    finally:
        env.undo()
    try:
        add_platform(root / "data", rig.platform)
        s = rig.platform.state
        query = urllib.parse.urlencode(
            {"iss": s.url, "login_hint": "lms-1", "target_link_uri": served.url + "/lti/launch",
             "client_id": s.client_id, "lti_deployment_id": s.deployment_id}
        )  # fmt: skip
        browser = Browserish(served.url)
        for _ in range(5):
            reply = browser.get(f"/lti/login?{query}")
            assert reply.status == 302, reply.text[:2000]
        stored = stored_login_rows(root / "data")
        refused = browser.get(f"/lti/login?{query}")
        assert refused.status == 429 and "too many LTI logins" in refused.text, refused.text[:2000]
        assert stored_login_rows(root / "data") == stored  # the refused one stored nothing
    finally:
        served.stop()


def stored_login_rows(data: Path) -> int:
    engine = connect(f"sqlite:///{(data / 'service.sqlite').resolve()}")
    with engine.connect() as conn:
        n = conn.execute(sa.select(sa.func.count()).select_from(tables.launch_data)).scalar_one()
    engine.dispose()
    return int(n)
