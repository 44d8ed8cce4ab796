"""Line comments (issue 45, section 1) through the real web application (in process, on loopback,
SQLite): the TA carries comments to a later attempt from its page and links one to an override; the
student reads them, after release only, on the page, in the API's attempt and in the feedback HTML
(the download the `jaxgrade submit` client and the notebook's submit cell save and show)."""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from autograder.commands.submit import fetch_attempt, fetch_feedback
from autograder.service.domain.gradebook import overrides
from autograder.service.domain.review import line_comments
from autograder.service.domain.review.line_comments import Target

from helpers.browserish import Browserish
from helpers.inprocess_site import serving_app
from helpers.ledger_term import Term, make_term, release_with_points
from helpers.line_comment_term import FIRST, LATER, review_of, upload_code

FEEDBACK = "<!doctype html><html><body><h1>BATCH-FEEDBACK</h1></body></html>"


@pytest.fixture()
def term(tmp_path: Path) -> Iterator[Term]:
    t = make_term(tmp_path, ("s01", "s02"))
    try:
        yield t
    finally:
        t.service.close()


@pytest.fixture()
def site(term: Term) -> Iterator[str]:
    with serving_app(term.service) as url:
        yield url


def _ta(term: Term, url: str) -> Browserish:
    ta = Browserish(url)
    assert ta.log_in((term.service.cfg.data_dir / "ta-token").read_text().strip()).status == 303
    return ta


def _api(url: str, path: str, token: str) -> tuple[int, bytes]:
    req = urllib.request.Request(url + path, headers={"Authorization": f"Bearer {token}"})
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            return r.status, r.read()
    except urllib.error.HTTPError as err:
        return err.code, err.read()


def _comment(term: Term, attempt: int, first: int, last: int, body: str) -> int:
    review = review_of(term, attempt)
    cell = review.cells[-1]
    at = Target(cell.file, cell.index, first, last)
    return line_comments.add(term.service, review, at, body, actor="anna", now=1).id


def test_a_ta_carries_comments_from_the_later_attempts_page(term: Term, site: str) -> None:
    earlier, later = upload_code(term, "s01", FIRST), upload_code(term, "s01", LATER)
    _comment(term, earlier, 2, 2, "CARRY-ME")
    _comment(term, earlier, 4, 4, "LINE-GONE")
    ta = _ta(term, site)
    assert 'id="carry-comments"' not in ta.get(f"/ta/attempts/{earlier}").text  # nothing earlier to carry
    page = ta.get(f"/ta/attempts/{later}")
    assert 'id="carry-comments"' in page.text and "attempt 1 (2 comments)" in page.text
    assert "CARRY-ME" not in page.text  # not before a TA chooses to
    done = ta.post_form(
        f"/ta/attempts/{later}/comments/carry", {"csrf_token": page.csrf(), "from_attempt": str(earlier)}
    )
    assert done.status == 200
    carried, gone = done.text.split('id="not-carried"')
    assert "CARRY-ME" in carried and "cell" in carried and "line 4" in carried  # line 2 moved to line 4
    assert "LINE-GONE" in gone and "LINE-GONE" not in carried
    after = ta.get(f"/ta/attempts/{later}").text
    assert "CARRY-ME" in after and "carried from an earlier attempt" in after and "LINE-GONE" not in after
    back = ta.post_form(f"/ta/attempts/{earlier}/comments/carry", {"csrf_token": page.csrf(),
                                                                    "from_attempt": str(later)})
    assert back.status == 422 and "not earlier" in back.text


def test_a_link_shows_on_both_sides_and_the_student_reads_comments_only_after_release(
    term: Term, site: str
) -> None:
    s = term.service
    mine = upload_code(term, "s01", FIRST, feedback=FEEDBACK)
    theirs = upload_code(term, "s02", LATER, feedback=FEEDBACK)
    with s.engine.begin() as conn:
        overrides.put(
            conn, assignment_id="hw5", student_id="s01", target="total", points=7, comment="late fix",
            attempt_id=mine, actor="anna", now=1, max_points={"total": 80.0},
        )  # fmt: skip
    _comment(term, theirs, 1, 1, "OTHER-STUDENT")
    ta = _ta(term, site)
    page = ta.get(f"/ta/attempts/{mine}")
    option = page.text.split('<option value="override:total"')[1].split("</option>")[0]
    assert option.endswith(">override of total: 7 points")
    where = str(len(review_of(term, mine).cells) - 1)
    fields = {"csrf_token": page.csrf(), "where": where, "first_line": "2", "last_line": "3",
              "body": "LINKED <b>x</b>", "link": "override:total"}  # fmt: skip
    assert ta.post_form(f"/ta/attempts/{mine}/comments", fields).status == 303
    assert "override: override of total: 7 points" in ta.get(f"/ta/attempts/{mine}").text
    refused = ta.post_form(f"/ta/attempts/{mine}/comments", fields | {"link": "override:ch05_x"})
    assert refused.status == 422 and "no such override" in refused.text

    token = term.tokens["s01"]
    status, body = _api(site, f"/api/submissions/{mine}", token)
    assert status == 200 and "line_comments" not in json.loads(body)  # before release: nothing
    assert "LINKED" not in body.decode()
    assert _api(site, f"/api/submissions/{mine}/feedback", token)[0] == 404

    assert s.grade_release.release("hw5", actor="anna")
    doc = json.loads(_api(site, f"/api/submissions/{mine}", token)[1])
    (c,) = doc["line_comments"]
    assert (c["body"], c["first_line"], c["last_line"]) == ("LINKED <b>x</b>", 2, 3)
    assert c["lines"] == ["    y = x * 2  # KEEP", "    return y"]
    assert c["link"] == {"kind": "override", "subject": "total", "gone": False}
    assert "author" not in c and "anna" not in json.dumps(doc) and "ta" not in c  # never a TA's name
    status, html = _api(site, f"/api/submissions/{mine}/feedback", token)
    text = html.decode()
    assert status == 200 and "BATCH-FEEDBACK" in text and "LINKED &lt;b&gt;x&lt;/b&gt;" in text
    assert text.index('id="line-comments"') < text.index("</body>") and "OTHER-STUDENT" not in text
    assert "第 2–3 行" in text and "# KEEP" in text

    # what the `jaxgrade submit` client and the notebook's submit cell fetch, through their own code
    assert fetch_attempt(site, token, mine)["line_comments"][0]["body"] == "LINKED <b>x</b>"
    assert b"LINKED &lt;b&gt;x&lt;/b&gt;" in fetch_feedback(site, token, mine)

    student = Browserish(site)
    assert student.log_in(token).status == 303
    assert "LINKED &lt;b&gt;x&lt;/b&gt;" in student.get(f"/attempts/{mine}/feedback").text
    with s.engine.begin() as conn:  # the override goes: the comment stays, its link says so
        overrides.remove(conn, assignment_id="hw5", student_id="s01", target="total", actor="bob", now=5)
    assert "成绩调整:已撤销" in student.get(f"/attempts/{mine}").text
    assert "override removed" in ta.get(f"/ta/attempts/{mine}").text
    assert _api(site, f"/api/submissions/{theirs}", token)[0] == 404  # another's: as if missing


def test_a_regrade_run_shows_the_attempts_comments_beside_its_diff(
    term: Term, site: str, tmp_path: Path
) -> None:
    mine, theirs = upload_code(term, "s01", FIRST), upload_code(term, "s02", LATER)
    _comment(term, mine, 2, 3, "BESIDE-THE-DIFF `y`")
    _comment(term, theirs, 1, 1, "UNCHANGED-ATTEMPT")
    cheaper = release_with_points(tmp_path / "releases", "2026-fall-cheaper", {"reduce_sum_rules": 5})
    run = term.regrade_run(
        "hw5", cheaper, {"s01": {"reduce_sum_rules": 5.0}, "s02": {"reduce_sum_rules": 10.0}}
    )
    page = _ta(term, site).get(f"/ta/regrade-runs/{run}").text
    details = page.split(f'id="attempt-{mine}"')[1].split("</details>")[0]  # the changed attempt's diff
    assert 'id="comments-' in details and "BESIDE-THE-DIFF <code>y</code>" in details
    assert details.index("new feedback") < details.index("BESIDE-THE-DIFF")
    assert "UNCHANGED-ATTEMPT" not in page  # s02's result does not change: no diff to show it beside
