"""Outbound requests go to the registered platform, through one guard (issue 43, section 2), with
the real loopback platform (`lti1p3platform`), a real `jaxgrade serve` and real TCP listeners:

- a signed launch that names its AGS line items URL on another loopback service (another port):
  the outbox never connects there (the listener records nothing), with the platform's token or not;
- an NRPS answer whose `next` link is on another loopback service: roster sync stops with an error
  and the listener records nothing;
- the platform's keys (JWKS), fetched by the LTI library at a launch, go through the guard too: a
  service without the loopback opt-in refuses the launch rather than fetch them from loopback;
- a line item already on the platform with the tool's tag `jaxgrade:<id>` is never adopted: the tool
  creates its own and remembers it by the id the platform answered.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator

import pytest
import requests
import sqlalchemy as sa

from autograder.service.domain.lti import net_guard
from autograder.service.domain.lti.outbound import OutboundRefused, PlatformSession
from autograder.service.domain.lti.platforms import PlatformError, service_origin
from autograder.service.storage.db import connect

from helpers.browserish import Browserish
from helpers.lti_binding import BoundTool, add_platform, bind_context, bound_tool
from helpers.lti_launch import launch, launch_form
from helpers.lti_platform import LEARNER, User
from helpers.recording_listener import Listener, http_answer
from helpers.served import call, serve
from helpers.waiting import wait_for

ROSTER = "student_id,name,email,lms_id\ns1,学生一,s1@example.edu,lms-1\n"


class Rig(BoundTool):
    def line_item_urls(self) -> list[str]:
        engine = connect(f"sqlite:///{(self.served.data / 'service.sqlite').resolve()}")
        try:
            with engine.connect() as conn:
                return list(
                    conn.execute(sa.select(sa.text("url")).select_from(sa.text("lti_line_items"))).scalars()
                )
        finally:
            engine.dispose()

    def log(self) -> str:
        return self.served.log.read_text(encoding="utf-8", errors="replace")


@pytest.fixture(scope="module")
def rig(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Rig]:
    root = tmp_path_factory.mktemp("lti-outbound")
    users = {"lms-1": User("lms-1", "学生一", "s1@example.edu", [LEARNER])}
    # the sender's tick is 0.5 s; the platform on loopback is reachable
    with bound_tool(root, users, ROSTER, "--workers", "0", fast_outbox=True) as tool:
        yield Rig(tool.platform, tool.served)


def test_a_line_item_with_the_tools_tag_already_on_the_platform_is_never_adopted(rig: Rig) -> None:
    state = rig.platform.state
    planted = {"id": f"{state.url}/ags/lineitems/1", "tag": "jaxgrade:a1", "resourceId": "a1", "label": "x"}
    state.line_items["1"] = {**planted, "scoreMaximum": 100}  # anyone who can make one in the course
    browser, reply = launch(rig.platform.url, rig.served.url, "lms-1")
    assert reply.status == 303, reply.text[:2000]
    (url,) = wait_for("the tool's line item", rig.line_item_urls, timeout=60)
    assert url == f"{state.url}/ags/lineitems/2" == state.line_items["2"]["id"]  # created, then known
    assert state.line_items["2"]["tag"] == "jaxgrade:a1"


def test_a_launch_naming_lineitems_on_another_loopback_service_never_reaches_it(rig: Rig) -> None:
    state = rig.platform.state
    listener = Listener("127.0.0.1", http_answer("200 OK", b"[]"))
    old_context = state.context
    try:
        state.context = {"id": "course-2", "title": "另一门课", "label": "C2"}
        bind_context(rig.served.data, state, context_id="course-2")
        state.ags_url = f"http://127.0.0.1:{listener.port}/internal/lineitems"
        browser, reply = launch(rig.platform.url, rig.served.url, "lms-1")
        assert reply.status == 303, reply.text[:2000]  # the launch itself is the platform's, and fine
        wait_for(
            "the sender's try: refused in the service's log, or a connection to the listener",
            lambda: listener.connections or "not at an origin registered for this platform" in rig.log(),
            timeout=60,
        )
        time.sleep(1.5)  # three more ticks of the sender: each one is refused again
        assert listener.connections == []  # never `GET /internal/lineitems` with the platform's token
    finally:
        state.ags_url = ""
        state.context = old_context
        listener.close()


def test_an_nrps_next_link_to_another_loopback_service_is_never_followed(rig: Rig) -> None:
    state = rig.platform.state
    listener = Listener("127.0.0.1", http_answer("200 OK", b'{"members": []}'))
    try:
        state.nrps_next = f"http://127.0.0.1:{listener.port}/internal/members?page=2"
        status, _, body = call(rig.served, "POST", "/api/lti/roster-sync", token=rig.served.ta)
    finally:
        state.nrps_next = ""
        listener.close()
    assert status == 200, body
    assert listener.connections == []
    errors = json.loads(body)["errors"]
    assert errors and all("not at an origin registered for this platform" in e for e in errors), errors


def test_the_platforms_keys_are_fetched_through_the_guard(
    rig: Rig, tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path_factory.mktemp("lti-outbound-no-opt-in")
    (root / "roster.csv").write_text(ROSTER, encoding="utf-8")
    monkeypatch.delenv(net_guard.LOOPBACK_OPT_IN)  # a production service: the platform is on loopback
    served = serve(root / "data", "--roster", str(root / "roster.csv"), "--workers", "0")
    monkeypatch.undo()
    state = rig.platform.state
    try:
        add_platform(root / "data", rig.platform)
        bind_context(root / "data", state)
        state.tool_url = served.url
        browser = Browserish(served.url)
        reply = browser.post_form("/lti/launch", launch_form(state.url, served.url, browser, "lms-1"))
        assert reply.status == 401, reply.text[:2000]
        assert "无法从课程平台登录" in reply.text and "loopback" in reply.text, reply.text[:3000]
        assert browser.get("/").status == 303
    finally:
        state.tool_url = rig.served.url
        served.stop()


def test_the_platform_client_follows_no_redirect_and_refuses_other_origins(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """In process: the session pylti1p3 is given, against two real listeners on loopback."""
    monkeypatch.setenv(net_guard.LOOPBACK_OPT_IN, "1")
    elsewhere = Listener("127.0.0.1", http_answer("200 OK", b"{}"))
    platform = Listener(
        "127.0.0.1",
        f"HTTP/1.1 302 Found\r\nLocation: http://127.0.0.1:{elsewhere.port}/x\r\nContent-Length: 0\r\n"
        "Connection: close\r\n\r\n".encode(),
    )
    session = PlatformSession(frozenset({f"http://127.0.0.1:{platform.port}"}))
    try:
        with pytest.raises(requests.TooManyRedirects):
            session.get(f"http://127.0.0.1:{platform.port}/ags/lineitems")
        with pytest.raises(OutboundRefused, match="not at an origin registered"):
            session.get(f"http://127.0.0.1:{elsewhere.port}/x", headers={"Authorization": "Bearer t"})
        with pytest.raises(OutboundRefused, match="not at an origin registered"):  # same host, https
            session.get(f"https://127.0.0.1:{platform.port}/ags/lineitems")
        assert len(platform.connections) == 1 and elsewhere.connections == []
    finally:
        platform.close()
        elsewhere.close()


@pytest.mark.parametrize(
    ("given", "origin"),
    [("https://School.Instructure.com", "https://school.instructure.com:443"),
     ("https://lms.example:8443/", "https://lms.example:8443")],
)  # fmt: skip
def test_a_service_origin_is_an_origin_spelt_one_way(given: str, origin: str) -> None:
    assert service_origin(given) == origin


@pytest.mark.parametrize(
    "given", ["https://lms.example/api", "ftp://lms.example", "https://u@lms.example", "lms"]
)
def test_a_service_origin_with_a_path_or_another_scheme_is_refused(given: str) -> None:
    with pytest.raises(PlatformError, match="--service-origin"):
        service_origin(given)
