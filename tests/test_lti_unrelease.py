"""Un-releasing grades takes them out of the LMS gradebook too (issue 34 §3), against a real LTI
platform on loopback (tests/helpers/lti_platform.py) and a real `jaxgrade serve`:

hw5 (`on_release`) is graded for s01 and released; s01's launch makes them a member of the LMS
course, and the outbox posts the final score. When a TA un-releases hw5, the outbox posts an AGS
score without `scoreGiven` and not `FullyGraded`, so the LMS gradebook shows nothing; releasing
again posts the score again. The term is prepared on the in-process core (grading recorded,
helpers/ledger_term.py) and served with no workers.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from helpers.browserish import Browserish
from helpers.ledger_term import make_term
from helpers.lti_binding import bind_context
from helpers.lti_launch import fast_outbox_env, launch_form
from helpers.lti_platform import LEARNER, LoopbackPlatform, User
from helpers.paths import REPO
from helpers.ports import free_port
from helpers.served import call, serve
from helpers.waiting import wait_for

TA = "ta-cy"
HW5_POINTS = {"reduce_sum_rules": 10.0, "silu_ffi": 7.5}


@pytest.fixture(scope="module")
def rig(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    root = tmp_path_factory.mktemp("lti-unrelease")
    env = fast_outbox_env()
    t = make_term(root)
    ta_token = t.service.identity.import_tas([TA])[TA]
    t.upload("s01", "hw5", HW5_POINTS)
    assert t.service.grade_release.release("hw5", actor=TA)
    t.service.close()
    platform = LoopbackPlatform(free_port())
    platform.state.users["lms-1"] = User("lms-1", "学生 s01", "s01@example.edu", [LEARNER])
    platform.start()
    served = serve(root / "data", "--course", str(root / "course.toml"), "--workers", "0")
    s = platform.state
    s.tool_url = served.url
    added = subprocess.run(
        [sys.executable, "-m", "autograder.cli", "lti", "add-platform", "--data", str(root / "data"),
         "--issuer", s.url, "--client-id", s.client_id, "--auth-login-url", s.url + "/auth",
         "--auth-token-url", s.url + "/token", "--keyset-url", s.url + "/jwks",
         "--deployment-id", s.deployment_id],
        cwd=REPO, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert added.returncode == 0, added.stderr
    bind_context(root / "data", s)
    try:
        yield {"platform": platform, "served": served, "ta_token": ta_token}
    finally:
        served.stop()
        platform.stop()
        env.undo()


def _ta_post(rig: dict[str, Any], path: str) -> None:
    status, _, body = call(rig["served"], "POST", path, token=rig["ta_token"])
    assert status == 200, body


def _hw5_item(rig: dict[str, Any]) -> str:
    state = rig["platform"].state
    items = wait_for(
        "hw5's line item", lambda: [n for n, i in state.line_items.items() if i.get("resourceId") == "hw5"]
    )
    return str(items[0])  # type: ignore[index]


def _sent(rig: dict[str, Any]) -> bool:
    _, _, body = call(rig["served"], "GET", "/api/lti/outbox", token=rig["ta_token"])
    return [r["status"] for r in json.loads(body) if r["assignment_id"] == "hw5"] == ["sent"]


def test_un_releasing_hides_the_grade_in_the_lms_and_releasing_shows_it_again(rig: dict[str, Any]) -> None:
    state = rig["platform"].state
    browser = Browserish(rig["served"].url)
    fields = launch_form(state.url, rig["served"].url, browser, "lms-1")
    assert browser.post_form("/lti/launch", fields).status in (302, 303)  # s01 joins the course
    item = _hw5_item(rig)
    wait_for("the released score in the LMS", lambda: state.shown(item, "lms-1") == 17.5)
    sent = len(state.scores)

    _ta_post(rig, "/api/assignments/hw5/unrelease-grades")
    wait_for("the score taken back", lambda: state.shown(item, "lms-1") is None)
    withdrawal = state.scores[-1]
    assert withdrawal["line_item"] == item and withdrawal["userId"] == "lms-1"
    assert "scoreGiven" not in withdrawal and "scoreMaximum" not in withdrawal
    assert withdrawal["gradingProgress"] == "PendingManual" and len(state.scores) == sent + 1

    _ta_post(rig, "/api/assignments/hw5/release-grades")
    wait_for("the score shown again", lambda: state.shown(item, "lms-1") == 17.5)
    again = state.scores[-1]
    assert again["gradingProgress"] == "FullyGraded" and again["scoreMaximum"] > 0
    status, _, body = call(rig["served"], "GET", "/api/lti/outbox", token=rig["ta_token"])
    assert status == 200, body
    rows = [r for r in json.loads(body) if r["assignment_id"] == "hw5"]
    assert len(rows) == 1 and wait_for("the outbox row sent", lambda: _sent(rig))
