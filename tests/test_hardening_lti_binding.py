"""LMS roles give rights only in a linked course (issue 32, section 1), with the real loopback
platform (`lti1p3platform`) and a real `jaxgrade serve`:

- a launch from an LMS course not bound with `jaxgrade lti bind-context` is refused with a page
  that prints the command; once bound, the same launch logs in; another course of the same
  platform stays refused;
- an Instructor grades as the named TA the TA list matches (by LMS user id or e-mail), shown as
  that TA; an Instructor the TA list does not name is refused; a ContentDeveloper ("Designer")
  gets no TA rights (treated as a learner: not on the roster, so not logged in);
- the outbox queues a student's grade for bound courses only (in process, on the service's tables).
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import sqlalchemy as sa

from autograder.service.domain.core import GradedOutcome, Service
from autograder.service.domain.course.config import ServiceConfig
from autograder.service.domain.gradebook import lti_outbox as outbox
from autograder.service.domain.lti import context_binding
from autograder.service.storage import lti_tables as tables

from helpers.browserish import Browserish, Reply
from helpers.lti_binding import TEACHER_TA, add_platform, bind_context, ta_list
from helpers.lti_launch import launch, loopback_platform_env
from helpers.lti_platform import INSTRUCTOR, LEARNER, LoopbackPlatform, User
from helpers.paths import RELEASE
from helpers.ports import free_port
from helpers.served import Served, serve

ROSTER = "student_id,name,email,lms_id\ns1,学生一,s1@example.edu,lms-1\n"
DESIGNER = "http://purl.imsglobal.org/vocab/lis/v2/membership#ContentDeveloper"


@dataclass
class Rig:
    platform: LoopbackPlatform
    served: Served

    def launch(self, user: str) -> tuple[Browserish, Reply]:
        return launch(self.platform.url, self.served.url, user)


@pytest.fixture(scope="module")
def rig(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Rig]:
    root = tmp_path_factory.mktemp("lti-binding")
    platform = LoopbackPlatform(free_port())
    platform.state.users.update(
        {
            "lms-1": User("lms-1", "学生一", "s1@example.edu", [LEARNER]),
            "u-teacher": User("u-teacher", "Teacher", "T@Example.edu", [INSTRUCTOR]),
            "u-stranger": User("u-stranger", "Other Teacher", "o@example.edu", [INSTRUCTOR]),
            "u-designer": User("u-designer", "Designer", "d@example.edu", [DESIGNER]),
        }
    )
    platform.start()
    env = loopback_platform_env()  # the launches fetch the platform's keys on loopback
    (root / "roster.csv").write_text(ROSTER, encoding="utf-8")
    served = serve(
        root / "data", "--roster", str(root / "roster.csv"), "--tas", str(ta_list(root)), "--workers", "0"
    )
    platform.state.tool_url = served.url
    add_platform(root / "data", platform)
    try:
        yield Rig(platform, served)
    finally:
        served.stop()
        platform.stop()
        env.undo()


def unbound_page(reply: Reply, context_id: str) -> None:
    assert reply.status == 403, reply.text[:2000]
    assert "这门课程尚未关联到评分系统" in reply.text, reply.text[:3000]
    assert "jaxgrade lti bind-context" in reply.text and f"--context-id {context_id}" in reply.text


def test_an_unbound_course_is_refused_until_an_admin_binds_it(rig: Rig) -> None:
    state = rig.platform.state
    for user in ("lms-1", "u-teacher"):
        browser, reply = rig.launch(user)
        unbound_page(reply, state.context["id"])
        assert browser.get("/").status == 303 and browser.get("/ta").status == 303  # no session
    bind_context(rig.served.data, state)
    browser, reply = rig.launch("lms-1")
    assert reply.status == 303 and reply.headers["Location"] == "/", reply.text[:3000]
    assert "学生一(s1)" in browser.get("/").shown
    original = dict(state.context)
    state.context.update({"id": "course-other", "title": "另一门课"})  # the same platform, another course
    try:
        browser, reply = rig.launch("u-teacher")
        unbound_page(reply, "course-other")
        assert browser.get("/ta").status == 303
    finally:
        state.context.clear()
        state.context.update(original)


def test_an_instructor_grades_as_the_named_ta_the_list_matches(rig: Rig) -> None:
    bind_context(rig.served.data, rig.platform.state)  # idempotent: "already bound"
    browser, reply = rig.launch("u-teacher")  # matched by e-mail, case-insensitively
    assert reply.status == 303 and reply.headers["Location"] == "/ta", reply.text[:3000]
    page = browser.get("/ta")
    assert page.status == 200 and f"TA {TEACHER_TA}" in page.text, page.text[:2000]


def test_an_instructor_the_ta_list_does_not_name_is_refused(rig: Rig) -> None:
    bind_context(rig.served.data, rig.platform.state)
    browser, reply = rig.launch("u-stranger")
    assert reply.status == 403 and "matches no named TA" in reply.text and "u-stranger" in reply.text
    assert browser.get("/ta").status == 303


def test_a_content_developer_gets_no_ta_rights(rig: Rig) -> None:
    bind_context(rig.served.data, rig.platform.state)
    browser, reply = rig.launch("u-designer")
    assert reply.status == 403, reply.text[:2000]  # a learner not on the roster: the unmatched page
    assert browser.get("/ta").status == 303 and browser.get("/").status == 303


def test_the_outbox_queues_grades_for_bound_courses_only(tmp_path: Path) -> None:
    (tmp_path / "roster.csv").write_text("student_id,name\ns1,A\n", encoding="utf-8")
    cfg = ServiceConfig(
        data_dir=tmp_path / "data", release=RELEASE, roster=tmp_path / "roster.csv", workers=0
    )
    service = Service(cfg)
    ags = json.dumps({"lineitems": "http://127.0.0.1:9/ags/lineitems", "scope": []})
    with service.engine.begin() as conn:
        for context_id in ("bound", "other"):
            course = conn.execute(
                tables.contexts.insert().values(
                    issuer="https://lms.example", client_id="c", deployment_id="d", context_id=context_id,
                    title=context_id, ags=ags, nrps_url=None, updated_at=time.time(),
                )
            ).inserted_primary_key[0]  # fmt: skip
            conn.execute(
                tables.members.insert().values(context=course, sub="u1", student_id="s1", updated_at=0.0)
            )
        conn.execute(  # the account's LMS user on the platform (links.py): the one scores go to
            tables.links.insert().values(
                issuer="https://lms.example", student_id="s1", sub="u1", linked_by="lms_id", linked_at=0.0
            )
        )
    context_binding.bind(service.engine, context_binding.ContextKey("https://lms.example", "d", "bound"), "t")
    service.intake.submit("s1", [("x.ipynb", b"{}")])
    claimed = service.queue.claim_next("test")
    assert claimed is not None
    service.queue.finish_graded("test", claimed.id, GradedOutcome(50.0, 80.0, "ok", {}, {}, (), ""))
    assert outbox.counted_grade_changed(service.engine, "a1", "s1") == 0  # queued as the grade was recorded
    with service.engine.connect() as conn:
        queued = conn.execute(
            sa.select(tables.contexts.c.context_id).join(
                tables.scores, tables.scores.c.context == tables.contexts.c.id
            )
        ).scalars()
        assert list(queued) == ["bound"]
    service.close()
