"""A change to a counted score queues its LMS score in the command that makes it (issue 42).

On the in-process service core (`helpers.ledger_term`) with s01 a member of one bound LMS course:
an extension that makes s01's late hw2 attempt on time, and its removal, each queue the new final
score, through the domain commands and through the TA's API and bulk form on a real web server on
loopback; a refused bulk grant queues nothing; a student's launch queues the grades made before it.
The outbox rows are read from the service's own database, as the sender would read them.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from autograder.service.domain.course import extensions
from autograder.service.domain.gradebook import extension_commands, lti_commands
from autograder.service.domain.lti import context_binding, matching
from autograder.service.storage import lti_tables as tables
from autograder.term.counting import Extension

from helpers.browserish import Browserish, Reply
from helpers.inprocess_site import serving_app
from helpers.ledger_term import HW2_DUE, HW2_LATE_UNTIL, LATE_FACTOR, Term, make_term
from helpers.lti_binding import add_platform, bind_context
from helpers.lti_launch import launch_form, loopback_platform_env
from helpers.lti_platform import LEARNER, LoopbackPlatform, User
from helpers.ports import free_port

ISSUER = "http://127.0.0.1:9"  # never called: the sender is not started here
HW2_POINTS = {"histogram": 10.0, "recompile": 5.0, "fusion": 10.0}  # 25, 22.5 when late


@pytest.fixture
def term(tmp_path: Path) -> Term:
    term = make_term(tmp_path)
    ags = {"lineitems": f"{ISSUER}/ags/lineitems", "scope": []}
    with term.service.engine.begin() as conn:
        course = conn.execute(
            tables.contexts.insert().values(
                issuer=ISSUER, client_id="c", deployment_id="d", context_id="k", title="K",
                ags=json.dumps(ags), nrps_url=None, updated_at=time.time(),
            )
        ).inserted_primary_key[0]  # fmt: skip
        conn.execute(
            tables.members.insert().values(context=course, sub="u1", student_id="s01", updated_at=0.0)
        )
        conn.execute(
            tables.links.insert().values(
                issuer=ISSUER, student_id="s01", sub="u1", linked_by="lms_id", linked_at=0.0
            )
        )
    context_binding.bind(term.service.engine, context_binding.ContextKey(ISSUER, "d", "k"), "test")
    return term


@pytest.fixture
def site(term: Term) -> Iterator[str]:
    """The service's web application on loopback (uvicorn in a thread), on `term`'s clock."""
    with serving_app(term.service) as url:
        yield url


def queued(term: Term) -> dict[tuple[str, str], float]:
    """The outbox's scores, by (assignment, student), whatever the sender has done with them yet."""
    with term.service.engine.connect() as conn:
        rows = conn.execute(sa.select(tables.scores)).all()
    return {(r.assignment_id, r.student_id): r.score for r in rows}


def late_upload(term: Term) -> None:
    term.set_time(HW2_DUE + timedelta(hours=1))  # in the late window: factor 0.9
    term.upload("s01", "hw2", HW2_POINTS)
    # recording the grade is one command that queues its final score too (issue 42, section 2)
    assert queued(term) == {("hw2", "s01"): pytest.approx(25.0 * LATE_FACTOR)}
    with term.service.engine.begin() as conn:  # each test starts from an empty outbox
        conn.execute(tables.scores.delete())


def later() -> Extension:
    return Extension((HW2_LATE_UNTIL + timedelta(days=1)).timestamp())


def test_granting_and_removing_an_extension_queue_the_new_final_score(term: Term) -> None:
    late_upload(term)
    hw2 = term.service.assignments["hw2"]
    service = term.service
    extension_commands.grant(service, hw2, "s01", later(), "ta-anna", term.now[0])
    assert queued(term) == {("hw2", "s01"): pytest.approx(25.0)}  # on time under the extension
    assert extension_commands.revoke(service, hw2, "s01", "ta-anna", term.now[0])
    assert queued(term) == {("hw2", "s01"): pytest.approx(25.0 * LATE_FACTOR)}
    assert not extension_commands.revoke(service, hw2, "s01", "ta-anna", term.now[0])  # none left


def test_a_refused_bulk_grant_changes_and_queues_nothing(term: Term) -> None:
    late_upload(term)
    hw2 = term.service.assignments["hw2"]
    with pytest.raises(KeyError):
        extension_commands.grant_many(
            term.service, hw2, {"s01": later(), "nobody": later()}, "ta-anna", term.now[0]
        )
    with term.service.engine.connect() as conn:
        assert extensions.of_student(conn, "hw2", "s01") is None
    assert queued(term) == {}


def _api(url: str, method: str, path: str, token: str, body: bytes | None, kind: str) -> Reply:
    headers = {"Authorization": f"Bearer {token}", "Content-Type": kind}
    return Browserish(url).request(method, path, body, headers)


def test_the_term_api_extensions_queue_the_new_final_score(term: Term, site: str) -> None:
    late_upload(term)
    token = (term.service.cfg.data_dir / "ta-token").read_text().strip()
    due = (HW2_LATE_UNTIL + timedelta(days=1)).isoformat()
    body = json.dumps({"due_at": due}).encode()
    put = _api(site, "PUT", "/api/assignments/hw2/extensions/s01", token, body, "application/json")
    assert put.status == 200, put.text
    assert queued(term) == {("hw2", "s01"): pytest.approx(25.0)}
    gone = _api(site, "DELETE", "/api/assignments/hw2/extensions/s01", token, None, "application/json")
    assert gone.status == 200, gone.text
    assert queued(term) == {("hw2", "s01"): pytest.approx(25.0 * LATE_FACTOR)}
    csv = f"student_id,due_at\ns01,{due}\n".encode()
    posted = _api(site, "POST", "/api/assignments/hw2/extensions.csv", token, csv, "text/csv")
    assert posted.status == 200, posted.text
    assert queued(term) == {("hw2", "s01"): pytest.approx(25.0)}


def test_the_bulk_extensions_form_queues_the_new_final_score(term: Term, site: str) -> None:
    late_upload(term)
    ta = Browserish(site)
    assert ta.log_in((term.service.cfg.data_dir / "ta-token").read_text().strip()).status == 303
    page = ta.get("/ta/assignments/hw2")
    assert page.status == 200
    due = (HW2_LATE_UNTIL + timedelta(days=1)).isoformat()
    fields = {"csrf_token": page.csrf(), "student_ids": "s01 s02", "due_at": due, "late_until": ""}
    done = ta.post_form("/ta/assignments/hw2/extensions", fields)
    assert done.status == 303, done.text
    assert queued(term) == {("hw2", "s01"): pytest.approx(25.0)}  # s02: in no LMS course


def _who(sub: str) -> Any:
    return matching.Identifiers(sub=sub, lms_id="", sis_login_id="", email="", name="")


def test_a_students_launch_queues_the_grades_made_before_it(term: Term) -> None:
    late_upload(term)
    engine = term.service.engine
    with engine.connect() as conn:
        course = conn.execute(sa.select(tables.contexts.c.id)).scalar_one()
    unmatched = lti_commands.student_launch(term.service, ISSUER, _who("u-unknown"), "lms_id", course)
    assert unmatched.student_id is None and queued(term) == {}
    found = lti_commands.student_launch(term.service, ISSUER, _who("u1"), "lms_id", course)
    assert found.student_id == "s01"
    assert queued(term) == {("hw2", "s01"): pytest.approx(25.0 * LATE_FACTOR)}


def test_the_students_extension_form_queues_the_new_final_score(term: Term, site: str) -> None:
    late_upload(term)
    ta = Browserish(site)
    assert ta.log_in((term.service.cfg.data_dir / "ta-token").read_text().strip()).status == 303
    page = ta.get("/ta/assignments/hw2/students/s01")
    assert page.status == 200
    due = (HW2_LATE_UNTIL + timedelta(days=1)).isoformat()
    fields = {"csrf_token": page.csrf(), "due_at": due, "late_until": ""}
    done = ta.post_form("/ta/assignments/hw2/students/s01/extension", fields)
    assert done.status == 303, done.text
    assert queued(term) == {("hw2", "s01"): pytest.approx(25.0)}


@pytest.fixture
def platform(term: Term, site: str) -> Iterator[LoopbackPlatform]:
    """The loopback LMS, registered and its course bound, with s01 as its learner "u-s01"."""
    env = loopback_platform_env()
    platform = LoopbackPlatform(free_port())
    platform.state.users["u-s01"] = User("u-s01", "学生 s01", "s01@example.edu", [LEARNER])
    platform.state.tool_url = site
    platform.start()
    try:
        add_platform(term.service.cfg.data_dir, platform)
        bind_context(term.service.cfg.data_dir, platform.state)
        yield platform
    finally:
        platform.stop()
        env.undo()


def _forget_queued(term: Term) -> None:
    with term.service.engine.begin() as conn:
        conn.execute(tables.scores.delete())


def test_a_launch_and_a_roster_sync_through_the_web_queue_the_grades_made_before(
    term: Term, site: str, platform: LoopbackPlatform
) -> None:
    late_upload(term)
    _forget_queued(term)  # the fixture's own LMS course (ISSUER) is not this platform's
    browser = Browserish(site)
    landed = browser.post_form("/lti/launch", launch_form(platform.url, site, browser, "u-s01"))
    assert landed.status == 303, landed.text
    hw2 = {k: v for k, v in queued(term).items() if k == ("hw2", "s01")}
    assert hw2 == {("hw2", "s01"): pytest.approx(25.0 * LATE_FACTOR)}
    _forget_queued(term)
    token = (term.service.cfg.data_dir / "ta-token").read_text().strip()
    synced = _api(site, "POST", "/api/lti/roster-sync", token, None, "application/json")
    assert synced.status == 200, synced.text
    assert "s01" in json.loads(synced.text)["updated"]
    assert queued(term).get(("hw2", "s01")) == pytest.approx(25.0 * LATE_FACTOR)
