"""LTI on PostgreSQL (tests/helpers/pg.py: a real server; one database for the module): a real
`jaxgrade serve --db postgresql://...` and the real `lti1p3platform` platform on loopback.

- a launch logs the roster student in, and a real grading's final score goes to the LMS through
  the outbox (the line item made first);
- the line-item race: two OS processes make the same course's line item at the same moment, while
  the platform holds each lookup until a second one is in flight (helpers/lti_race.py): exactly
  one line item exists on the platform and both processes find it (the course row lock of
  outbox.line_item_url; without it both create one).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import sqlalchemy as sa

from autograder.service.storage import lti_tables as tables
from autograder.service.storage.db import connect

from helpers.databases import postgres  # noqa: F401 (the session's PostgreSQL server fixture)
from helpers.lti_binding import bind_context, ta_list
from helpers.lti_launch import fast_outbox_env, launch
from helpers.lti_platform import INSTRUCTOR, LEARNER, LoopbackPlatform, User
from helpers.lti_race import WAIT_S, Hold, hold_lineitem_creations
from helpers.paths import REPO
from helpers.pg import PostgresServer
from helpers.ports import free_port
from helpers.served import MALFORMED, Served, call, serve, upload, wait_final
from helpers.waiting import wait_for

ROSTER = "student_id,name,email,lms_id\ns1,学生一,s1@example.edu,lms-1\n"
TESTS = Path(__file__).resolve().parent


@dataclass
class Rig:
    platform: LoopbackPlatform
    hold: Hold
    served: Served
    url: str  # the service's PostgreSQL database

    @property
    def engine(self) -> sa.Engine:
        return connect(self.url)


@pytest.fixture(scope="module")
def rig(tmp_path_factory: pytest.TempPathFactory, postgres: PostgresServer) -> Iterator[Rig]:  # noqa: F811
    root = tmp_path_factory.mktemp("lti-pg")
    env = fast_outbox_env()
    platform = LoopbackPlatform(free_port())
    s = platform.state
    s.users.update(
        {
            "lms-1": User("lms-1", "学生一", "s1@example.edu", [LEARNER]),
            "u-teacher": User("u-teacher", "Teacher", "t@example.edu", [INSTRUCTOR]),
        }
    )
    hold = hold_lineitem_creations(platform)
    platform.start()
    url = postgres.new_database()
    (root / "roster.csv").write_text(ROSTER, encoding="utf-8")
    served = serve(
        root / "data", "--roster", str(root / "roster.csv"), "--tas", str(ta_list(root)),
        "--workers", "1", "--db", url,
    )  # fmt: skip
    s.tool_url = served.url
    added = subprocess.run(
        [sys.executable, "-m", "autograder.cli", "lti", "add-platform", "--data", str(root / "data"),
         "--db", url, "--issuer", s.url, "--client-id", s.client_id, "--auth-login-url", s.url + "/auth",
         "--auth-token-url", s.url + "/token", "--keyset-url", s.url + "/jwks",
         "--deployment-id", s.deployment_id],
        cwd=REPO, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert added.returncode == 0, added.stderr
    bind_context(root / "data", s, db=url)
    try:
        yield Rig(platform, hold, served, url)
    finally:
        served.stop()
        platform.stop()
        env.undo()


def _outbox(rig: Rig) -> list[dict]:
    status, _, body = call(rig.served, "GET", "/api/lti/outbox", token=rig.served.ta)
    assert status == 200
    return [r for r in json.loads(body) if r["student_id"] == "s1"]


def test_launch_and_a_graded_score_through_the_outbox_on_postgresql(rig: Rig) -> None:
    state = rig.platform.state
    browser, reply = launch(state.url, rig.served.url, "lms-1")
    assert reply.status == 303 and reply.headers["Location"] == "/", reply.text[:3000]
    assert "学生一(s1)" in browser.get("/").shown
    wait_for("the assignment's line item", lambda: len(state.line_items) == 1)

    status, doc = upload(rig.served, "s1", [("s004_malformed.ipynb", MALFORMED)])
    assert status == 202
    assert wait_final(rig.served, "s1", doc["id"])["status"] == "graded"
    wait_for("the score in the LMS", lambda: [r for r in _outbox(rig) if r["status"] == "sent"])
    (posted,) = state.scores
    assert posted["userId"] == "lms-1" and posted["line_item"] == "1"
    assert posted["gradingProgress"] == "FullyGraded" and posted["scoreMaximum"] > 0
    engine = rig.engine
    with engine.connect() as conn:
        (row,) = conn.execute(sa.select(tables.scores)).all()
    engine.dispose()
    assert (row.status, row.sent_score, row.sub) == ("sent", posted["scoreGiven"], "lms-1")


def _racers(rig: Rig, course: int, assignment: str, folder: Path) -> list[str]:
    folder.mkdir()
    env = os.environ | {"PYTHONPATH": f"{TESTS}{os.pathsep}{REPO}"}
    cmd = [sys.executable, "-m", "helpers.lti_race", rig.url, str(course), assignment, str(folder)]
    procs = [subprocess.Popen(cmd, cwd=TESTS, env=env, stderr=subprocess.PIPE, text=True) for _ in range(2)]
    try:
        wait_for("both racers ready", lambda: len(list(folder.glob("ready-*"))) == 2, WAIT_S)
        (folder / "go").write_text("go")  # the barrier: both start at once
        for p in procs:
            _, err = p.communicate(timeout=WAIT_S)
            assert p.returncode == 0, err[-3000:]
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
    return [f.read_text() for f in sorted(folder.glob("url-*"))]


def test_two_processes_make_one_line_item_under_the_course_lock(rig: Rig, tmp_path: Path) -> None:
    state = rig.platform.state
    launch(state.url, rig.served.url, "u-teacher")  # the course is known (it was, from the test above)
    engine = rig.engine

    def remembered() -> list[int]:  # the service's own line item (a1): its sender looks no more
        with engine.connect() as conn:
            return conn.execute(sa.select(tables.line_items.c.context)).scalars().all()

    (course,) = wait_for("the service's line item of a1", remembered)  # type: ignore[misc]
    engine.dispose()
    assignment = "race-1"  # not an assignment of the service: its own sender never makes this one
    rig.hold.active = True
    try:
        urls = _racers(rig, course, assignment, tmp_path / "race")
    finally:
        rig.hold.active = False
    made = [i for i in state.line_items.values() if i.get("tag") == f"jaxgrade:{assignment}"]
    assert len(made) == 1, (made, rig.hold)
    assert urls == [made[0]["id"]] * 2  # both processes found the one line item
    assert rig.hold.creations == 1  # the second waited on the lock, then found it remembered
    engine = rig.engine
    with engine.connect() as conn:
        rows = conn.execute(
            sa.select(tables.line_items).where(tables.line_items.c.assignment_id == assignment)
        )
        assert [r.url for r in rows] == [made[0]["id"]]
    engine.dispose()
