"""AGS scores go to the linked LMS user only (issue 43, section 1), end to end: the real loopback
platform (`lti1p3platform`), a real `jaxgrade serve` with one grading worker, a real upload graded
and its score posted by the outbox to the platform's AGS endpoint.

Ada's roster row names her LMS user (`lms_id` u-ada). Her parent (role Mentor) and a second learner
account both carry her e-mail. Ada launches, then they do, then she hands in. The platform must
receive her score for u-ada and for no one else: before accounts were linked to one `sub`, both
e-mail matches signed in as Ada, and her score went to the LMS user who had launched last (u-copy),
so her own LMS account stopped getting it.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from helpers.lti_binding import BoundTool, bound_tool
from helpers.lti_launch import launch
from helpers.lti_platform import LEARNER, User
from helpers.served import MALFORMED, upload, wait_final
from helpers.waiting import wait_for

MENTOR = "http://purl.imsglobal.org/vocab/lis/v2/membership#Mentor"
ROSTER = "student_id,name,email,lms_id\ns-ada,Ada,ada@family.example,u-ada\n"


USERS = {
    "u-ada": User("u-ada", "Ada", "ada@family.example", [LEARNER]),
    "u-other-user": User("u-other-user", "Ada's parent", "ada@family.example", [MENTOR]),
    "u-copy": User("u-copy", "Another Ada", "ADA@family.example", [LEARNER]),
}


@pytest.fixture(scope="module")
def rig(tmp_path_factory: pytest.TempPathFactory) -> Iterator[BoundTool]:
    root = tmp_path_factory.mktemp("lti-scores-linked")
    # the sender's tick is 0.5 s; the platform on loopback is reachable
    with bound_tool(root, USERS, ROSTER, "--workers", "1", fast_outbox=True) as tool:
        yield tool


def test_a_graded_score_reaches_the_platform_for_the_linked_lms_user_only(rig: BoundTool) -> None:
    state = rig.platform.state
    _browser, reply = launch(rig.platform.url, rig.served.url, "u-ada")
    assert reply.status == 303 and reply.headers["Location"] == "/", reply.text[:2000]
    for intruder in ("u-other-user", "u-copy"):  # the parent, then a second account with her e-mail
        launch(rig.platform.url, rig.served.url, intruder)

    status, doc = upload(rig.served, "s-ada", [("s004_malformed.ipynb", MALFORMED)])
    assert status == 202, doc
    assert wait_final(rig.served, "s-ada", doc["id"])["status"] == "graded"
    wait_for("the score on the platform", lambda: state.scores)
    time.sleep(1.5)  # three more sender ticks: a score queued for another LMS user would be sent by now
    assert {s["userId"] for s in state.scores} == {"u-ada"}, state.scores
