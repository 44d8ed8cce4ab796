"""LTI 1.3 Advantage against a real platform on loopback (tests/helpers/lti_platform.py: `lti1p3platform`
signing the launches and serving NRPS and AGS) and a real `jaxgrade serve` with one grading worker.

- the OIDC login and launch round trip: a roster student lands on their page, logged in; an
  instructor lands on the TA dashboard; an unmatched user gets the Chinese page and a TA-visible row;
- every refused launch: bad state, replayed (nonce used), bad nonce, wrong issuer, wrong audience,
  unknown deployment, expired, bad signature;
- deep linking: an instructor places an assignment; the platform checks the tool's signed response;
- NRPS: Sync roster adds the new learner and updates without deleting anyone;
- AGS: one line item per assignment, found again after a restart; a real grading's final score is
  posted once, also when the platform was down while it was queued;
- the launch in Chromium, from the platform's link to the student's page (docs/screenshots/lti_launch.png).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa

from autograder.service.storage import lti_tables as tables
from autograder.service.storage.db import connect

from helpers.browserish import Browserish
from helpers.chromium import headless_chromium
from helpers.lti_binding import bind_context, ta_list
from helpers.lti_launch import fast_outbox_env, form_fields, launch_form
from helpers.lti_platform import INSTRUCTOR, LEARNER, LoopbackPlatform, User
from helpers.paths import REPO
from helpers.ports import free_port
from helpers.served import MALFORMED, Served, call, serve, upload, wait_final
from helpers.waiting import wait_for

ROSTER = (
    "student_id,name,email,lms_id\n"
    "s1,学生一,s1@example.edu,lms-1\n"
    "s2,学生二,s2@example.edu,\n"
    "s3,学生三,s3@example.edu,\n"
)
# The README's picture: written to docs/screenshots/ only when JAXGRADE_SCREENSHOTS names that folder
# (as for the other browser tests), so a test run leaves the checkout as it was.
SCREENSHOT_NAME = "lti_launch.png"
CHROMIUM, CHROMEDRIVER = Path("/usr/bin/chromium"), Path("/usr/bin/chromedriver")


class Rig:
    def __init__(self, platform: LoopbackPlatform, served: Served, root: Path) -> None:
        self.platform, self.served, self.root = platform, served, root

    @property
    def engine(self) -> sa.Engine:
        return connect(f"sqlite:///{(self.served.data / 'service.sqlite').resolve()}")

    def restart_service(self) -> None:
        self.served.stop()
        self.served = serve(self.served.data, "--workers", "1", "--tas", str(self.root / "tas.csv"))
        self.platform.state.tool_url = self.served.url


@pytest.fixture(scope="module")
def rig(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Rig]:
    root = tmp_path_factory.mktemp("lti")
    env = fast_outbox_env()
    platform = LoopbackPlatform(free_port())
    s = platform.state
    s.users.update(
        {
            "lms-1": User("lms-1", "学生一", "s1@example.edu", [LEARNER]),
            "u-2": User("u-2", "学生二", "S2@Example.edu", [LEARNER]),  # matched on email
            "u-ghost": User("u-ghost", "陌生人", "ghost@example.edu", [LEARNER]),
            "u-teacher": User("u-teacher", "Teacher", "t@example.edu", [INSTRUCTOR]),
        }
    )
    platform.start()
    (root / "roster.csv").write_text(ROSTER, encoding="utf-8")
    served = serve(
        root / "data", "--roster", str(root / "roster.csv"), "--tas", str(ta_list(root)), "--workers", "1"
    )
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
    r = Rig(platform, served, root)
    try:
        yield r
    finally:
        r.served.stop()
        if platform._server is not None:
            platform.stop()
        env.undo()


# ---- the launch, as a browser does it (helpers/lti_launch.py) ------------------------------------


def to_launch_form(
    rig: Rig, browser: Browserish, user: str, kind: str = "resource", tamper: str = ""
) -> dict:
    return launch_form(rig.platform.url, rig.served.url, browser, user, kind, tamper)


def launch(rig: Rig, user: str, kind: str = "resource", tamper: str = "") -> tuple[Browserish, object]:
    browser = Browserish(rig.served.url)
    fields = to_launch_form(rig, browser, user, kind, tamper)
    return browser, browser.post_form("/lti/launch", fields)


def ta_browser(rig: Rig) -> Browserish:
    b = Browserish(rig.served.url)
    assert b.log_in(rig.served.ta).status == 303
    return b


def test_student_launch_logs_the_roster_student_in_and_lands_on_their_page(rig: Rig) -> None:
    browser, reply = launch(rig, "lms-1")
    assert reply.status == 303 and reply.headers["Location"] == "/", reply.text[:3000]
    home = browser.get("/")
    assert home.status == 200 and "我的作业" in home.text and "学生一(s1)" in home.shown
    browser2, reply2 = launch(rig, "u-2")  # no lms_id on the roster: found by email, case-insensitively
    assert reply2.status == 303 and "学生二(s2)" in browser2.get("/").shown


def test_instructor_launch_lands_on_the_ta_dashboard(rig: Rig) -> None:
    browser, reply = launch(rig, "u-teacher")
    assert reply.status == 303 and reply.headers["Location"] == "/ta"
    assert "TA dashboard" in browser.get("/ta").text


def test_unmatched_user_gets_the_chinese_page_and_a_ta_visible_entry(rig: Rig) -> None:
    browser, reply = launch(rig, "u-ghost")
    assert reply.status == 403 and "无法确认你的身份" in reply.text and "不会猜测" in reply.text
    assert browser.get("/").status == 303  # not logged in
    page = ta_browser(rig).get("/ta/lti")
    assert page.status == 200 and "ghost@example.edu" in page.text and "u-ghost" in page.text


REFUSED = {
    "issuer": "Registration not found",
    "audience": "Registration not found",
    "deployment": "deployment-unknown",
    "expired": "expired",
    "nonce": "Invalid Nonce",
    "signature": "Signature verification failed",
    "state": "State not found",
}


@pytest.mark.parametrize("tamper", sorted(REFUSED))
def test_forged_or_wrong_launches_are_refused(rig: Rig, tamper: str) -> None:
    browser, reply = launch(rig, "lms-1", tamper=tamper)
    assert reply.status == 401, reply.text[:2000]
    assert "无法从课程平台登录" in reply.text and REFUSED[tamper] in reply.text, reply.text[:3000]
    assert browser.get("/").status == 303  # no session


def test_a_replayed_launch_is_refused(rig: Rig) -> None:
    browser = Browserish(rig.served.url)
    fields = to_launch_form(rig, browser, "lms-1")
    assert browser.post_form("/lti/launch", fields).status == 303
    again = browser.post_form("/lti/launch", fields)  # same browser, same state cookie, same id_token
    assert again.status == 401 and "Invalid Nonce" in again.text
    stranger = Browserish(rig.served.url)  # another browser posting a captured launch
    assert stranger.post_form("/lti/launch", fields).status == 401


def test_deep_linking_places_an_assignment_link_in_the_course(rig: Rig) -> None:
    browser, reply = launch(rig, "u-teacher", kind="deep")
    assert reply.status == 200 and "Place a jaxgrade assignment" in reply.text, reply.text[:2000]
    _, fields = form_fields(reply.text, "deep-link-form")
    chosen = browser.post_form("/lti/deep-link", {**fields, "assignment": "a1"})
    assert chosen.status == 200, chosen.text[:2000]
    action, back = form_fields(chosen.text, "lti-autosubmit")
    assert action == rig.platform.url + "/deep-link-return"
    placed = Browserish("").post_form(action, back)  # the platform checks it against the tool's JWKS
    assert placed.status == 200 and "placed" in placed.text
    (item,) = rig.platform.state.deep_links
    assert item["type"] == "ltiResourceLink" and item["custom"] == {"assignment": "a1"}
    assert item["url"] == rig.served.url + "/lti/launch?assignment=a1"


def test_sync_roster_adds_and_updates_without_deleting(rig: Rig) -> None:
    state = rig.platform.state
    state.users["u-new"] = User("u-new", "新同学", "new@example.edu", [LEARNER], sis_id="s9")
    try:
        status, _, body = call(rig.served, "POST", "/api/lti/roster-sync", token=rig.served.ta)
    finally:
        del state.users["u-new"]
    assert status == 200, body
    result = json.loads(body)
    # every learner of the course: the new one (SIS id s9) and the one no roster row matched
    assert result["added"] == ["lms-u-ghost", "s9"] and result["errors"] == [] and result["courses"] == 1
    assert set(result["updated"]) >= {"s1", "s2"}
    with rig.engine.connect() as conn:
        rows = {r.student_id: r for r in conn.execute(sa.text("SELECT * FROM students"))}
    assert set(rows) == {"s1", "s2", "s3", "s9", "lms-u-ghost"}  # s3 is not in the course: kept
    assert rows["s9"].name == "新同学" and rows["s9"].sis_login_id == "s9" and rows["s9"].lms_id == "u-new"
    assert rows["s2"].email == "s2@example.edu"  # the roster's own value stays
    assert "u-teacher" not in {r.lms_id for r in rows.values()}  # instructors are not students

    ta = ta_browser(rig)  # the same through the TA page's button
    page = ta.get("/ta/lti")
    assert 'id="lti-sync"' in page.text
    assert ta.post_form("/ta/lti/sync", {"csrf_token": "forged"}).status == 403
    synced = ta.post_form("/ta/lti/sync", {"csrf_token": page.csrf()})
    assert synced.status == 303 and synced.headers["Location"].startswith("/ta/lti?synced=")
    shown = ta.get(synced.headers["Location"]).text
    assert "Synced 1 course(s): 0 added" in shown


def _outbox(rig: Rig) -> list[dict]:
    status, _, body = call(rig.served, "GET", "/api/lti/outbox", token=rig.served.ta)
    assert status == 200
    return [r for r in json.loads(body) if r["student_id"] == "s1"]


def test_grade_goes_to_the_lms_once_even_after_the_platform_was_down(rig: Rig) -> None:
    state = rig.platform.state
    launch(rig, "lms-1")  # s1 is a member of the course
    wait_for("the assignment's line item", lambda: len(state.line_items) == 1)
    (item,) = state.line_items.values()
    assert item["resourceId"] == "a1" and item["tag"] == "jaxgrade:a1" and item["scoreMaximum"] > 0

    rig.platform.stop()
    try:
        status, doc = upload(rig.served, "s1", [("s004_malformed.ipynb", MALFORMED)])
        assert status == 202
        assert wait_final(rig.served, "s1", doc["id"])["status"] == "graded"
        rows = wait_for("a failed try", lambda: [r for r in _outbox(rig) if r["tries"] >= 1])
        (row,) = rows  # type: ignore[misc]
        assert row["status"] == "pending" and "Connection" in row["last_error"], row
        page = ta_browser(rig).get("/ta/lti")
        assert "outbox-pending" in page.text and "ConnectionError" in page.text
        assert state.scores == []
    finally:
        rig.platform.start()
    wait_for("the score in the LMS", lambda: [r for r in _outbox(rig) if r["status"] == "sent"])
    (posted,) = state.scores
    assert posted["userId"] == "lms-1" and posted["scoreGiven"] == 0.0 and posted["line_item"] == "1"
    assert posted["gradingProgress"] == "FullyGraded" and posted["scoreMaximum"] > 0

    launch(rig, "lms-1")  # queues the same score again: not sent a second time
    body = json.dumps({"due_at": "2030-01-01T00:00:00+00:00"}).encode()  # an extension: the same final
    path = "/api/assignments/a1/extensions/s1"
    status, _, _ = call(rig.served, "PUT", path, token=rig.served.ta, body=body)
    assert status == 200
    time.sleep(1.5)  # three sender ticks
    assert len(state.scores) == 1 and _outbox(rig)[0]["status"] == "sent"


def test_line_item_is_remembered_across_a_restart_never_duplicated(rig: Rig) -> None:
    state = rig.platform.state
    launch(rig, "lms-1")
    wait_for("the assignment's line item", lambda: len(state.line_items) == 1)
    rig.restart_service()  # the tool knows its line item by the id the platform answered, not by a tag
    launch(rig, "lms-1")  # a launch queues the student's grades again; the sender makes missing items
    engine = rig.engine
    try:
        with engine.connect() as conn:
            (remembered,) = conn.execute(sa.select(tables.line_items.c.url)).scalars().all()
    finally:
        engine.dispose()
    time.sleep(1.5)  # three sender ticks: a sender that did not remember it would have made another
    assert len(state.line_items) == 1
    assert remembered == next(iter(state.line_items.values()))["id"]


@pytest.mark.skipif(
    not (CHROMIUM.exists() and CHROMEDRIVER.exists()),
    reason="prerequisite missing: /usr/bin/chromium and /usr/bin/chromedriver",
)
def test_browser_launch_from_the_platform_to_the_students_page(rig: Rig, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec
    from selenium.webdriver.support.ui import WebDriverWait

    driver = headless_chromium("1100,900")
    try:
        driver.get(f"{rig.platform.url}/start?user=lms-1&kind=resource")
        WebDriverWait(driver, 60).until(ec.presence_of_element_located((By.ID, "upload-form")))
        assert driver.current_url == rig.served.url + "/"
        assert "学生一(s1)" in driver.find_element(By.TAG_NAME, "header").text
        folder = Path(os.environ.get("JAXGRADE_SCREENSHOTS") or tmp_path / "screenshots")
        folder.mkdir(parents=True, exist_ok=True)
        assert driver.save_screenshot(str(folder / SCREENSHOT_NAME))
        assert (folder / SCREENSHOT_NAME).stat().st_size > 10_000
    finally:
        driver.quit()
