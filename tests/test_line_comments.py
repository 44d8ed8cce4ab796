"""Line comments (issue 45, section 1) on a real service on SQLite and PostgreSQL (the term of
helpers/ledger_term.py: hw5 shows grades on release only), and in Chromium against a real
`jaxgrade serve` on loopback.

The domain: every change is one transaction with its audit entry; a student sees the comments of
their own attempt once its grade is shown to them and never another student's; before that, nothing
(not even in their audit log). The browser: a TA comments on three lines of two students' attempts;
one student sees them after release and not before, the other never sees the first's.
Screenshots go to $JAXGRADE_SCREENSHOTS (docs/screenshots/ when regenerating them), else the test's folder.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from autograder.service.domain.course import audit
from autograder.service.domain.review import grade_review, line_comments
from autograder.service.domain.review.line_comments import CommentRefused, Target
from autograder.service.storage.line_comment_tables import line_comments as table
from autograder.service.web import comment_markdown

from helpers import chromium
from helpers.databases import postgres  # noqa: F401 (the session's PostgreSQL server fixture)
from helpers.ledger_term import Term, make_term
from helpers.line_comment_term import graded_upload, review_of, student_cell
from helpers.served import Served, call, serve


def audit_actions(term: Term) -> list[audit.Entry]:
    return [e for e in audit.entries(term.service.engine) if e.action.startswith("line_comment")]


@pytest.fixture(params=["sqlite", "postgresql"])
def term(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Term]:
    url = request.getfixturevalue("postgres").new_database() if request.param == "postgresql" else None
    t = make_term(tmp_path, ("s01", "s02"), database_url=url)
    try:
        yield t
    finally:
        t.service.close()


def test_add_edit_delete_are_each_one_audited_change(term: Term) -> None:
    attempt = graded_upload(term, "s01")
    review = review_of(term, attempt)
    cell = student_cell(review)
    assert "S01-LINE-2" in cell.source
    service, now = term.service, term.now[0]
    added = line_comments.add(
        service, review, Target(cell.file, cell.index, 2, 3), "use `jnp` here", actor="anna", now=now
    )
    assert [c.id for c in line_comments.of_attempt(service, attempt)] == [added.id]
    (entry,) = audit_actions(term)
    assert (entry.action, entry.actor, entry.attempt_id, entry.assignment_id) == (
        "line_comment",
        "anna",
        attempt,
        "hw5",
    )
    assert entry.student_id is None and entry.new == "use `jnp` here"  # the student's log never lists it

    edited = line_comments.edit(service, added.id, "use `jnp.dot`", actor="bob", now=now + 1)
    assert edited is not None and (edited.body, edited.edited_by, edited.author) == (
        "use `jnp.dot`",
        "bob",
        "anna",
    )
    assert (audit_actions(term)[-1].action, audit_actions(term)[-1].old) == (
        "line_comment_edited",
        "use `jnp` here",
    )

    assert line_comments.delete(service, added.id, actor="bob", now=now + 2)
    assert line_comments.of_attempt(service, attempt) == ()
    last = audit_actions(term)[-1]
    assert (last.action, last.old, last.new) == ("line_comment_deleted", "use `jnp.dot`", None)
    assert not line_comments.delete(
        service, added.id, actor="bob", now=now + 3
    )  # nothing left, nothing audited
    assert len(audit_actions(term)) == 3
    # the TA's attempt page lists every change in the attempt's timeline
    assert [e.what.split(":")[0] for e in review_of(term, attempt).timeline if "line_comment" in e.what] == [
        "line_comment", "line_comment_edited", "line_comment_deleted",
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("first", "last", "body", "why"),
    [
        (0, 1, "x", "choose lines"),
        (2, 1, "x", "choose lines"),
        (1, 99, "x", "choose lines"),
        (1, 1, "   ", "empty"),
        (1, 1, "x" * (line_comments.MAX_BODY_CHARS + 1), "longer than"),
    ],
)
def test_a_refused_comment_writes_nothing(term: Term, first: int, last: int, body: str, why: str) -> None:
    attempt = graded_upload(term, "s01")
    review = review_of(term, attempt)
    cell = student_cell(review)
    with pytest.raises(CommentRefused, match=why):
        line_comments.add(
            term.service, review, Target(cell.file, cell.index, first, last), body, actor="a", now=0
        )
    with pytest.raises(CommentRefused, match="no such cell"):
        line_comments.add(term.service, review, Target("other.ipynb", 1, 1, 1), "x", actor="a", now=0)
    with term.service.engine.connect() as conn:
        assert conn.execute(sa.select(sa.func.count()).select_from(table)).scalar() == 0
    assert audit_actions(term) == []


def test_a_student_sees_their_comments_only_once_the_grade_is_shown(term: Term) -> None:
    s = term.service
    mine, other = graded_upload(term, "s01"), graded_upload(term, "s02")
    for attempt, line in ((mine, 2), (mine, 3), (other, 2)):
        review = review_of(term, attempt)
        cell = student_cell(review)
        line_comments.add(
            s, review, Target(cell.file, cell.index, line, line), f"L{line}", actor="anna", now=1
        )
    assert len(line_comments.of_attempt(s, mine)) == 2  # the TA sees them at once
    # hw5 shows grades on release: before it the student sees no comment, not even in their audit log
    assert line_comments.shown_to_student(s, "s01", mine) == ()
    assert not [e for e in grade_review.student_audit(s, "s01") if e.action.startswith("line_comment")]
    assert s.grade_release.release("hw5", actor="anna")
    shown = line_comments.shown_to_student(s, "s01", mine)
    assert [(c.target.first_line, c.body) for c in shown] == [(2, "L2"), (3, "L3")]
    assert "author" not in shown[0].to_json(for_student=True)  # "a TA", not which
    # another student's attempt, released too, shows nothing to s01 (and s01's nothing to s02)
    assert line_comments.shown_to_student(s, "s01", other) == ()
    assert line_comments.shown_to_student(s, "s02", mine) == ()
    assert [c.body for c in line_comments.shown_to_student(s, "s02", other)] == ["L2"]
    assert s.grade_release.unrelease("hw5", actor="anna")  # hidden again: the comments too
    assert line_comments.shown_to_student(s, "s01", mine) == ()


@pytest.mark.parametrize(
    ("body", "html"),
    [
        ("<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"),
        (
            "use `<b>x</b>` and *this* or **that**",
            "use <code>&lt;b&gt;x&lt;/b&gt;</code> and <em>this</em> or <strong>that</strong>",
        ),
        ("`*not em*`", "<code>*not em*</code>"),
        ('a "q" &\nb', "a &quot;q&quot; &amp;<br>\nb"),
        (
            "[x](javascript:alert(1)) <img src=x onerror=alert(1)>",
            "[x](javascript:alert(1)) &lt;img src=x onerror=alert(1)&gt;",
        ),
        ("2 * 3 * 4", "2 * 3 * 4"),
    ],
)
def test_markdown_is_escaped_with_a_tiny_subset(body: str, html: str) -> None:
    assert str(comment_markdown.render(body)) == html


# ---------------------------------------------------------------------------------------------
# In Chromium, against a real `jaxgrade serve`

if chromium.available():
    from selenium.common.exceptions import (
        NoSuchElementException,
        StaleElementReferenceException,
        WebDriverException,
    )
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.remote.webdriver import WebDriver
    from selenium.webdriver.support.ui import WebDriverWait


@pytest.fixture(scope="module")
def comment_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    root = tmp_path_factory.mktemp("line-comments-browser")
    term = make_term(root, ("s01", "s02"))
    attempts = {sid: graded_upload(term, sid) for sid in ("s01", "s02")}
    cells = {sid: len(review_of(term, a).cells) - 1 for sid, a in attempts.items()}  # the student's cell
    tokens = dict(term.tokens)
    term.service.close()
    served = serve(root / "data", "--course", str(root / "course.toml"), "--workers", "0")
    try:
        yield {"served": served, "tokens": tokens, "attempts": attempts, "cells": cells}
    finally:
        served.stop()


def _log_in(drv: WebDriver, served: Served, token: str) -> None:
    drv.delete_all_cookies()
    drv.get(served.url + "/login")
    drv.find_element(By.ID, "token").send_keys(token)
    drv.find_element(By.ID, "login").click()
    WebDriverWait(drv, 30).until(lambda d: "/login" not in d.current_url)


def _comment_by_keyboard(drv: WebDriver, where: int, line: int, text: str) -> None:
    """Focus the line, press c, type the comment, submit with the keyboard; wait for the new page."""
    row = drv.find_element(By.ID, f"line-{where}-{line}")
    drv.execute_script("arguments[0].focus()", row)
    row.send_keys("c")
    box = drv.switch_to.active_element
    assert box.tag_name == "textarea"
    box.send_keys(text)
    box.send_keys(Keys.TAB, Keys.ENTER)  # the form's button
    marker = text.split()[0]  # the rest is shown rendered
    # the page reloads under the wait: the old page's nodes vanish meanwhile, so the text is read by a
    # script of the current document (a held element may belong to neither page: WebDriverException)
    ignored = (StaleElementReferenceException, NoSuchElementException, WebDriverException)
    WebDriverWait(drv, 30, ignored_exceptions=ignored).until(
        lambda d: marker
        in d.execute_script(
            "const c = document.getElementById('attempt-code');"
            "return document.readyState === 'complete' && c ? c.innerText : '';"
        )
    )


def _screenshots() -> Path | None:
    named = os.environ.get("JAXGRADE_SCREENSHOTS")
    return Path(named) if named else None


def _api_add_edit_delete(served: Served, attempt: int, student_token: str) -> None:
    """A TA adds, edits and deletes a comment over the API; bad lines are a 422, a student may not."""
    path = f"/api/attempts/{attempt}/comments"
    status, _, body = call(served, "GET", path, token=served.ta)
    cell = json.loads(body)[0]  # the browser's comment on the student's cell
    doc = {"file": cell["file"], "cell": cell["cell"], "first_line": 1, "last_line": 2, "body": "API-NOTE"}
    status, _, body = call(served, "POST", path, token=served.ta, body=json.dumps(doc).encode())
    assert status == 201, body[:300]
    added = json.loads(body)
    assert (added["first_line"], added["last_line"], added["author"]) == (1, 2, "ta")
    status, _, body = call(
        served, "POST", path, token=served.ta, body=json.dumps(doc | {"last_line": 99}).encode()
    )
    assert status == 422 and b"choose lines between 1 and 2" in body
    status, _, _ = call(served, "POST", path, token=student_token, body=json.dumps(doc).encode())
    assert status in (401, 403)
    one = f"{path}/{added['id']}"
    status, _, body = call(
        served, "PUT", one, token=served.ta, body=json.dumps({"body": "API-EDITED"}).encode()
    )
    assert status == 200 and json.loads(body)["body"] == "API-EDITED"
    status, _, _ = call(served, "DELETE", one, token=served.ta)
    assert status == 200
    status, _, body = call(served, "GET", path, token=served.ta)
    assert [c["body"] for c in json.loads(body)] == ["S02-ONLY"]
    status, _, body = call(served, "GET", "/api/audit", token=served.ta)
    actions = [e["action"] for e in json.loads(body) if e["attempt_id"] == attempt]
    assert actions[-4:] == ["line_comment", "line_comment", "line_comment_edited", "line_comment_deleted"]


@pytest.mark.slow
@pytest.mark.skipif(not chromium.available(), reason=chromium.MISSING)
def test_ta_comments_three_lines_students_see_their_own_after_release(
    comment_server: dict[str, Any], tmp_path: Path
) -> None:
    served: Served = comment_server["served"]
    tokens, attempts, cells = comment_server["tokens"], comment_server["attempts"], comment_server["cells"]
    shots = _screenshots() or tmp_path
    drv = chromium.headless_chromium()
    try:
        drv.set_window_size(1100, 1000)
        _log_in(drv, served, served.ta)
        drv.get(f"{served.url}/ta/attempts/{attempts['s01']}")
        _comment_by_keyboard(drv, cells["s01"], 2, "S01-FIRST: use `x @ x` *here*")
        _comment_by_keyboard(drv, cells["s01"], 3, "S01-SECOND <script>bad()</script>")
        drv.get(f"{served.url}/ta/attempts/{attempts['s02']}")
        _comment_by_keyboard(drv, cells["s02"], 2, "S02-ONLY")
        drv.get(f"{served.url}/ta/attempts/{attempts['s01']}")
        drv.find_element(By.TAG_NAME, "body").send_keys("n")  # n: the first comment
        focused = drv.switch_to.active_element
        assert "S01-FIRST" in focused.text and focused.find_element(By.TAG_NAME, "code").text == "x @ x"
        assert not drv.find_elements(By.CSS_SELECTOR, "#attempt-code script")  # the text stayed text
        focused.find_element(By.XPATH, "ancestor::div[@class='lc-part']").screenshot(
            str(shots / "line_comments_ta.png")
        )

        # the API lists them for a TA; for the student nothing before release
        status, _, body = call(served, "GET", f"/api/attempts/{attempts['s01']}/comments", token=served.ta)
        assert status == 200 and [c["first_line"] for c in json.loads(body)] == [2, 3]
        status, _, body = call(
            served, "GET", f"/api/attempts/{attempts['s01']}/comments", token=tokens["s01"]
        )
        assert (status, json.loads(body)) == (200, [])
        _api_add_edit_delete(served, attempts["s02"], tokens["s02"])
        _log_in(drv, served, tokens["s01"])
        drv.get(f"{served.url}/attempts/{attempts['s01']}")
        assert "S01-FIRST" not in drv.page_source and not drv.find_elements(By.ID, "line-comments")

        status, _, body = call(served, "POST", "/api/assignments/hw5/release-grades", token=served.ta)
        assert status == 200, body[:300]
        drv.get(f"{served.url}/attempts/{attempts['s01']}")
        section = drv.find_element(By.ID, "line-comments")
        assert "S01-FIRST" in section.text and "S01-SECOND <script>bad()</script>" in section.text
        assert "S02-ONLY" not in drv.page_source
        assert "第 2 行" in section.text and "S01-LINE-2" in section.text  # beside the student's own line
        section.screenshot(str(shots / "line_comments_student.png"))
        status, _, body = call(
            served, "GET", f"/api/attempts/{attempts['s01']}/comments", token=tokens["s01"]
        )
        assert status == 200 and [c["body"][:9] for c in json.loads(body)] == ["S01-FIRST", "S01-SECON"]

        # the other student sees their own comment, never the first's (page and API: 404 like a missing one)
        _log_in(drv, served, tokens["s02"])
        drv.get(f"{served.url}/attempts/{attempts['s02']}")
        assert "S02-ONLY" in drv.find_element(By.ID, "line-comments").text and "S01-" not in drv.page_source
        drv.get(f"{served.url}/attempts/{attempts['s01']}")
        assert "S01-FIRST" not in drv.page_source
        status, _, _ = call(served, "GET", f"/api/attempts/{attempts['s01']}/comments", token=tokens["s02"])
        assert status == 404
    finally:
        drv.quit()
