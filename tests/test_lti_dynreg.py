"""LTI Dynamic Registration, end to end: `jaxgrade lti allow-registration` prints a one-time link, the
platform opens it with its openid_configuration and registration_token, the tool registers itself
and stores the platform; then a real `lti1p3platform` launch (OIDC login and launch) with the
dynamically registered client id and deployment logs users in, with no `add-platform` at all.

The platform's registration side (openid-configuration document, registration endpoint) is test
code, tests/helpers/lti_dynreg.py: no platform implementation on PyPI has one.

Refused: an unknown or used link, a wrong registration token, an issuer not at the configuration
URL's origin, a plain-http configuration URL off loopback, an oversized or non-JSON configuration;
each refusal is a page saying why, stores nothing, and leaves the link usable.

In Chromium, the LMS's page (another origin) frames the registration page and hears its
`org.imsglobal.lti.close` message.
"""

from __future__ import annotations

import urllib.parse
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
import sqlalchemy as sa

from autograder.service.domain.lti.net_guard import LOOPBACK_OPT_IN
from autograder.service.domain.lti.platforms import find_platform
from autograder.service.storage import lti_tables as tables
from autograder.service.storage.db import connect

from helpers.browserish import Browserish, Reply
from helpers.chromium import MISSING, available, headless_chromium
from helpers.lti_binding import allow_registration, bind_context, ta_list
from helpers.lti_dynreg import TOOL_CONF, DynReg, add_dynamic_registration
from helpers.lti_launch import launch
from helpers.lti_platform import INSTRUCTOR, LEARNER, LoopbackPlatform, User
from helpers.ports import free_port
from helpers.served import Served, serve

ROSTER = "student_id,name,email,lms_id\ns1,学生一,s1@example.edu,lms-1\n"


@dataclass
class Rig:
    platform: LoopbackPlatform
    reg: DynReg
    served: Served

    @property
    def engine(self) -> sa.Engine:
        return connect(f"sqlite:///{(self.served.data / 'service.sqlite').resolve()}")

    def config_url(self) -> str:
        return self.platform.url + "/.well-known/openid-configuration"

    def open_link(self, link: str, config_url: str | None = None, token: str | None = None) -> Reply:
        """What the platform does: open the link in the admin's browser with its two parameters."""
        query = urllib.parse.urlencode(
            {
                "openid_configuration": config_url or self.config_url(),
                "registration_token": token or self.reg.token,
            }
        )
        return Browserish(self.served.url).get(f"{link}?{query}")

    def platforms(self) -> int:
        engine = self.engine
        with engine.connect() as conn:
            n = len(conn.execute(sa.select(tables.platforms)).all())
        engine.dispose()
        return n



@pytest.fixture(scope="module")
def rig(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Rig]:
    root = tmp_path_factory.mktemp("lti-dynreg")
    platform = LoopbackPlatform(free_port())
    platform.state.users.update(
        {
            "lms-1": User("lms-1", "学生一", "s1@example.edu", [LEARNER]),
            "u-teacher": User("u-teacher", "Teacher", "t@example.edu", [INSTRUCTOR]),
        }
    )
    reg = add_dynamic_registration(platform)
    platform.start()
    (root / "roster.csv").write_text(ROSTER, encoding="utf-8")
    env = pytest.MonkeyPatch()  # this platform listens on loopback: the service must be told it may
    env.setenv(LOOPBACK_OPT_IN, "1")
    try:
        served = serve(
            root / "data", "--roster", str(root / "roster.csv"), "--tas", str(ta_list(root)), "--workers", "0"
        )
    finally:
        env.undo()
    platform.state.tool_url = served.url  # only for the launch before any registration
    try:
        yield Rig(platform, reg, served)
    finally:
        served.stop()
        platform.stop()


@pytest.fixture(scope="module")
def link(rig: Rig) -> str:
    return allow_registration(rig.served.data)


def refused(reply: Reply, status: int, reason: str) -> None:
    assert reply.status == status, reply.text[:2000]
    assert 'id="lti-registration-refused"' in reply.text and reason in reply.text, reply.text[:3000]
    assert "registered.js" not in reply.text  # the LMS is not told the registration is done


def test_before_any_registration_the_platform_cannot_launch(rig: Rig) -> None:
    browser = Browserish(rig.served.url)
    query = urllib.parse.urlencode({"user": "lms-1", "kind": "resource", "tamper": ""})
    first = Browserish("").get(f"{rig.platform.url}/start?{query}")
    login = urllib.parse.urlsplit(first.headers["Location"])
    answer = browser.get(f"/lti/login?{login.query}")
    assert answer.status == 400 and "Could not find registration details" in answer.text, answer.text[:2000]
    assert rig.platforms() == 0


SERVED_WRONG = {
    "foreign-issuer": "is not at the configuration URL",
    "oversized": "larger than 262144 bytes",
    "not-json": "the answer is not JSON",
}


@pytest.mark.parametrize("wrong", sorted(SERVED_WRONG))
def test_a_wrong_openid_configuration_is_refused(rig: Rig, link: str, wrong: str) -> None:
    rig.reg.serve = wrong
    try:
        reply = rig.open_link(link)
    finally:
        rig.reg.serve = "ok"
    refused(reply, 502, SERVED_WRONG[wrong])
    assert rig.platforms() == 0 and rig.reg.registrations == []


def test_a_wrong_registration_token_is_refused_by_the_platform(rig: Rig, link: str) -> None:
    refused(rig.open_link(link, token="not-the-token"), 502, "the platform answered HTTP 401")
    assert rig.reg.refusals[-1] == "registration token" and rig.platforms() == 0


@pytest.mark.parametrize(
    "url", ["http://lms.example.edu/.well-known/openid-configuration", "ftp://127.0.0.1/x", "javascript:x"]
)
def test_a_configuration_url_off_https_is_refused(rig: Rig, link: str, url: str) -> None:
    refused(rig.open_link(link, config_url=url), 400, "must be an https:// URL")
    assert rig.platforms() == 0


def test_unknown_links_and_missing_parameters_are_refused(rig: Rig) -> None:
    refused(rig.open_link("/lti/register/" + "A" * 43), 403, "unknown or expired registration link")
    missing = Browserish(rig.served.url).get(allow_registration(rig.served.data))
    refused(missing, 400, "no openid_configuration parameter")


def test_dynamic_registration_then_a_real_launch_with_its_client_id(rig: Rig, link: str) -> None:
    reply = rig.open_link(link)  # the same link: every refusal above gave it back
    assert reply.status == 200 and 'id="lti-registered"' in reply.text, reply.text[:3000]
    assert '<script src="/lti/static/registered.js"' in reply.text
    assert "frame-ancestors *" in reply.headers["Content-Security-Policy"]  # the LMS's iframe may show it
    script = Browserish(rig.served.url).get("/lti/static/registered.js")
    assert script.status == 200 and 'postMessage({ subject: "org.imsglobal.lti.close" }' in script.text

    (body,) = rig.reg.registrations  # what the tool sent (the platform checked it against the spec)
    tool = rig.served.url
    assert body["initiate_login_uri"] == tool + "/lti/login" and body["jwks_uri"] == tool + "/lti/jwks"
    assert body["redirect_uris"] == [tool + "/lti/launch"]
    conf = body[TOOL_CONF]
    assert conf["target_link_uri"] == tool + "/lti/launch"
    assert {m["type"] for m in conf["messages"]} == {"LtiResourceLinkRequest", "LtiDeepLinkingRequest"}
    assert set(body["scope"].split()) == {
        "https://purl.imsglobal.org/spec/lti-ags/scope/lineitem",
        "https://purl.imsglobal.org/spec/lti-ags/scope/score",
        "https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly",
    }

    state = rig.platform.state
    assert state.client_id.startswith("dyn-") and state.client_id in reply.text
    engine = rig.engine
    stored = find_platform(engine, rig.platform.url, state.client_id)
    engine.dispose()
    assert stored is not None and stored.deployment_ids == (state.deployment_id,)
    assert (stored.auth_login_url, stored.auth_token_url, stored.keyset_url) == (
        state.url + "/auth", state.url + "/token", state.url + "/jwks",
    )  # fmt: skip

    bind_context(rig.served.data, state)  # the admin links the LMS course (its deployment is known now)
    browser, student = launch(state.url, tool, "lms-1")  # the real platform's OIDC login and launch
    assert student.status == 303 and student.headers["Location"] == "/", student.text[:3000]
    assert "学生一(s1)" in browser.get("/").shown
    _, teacher = launch(state.url, tool, "u-teacher")
    assert teacher.status == 303 and teacher.headers["Location"] == "/ta"

    again = rig.open_link(link)  # one registration per link
    refused(again, 403, "was used already")
    assert len(rig.reg.registrations) == 1
    log = rig.served.log.read_text(errors="replace")
    assert "GET /lti/register/<secret>" in log and link not in log and rig.reg.token not in log


def test_a_registration_without_deployment_says_what_to_add(rig: Rig) -> None:
    rig.reg.serve = "no-deployment"
    try:
        reply = rig.open_link(allow_registration(rig.served.data))
    finally:
        rig.reg.serve = "ok"
    assert reply.status == 200 and 'id="no-deployment"' in reply.text, reply.text[:3000]
    assert f"--client-id {rig.platform.state.client_id}" in reply.text
    _, student = launch(rig.platform.url, rig.served.url, "lms-1")  # no deployment known: refused
    assert student.status == 401 and "dyn-deployment-" in student.text


@pytest.mark.skipif(not available(), reason=MISSING)
def test_in_chromium_the_lms_frame_hears_the_close_message(rig: Rig) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    link = rig.served.url + allow_registration(rig.served.data)
    driver = headless_chromium()
    try:  # the LMS page (another origin) frames the tool's page; the tool's script posts to it
        driver.get(f"{rig.platform.url}/admin/register?{urllib.parse.urlencode({'link': link})}")
        WebDriverWait(driver, 60).until(lambda d: d.find_element(By.ID, "status").text == "closed")
        driver.switch_to.frame(driver.find_element(By.ID, "tool"))
        assert rig.platform.state.client_id in driver.find_element(By.ID, "client-id").text
    finally:
        driver.quit()
