"""An LMS launch signs in exactly one roster account (issue 43, section 1), with the real loopback
platform (`lti1p3platform`) and a real `jaxgrade serve`:

- a Mentor (a parent sharing the family e-mail), a TestUser, or a user with no Learner role at all
  (a ContentDeveloper) whose e-mail is a student's gets no session and becomes no member whose `sub`
  could receive her grades;
- a second learner account with the same e-mail is refused with the Chinese page that says whom to
  ask, when the roster knows the student's lms_id, and when an earlier launch linked her account;
- a first launch that matches by e-mail links the account (`lti_links`) with an audit entry;
- roster sync (NRPS) links the same way and reports a second account with a linked e-mail; an LMS's
  student view (Learner and TestUser) with a student's e-mail is not synced and links no one;
- an upgraded database (revision 0015) links only the members whose `sub` is the roster's lms_id;
- the outbox (in process, on the service's tables) queues a student's score for the linked `sub`
  only, not for another member of the course who was recorded for the same account.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic import command

from autograder.service.domain.core import GradedOutcome, Service
from autograder.service.domain.course.config import ServiceConfig
from autograder.service.domain.gradebook import lti_outbox as outbox
from autograder.service.domain.lti import context_binding
from autograder.service.storage import lti_tables as tables
from autograder.service.storage import schema
from autograder.service.storage.db import connect

from helpers.browserish import Browserish, Reply
from helpers.lti_binding import BoundTool, bound_tool
from helpers.lti_launch import launch
from helpers.lti_platform import LEARNER, User
from helpers.paths import RELEASE
from helpers.served import call

MENTOR = "http://purl.imsglobal.org/vocab/lis/v2/membership#Mentor"
TEST_USER = "http://purl.imsglobal.org/vocab/lti/system/person#TestUser"
CONTENT_DEVELOPER = "http://purl.imsglobal.org/vocab/lis/v2/membership#ContentDeveloper"
ROSTER = (
    "student_id,name,email,lms_id\n"
    "s-ada,Ada,ada@family.example,u-ada\n"  # the roster knows her LMS user
    "s-bo,Bo,bo@example.edu,\n"  # found by e-mail at the first launch
    "s-cy,Cy,cy@example.edu,\n"  # found by roster sync
    "s-dy,Dy,dy@example.edu,\n"  # never found: only the LMS's student view carries her e-mail
)
USERS = {
    "u-ada": User("u-ada", "Ada", "ada@family.example", [LEARNER]),
    "u-other-user": User("u-other-user", "Ada's parent", "ada@family.example", [MENTOR]),
    "u-test": User("u-test", "Test student", "ada@family.example", [LEARNER, TEST_USER]),
    "u-author": User("u-author", "Course author", "ada@family.example", [CONTENT_DEVELOPER]),
    "u-copy": User("u-copy", "Another Ada", "ADA@family.example", [LEARNER]),
    "u-bo": User("u-bo", "Bo", "bo@example.edu", [LEARNER]),
    "u-bo-2": User("u-bo-2", "Bo again", "bo@example.edu", [LEARNER]),
}


class Rig(BoundTool):
    def launch(self, user: str) -> tuple[Browserish, Reply]:
        return launch(self.platform.url, self.served.url, user)

    def rows(self, sql: str) -> list[sa.Row]:
        engine = connect(f"sqlite:///{(self.served.data / 'service.sqlite').resolve()}")
        try:
            with engine.connect() as conn:
                return list(conn.execute(sa.text(sql)))
        finally:
            engine.dispose()


@pytest.fixture(scope="module")
def rig(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Rig]:
    root = tmp_path_factory.mktemp("lti-identity")
    with bound_tool(root, USERS, ROSTER, "--workers", "0") as tool:
        yield Rig(tool.platform, tool.served)


def no_session(browser: Browserish) -> None:
    assert browser.get("/").status == 303 and browser.get("/ta").status == 303


def members_of(rig: Rig, student_id: str) -> set[str]:
    rows = rig.rows(f"SELECT sub FROM lti_members WHERE student_id = '{student_id}'")
    return {r.sub for r in rows}


@pytest.mark.parametrize("user", ["u-other-user", "u-test", "u-author"])
def test_a_mentor_or_test_user_with_a_students_email_gets_no_session(rig: Rig, user: str) -> None:
    browser, reply = rig.launch(user)
    assert reply.status == 403, reply.text[:2000]
    assert "这个课程平台角色不能登录评分系统" in reply.text and "助教" in reply.text
    no_session(browser)
    assert user not in members_of(rig, "s-ada")  # so no grade of hers is ever sent to this LMS user


def test_a_second_learner_account_with_the_students_email_is_refused_with_whom_to_ask(rig: Rig) -> None:
    browser, reply = rig.launch("u-copy")  # the roster's lms_id of s-ada is u-ada, not u-copy
    assert reply.status == 403, reply.text[:2000]
    assert "课程平台账号与名单不一致" in reply.text and "请联系本课程的助教" in reply.text
    no_session(browser)
    assert "u-copy" not in members_of(rig, "s-ada")
    (entry,) = rig.rows("SELECT detail FROM lti_unmatched WHERE sub = 'u-copy'")
    assert "has lms_id 'u-ada'" in json.loads(entry.detail)["reason"]  # the TAs see why

    browser, reply = rig.launch("u-ada")  # her own LMS user: signed in, and linked
    assert reply.status == 303 and reply.headers["Location"] == "/", reply.text[:2000]
    assert members_of(rig, "s-ada") == {"u-ada"}
    assert [
        tuple(r) for r in rig.rows("SELECT sub, linked_by FROM lti_links WHERE student_id = 's-ada'")
    ] == [("u-ada", "lms_id")]


def test_a_first_email_match_links_the_account_once_and_audits_it(rig: Rig) -> None:
    browser, reply = rig.launch("u-bo")  # no lms_id on the roster: found by e-mail, a learner
    assert reply.status == 303 and reply.headers["Location"] == "/", reply.text[:2000]
    links = rig.rows("SELECT issuer, sub, linked_by FROM lti_links WHERE student_id = 's-bo'")
    assert [tuple(r) for r in links] == [(rig.platform.url, "u-bo", "email")]
    (audited,) = rig.rows(
        "SELECT actor, detail FROM audit_log WHERE action = 'lti_link' AND student_id = 's-bo'"
    )
    assert "'u-bo'" in audited.detail and "by email" in audited.detail

    browser, reply = rig.launch("u-bo-2")  # the same e-mail, another LMS user: the link decides
    assert reply.status == 403, reply.text[:2000]
    assert "课程平台账号与名单不一致" in reply.text
    no_session(browser)
    assert members_of(rig, "s-bo") == {"u-bo"}

    browser, reply = rig.launch("u-bo")  # the linked user still signs in
    assert reply.status == 303 and reply.headers["Location"] == "/"


def test_roster_sync_links_like_a_launch_and_reports_a_second_account(rig: Rig) -> None:
    state = rig.platform.state
    state.users["u-cy"] = User("u-cy", "Cy", "cy@example.edu", [LEARNER])
    state.users["u-cy-2"] = User("u-cy-2", "Cy again", "cy@example.edu", [LEARNER])
    try:
        status, _, body = call(rig.served, "POST", "/api/lti/roster-sync", token=rig.served.ta)
    finally:
        del state.users["u-cy"], state.users["u-cy-2"]
    assert status == 200, body
    errors = json.loads(body)["errors"]
    assert any("u-copy" in e or "Another Ada" in e for e in errors), errors  # s-ada's lms_id is known
    assert any("Bo again" in e and "linked to another LMS user ('u-bo')" in e for e in errors), errors
    assert any("Cy again" in e for e in errors), errors  # u-cy came first and was linked
    assert [tuple(r) for r in rig.rows("SELECT sub FROM lti_links WHERE student_id = 's-cy'")] == [("u-cy",)]
    assert members_of(rig, "s-cy") == {"u-cy"} and members_of(rig, "s-ada") == {"u-ada"}


def test_roster_sync_never_links_the_lms_student_view(rig: Rig) -> None:
    rig.launch("u-ada")  # the course is known to the tool (a launch from it), whatever ran before
    state = rig.platform.state
    state.users["u-dy-view"] = User("u-dy-view", "Test student", "dy@example.edu", [LEARNER, TEST_USER])
    try:
        status, _, body = call(rig.served, "POST", "/api/lti/roster-sync", token=rig.served.ta)
    finally:
        del state.users["u-dy-view"]
    assert status == 200 and json.loads(body)["courses"] == 1, body
    (row,) = rig.rows("SELECT lms_id FROM students WHERE student_id = 's-dy'")
    assert row.lms_id in ("", None)  # the student view's sub never becomes her LMS user
    assert members_of(rig, "s-dy") == set()  # so no grade of hers is ever sent to the student view
    assert rig.rows("SELECT sub FROM lti_links WHERE student_id = 's-dy'") == []


def test_the_outbox_sends_an_accounts_scores_to_its_linked_lms_user_only(tmp_path: Path) -> None:
    (tmp_path / "roster.csv").write_text("student_id,name\ns1,A\n", encoding="utf-8")
    cfg = ServiceConfig(
        data_dir=tmp_path / "data", release=RELEASE, roster=tmp_path / "roster.csv", workers=0
    )
    service = Service(cfg)
    issuer = "https://lms.example"
    ags = json.dumps({"lineitems": f"{issuer}/ags/lineitems", "scope": []})
    with service.engine.begin() as conn:
        course = conn.execute(
            tables.contexts.insert().values(
                issuer=issuer, client_id="c", deployment_id="d", context_id="k", title="K", ags=ags,
                nrps_url=None, updated_at=time.time(),
            )
        ).inserted_primary_key[0]  # fmt: skip
        # two LMS users recorded as members for s1 (as an e-mail match did before links existed)
        for sub in ("u-ada", "u-other-user"):
            conn.execute(
                tables.members.insert().values(context=course, sub=sub, student_id="s1", updated_at=0.0)
            )
        conn.execute(
            tables.links.insert().values(
                issuer=issuer, student_id="s1", sub="u-ada", linked_by="lms_id", linked_at=0.0
            )
        )
    context_binding.bind(service.engine, context_binding.ContextKey(issuer, "d", "k"), "t")
    service.intake.submit("s1", [("x.ipynb", b"{}")])
    claimed = service.queue.claim_next("test")
    assert claimed is not None
    service.queue.finish_graded("test", claimed.id, GradedOutcome(50.0, 80.0, "ok", {}, {}, (), ""))
    assert outbox.counted_grade_changed(service.engine, "a1", "s1") == 0  # queued as the grade was recorded
    with service.engine.connect() as conn:
        assert conn.execute(sa.select(tables.scores.c.sub)).scalars().all() == ["u-ada"]
    service.close()


def test_the_upgrade_links_only_members_whose_sub_is_the_rosters_lms_id(tmp_path: Path) -> None:
    engine = sa.create_engine(f"sqlite:///{tmp_path / 'service.sqlite'}")
    with engine.begin() as conn:
        command.upgrade(schema.alembic_config(conn), "0014_scores_one_copy")
    old = sa.MetaData()
    old.reflect(engine)
    issuer = "https://lms.example"
    with engine.begin() as conn:
        conn.execute(old.tables["students"].insert(), [
            {"student_id": sid, "name": sid, "email": f"{sid}@family.example", "lms_id": lms_id,
             "sis_login_id": "", "section": "", "token_hash": sid, "created_at": 0.0}
            for sid, lms_id in (("s-ada", "u-ada"), ("s-bo", ""))
        ])  # fmt: skip
        conn.execute(old.tables["lti_contexts"].insert().values(
            id=1, issuer=issuer, client_id="c", deployment_id="d", context_id="k", title="K", ags=None,
            nrps_url=None, updated_at=0.0,
        ))  # fmt: skip
        conn.execute(old.tables["lti_members"].insert(), [
            {"context": 1, "sub": sub, "student_id": sid, "updated_at": 0.0}
            for sub, sid in (("u-ada", "s-ada"), ("u-other-user", "s-ada"), ("u-bo", "s-bo"))
        ])  # fmt: skip
        conn.execute(old.tables["lti_platforms"].insert().values(
            issuer=issuer, client_id="c", auth_login_url=f"{issuer}/auth", auth_token_url=f"{issuer}/token",
            keyset_url=f"{issuer}/jwks", deployment_ids="[]", created_at=0.0, updated_at=0.0,
        ))  # fmt: skip
        command.upgrade(schema.alembic_config(conn), "0015_lti_links")
    with engine.connect() as conn:
        links = [
            tuple(r)
            for r in conn.execute(sa.text("SELECT issuer, student_id, sub, linked_by FROM lti_links"))
        ]
        origins = conn.execute(sa.text("SELECT service_origins FROM lti_platforms")).scalar_one()
    engine.dispose()
    # u-other-user is not s-ada's LMS user; s-bo has no lms_id: linked at the next launch or sync
    assert links == [(issuer, "s-ada", "u-ada", "upgrade")] and origins == "[]"
