"""Overrides, regrade requests and the audit log (#22) through the real `jaxgrade serve` process.

One SQLite server for the module, with named TAs (`--tas`) and one grading worker that grades the
quickest real submissions (a notebook intake rejects: 0 points, every exercise graded):

- an override (with its required comment) survives a real regrade through
  `/api/students/{id}/regrade`, shows in grades.csv and to the student, and ends when removed;
- a regrade request thread: the student asks, both sides write, a TA resolves with an override;
- the audit log is complete: every grade or deadline change made here (uploads, gradings,
  regrades, overrides, extensions) has exactly one entry, by the right actor, and nothing else is
  in it (`LEDGER`, checked after each step and as a whole at the end); students see only theirs;
  the CSV export is inert in a spreadsheet; the database refuses to change or delete an entry;
- the TA flows "override with a comment" and "answer a request" in Chromium, with screenshots of
  those pages (to $JAXGRADE_SCREENSHOTS; `JAXGRADE_SCREENSHOTS=docs/screenshots` makes the README's);
- one PostgreSQL case: the same entries, a policy change at a restart, and the triggers there.
"""

from __future__ import annotations

import csv
import io
import json
import os
import stat
import sys
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import sqlalchemy as sa

from autograder.service.domain.course.assignments import FIRST_ASSIGNMENT

from helpers.browserish import Browserish
from helpers.chromium import headless_chromium
from helpers.csv_inert import assert_inert
from helpers.databases import postgres  # noqa: F401 (the session's PostgreSQL server fixture)
from helpers.served import MALFORMED, Served, call, read_csv, serve, upload, wait_final, write_roster

STUDENTS = ("r01", "r02", "r03", "r04")
TAS = ("alice", "bob")
A = FIRST_ASSIGNMENT
HOSTILE_COMMENT = '=HYPERLINK("http://127.0.0.1/x","y") <script>alert(1)</script>'
# Every audit entry the module's actions must have caused, in order: (actor, action, student).
LEDGER: list[tuple[str, str, str | None]] = []


# ---------------------------------------------------------------------------------------------
# The server and helpers


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    root = tmp_path_factory.mktemp("review")
    roster = write_roster(root / "roster.csv", STUDENTS)
    tas = root / "tas.csv"
    tas.write_text("name,email\n" + "".join(f"{n},{n}@example.edu\n" for n in TAS), encoding="utf-8")
    s = serve(root / "data", "--roster", str(roster), "--tas", str(tas), "--workers", "1")
    LEDGER.clear()
    ids = {}
    for sid in ("r01", "r02", "r04"):  # r03 never uploads
        status, doc = upload(s, sid, [("s004_malformed.ipynb", MALFORMED)])
        assert status == 202
        ids[sid] = doc["id"]
        LEDGER.append((f"student:{sid}", "upload", sid))
    for sid, attempt_id in ids.items():
        assert wait_final(s, sid, attempt_id)["status"] == "graded"
        LEDGER.append(("system", "grading", sid))
    s.attempts = ids  # type: ignore[attr-defined]
    yield s
    s.stop()


def ta_token(s: Served, name: str) -> str:
    if name == "ta":
        return s.ta
    with (s.data / "ta-tokens.csv").open(newline="", encoding="utf-8") as f:
        return {r["name"]: r["token"] for r in csv.DictReader(f)}[name]


def api(s: Served, method: str, path: str, token: str, body: object | None = None) -> tuple[int, object]:
    data = None if body is None else json.dumps(body).encode()
    status, _, raw = call(
        s, method, path, token=token, body=data, headers={"Content-Type": "application/json"}
    )
    return status, json.loads(raw)


def entries(s: Served, token: str | None = None) -> list[dict]:
    status, got = api(s, "GET", "/api/audit", token or s.ta)
    assert status == 200
    assert isinstance(got, list)
    return got


def expect_new(s: Served, *new: tuple[str, str, str | None]) -> list[dict]:
    """The log is exactly LEDGER plus `new` (in order); returns the new entries."""
    LEDGER.extend(new)
    log = entries(s)
    assert [(e["actor"], e["action"], e["student_id"]) for e in log] == LEDGER
    return log[len(log) - len(new) :] if new else []


def grades_row(s: Served, sid: str) -> dict[str, str]:
    rows = read_csv(call(s, "GET", "/api/grades.csv", token=s.ta)[2].decode())
    return dict(zip(rows["__header__"], rows[sid], strict=True))


# ---------------------------------------------------------------------------------------------
# Named TAs


def test_named_tas_get_private_tokens_and_the_audit_log_their_names(served: Served) -> None:
    mode = stat.S_IMODE((served.data / "ta-tokens.csv").stat().st_mode)
    assert mode == 0o600
    listed = list(csv.DictReader(io.StringIO((served.data / "ta-tokens.csv").read_text(encoding="utf-8"))))
    assert [r["name"] for r in listed] == sorted(TAS) and all(len(r["token"]) >= 40 for r in listed)
    for name in ("ta", *TAS):
        assert call(served, "GET", "/api/status", token=ta_token(served, name))[0] == 200
    assert call(served, "GET", "/api/status", token=ta_token(served, "alice") + "x")[0] == 401
    assert call(served, "GET", "/api/status", token=served.tokens["r01"])[0] == 401
    expect_new(served)  # start-up and the gradings: nothing but what the fixture did
    log = entries(served)
    graded = [e for e in log if e["action"] == "grading"]
    assert all(e["old"] is None and e["new"]["score"] == 0.0 for e in graded)
    uploads = [e for e in log if e["action"] == "upload"]
    assert [e["attempt_id"] for e in uploads] == list(served.attempts.values())  # type: ignore[attr-defined]


# ---------------------------------------------------------------------------------------------
# Overrides


def test_override_survives_a_real_regrade_until_removed(served: Served) -> None:
    alice, bob = ta_token(served, "alice"), ta_token(served, "bob")
    status, doc = api(
        served, "PUT", f"/api/overrides/{A}/r01/histogram", alice, {"points": 7, "comment": HOSTILE_COMMENT}
    )
    assert status == 200 and doc["exercises"]["histogram"] == 7.0 and doc["total"] == 7.0  # type: ignore[index]
    (entry,) = expect_new(served, ("alice", "override", "r01"))
    assert entry["old"] is None and entry["new"] == {
        "target": "histogram",
        "points": 7.0,
        "comment": HOSTILE_COMMENT,
    }
    assert grades_row(served, "r01")["histogram"] == "7.00" and grades_row(served, "r01")["total"] == "7.00"

    # a real regrade (bob): the attempt is graded again, the override still stands
    status, body = api(served, "POST", "/api/students/r01/regrade", bob)
    assert status == 202 and body == {"student_id": "r01", "requeued": 1}
    attempt = served.attempts["r01"]  # type: ignore[attr-defined]
    assert wait_final(served, "r01", attempt)["status"] == "graded"
    regraded = expect_new(served, ("bob", "regrade", "r01"), ("system", "grading", "r01"))
    assert regraded[0]["old"] == [{"attempt_id": attempt, "status": "graded", "score": 0.0}]
    assert regraded[1]["old"] == {"score": 0.0, "grade_status": regraded[1]["new"]["grade_status"]}
    row = grades_row(served, "r01")
    assert row["histogram"] == "7.00" and row["total"] == "7.00"

    # the student sees the TA's score and comment, over the API and on their page (escaped)
    status, mine = api(served, "GET", f"/api/overrides/{A}/r01", served.tokens["r01"])
    assert status == 200 and mine["overrides"][0]["comment"] == HOSTILE_COMMENT  # type: ignore[index]
    assert api(served, "GET", f"/api/overrides/{A}/r01", served.tokens["r02"])[0] == 404
    page = Browserish(served.url)
    page.log_in(served.tokens["r01"])
    home = page.get("/").text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in home and "<script>alert" not in home
    assert '<span id="counted-total" class="override">7</span>' in home

    # a total override goes after everything; removing both brings back the graded scores
    status, doc = api(
        served, "PUT", f"/api/overrides/{A}/r01/total", alice, {"points": 55, "comment": "oral exam"}
    )
    assert status == 200 and doc["total"] == 55.0  # type: ignore[index]
    assert grades_row(served, "r01")["total"] == "55.00"
    for target in ("histogram", "total"):
        assert api(served, "DELETE", f"/api/overrides/{A}/r01/{target}", alice)[0] == 200
    removed = expect_new(
        served,
        ("alice", "override", "r01"),
        ("alice", "override_removed", "r01"),
        ("alice", "override_removed", "r01"),
    )
    assert (
        removed[2]["old"] == {"target": "total", "points": 55.0, "comment": "oral exam"}
        and removed[2]["new"] is None
    )
    row = grades_row(served, "r01")
    assert row["histogram"] == "0.00" and row["total"] == "0.00"


@pytest.mark.parametrize(
    ("path", "body", "token", "want"),
    [
        (f"/api/overrides/{A}/r02/histogram", {"points": 5}, "alice", 422),  # no comment
        (f"/api/overrides/{A}/r02/histogram", {"points": 5, "comment": "   "}, "alice", 422),
        (f"/api/overrides/{A}/r02/histogram", {"points": 11, "comment": "x"}, "alice", 422),  # over max
        (f"/api/overrides/{A}/r02/total", {"points": -1, "comment": "x"}, "alice", 422),
        (f"/api/overrides/{A}/r02/nothing", {"points": 1, "comment": "x"}, "alice", 422),
        (f"/api/overrides/{A}/r02/histogram", {"points": "5", "comment": "x"}, "alice", 400),
        (f"/api/overrides/{A}/nobody/histogram", {"points": 1, "comment": "x"}, "alice", 404),
        ("/api/overrides/zz/r02/histogram", {"points": 1, "comment": "x"}, "alice", 404),
        (f"/api/overrides/{A}/r02/histogram", {"points": 10, "comment": "mine"}, "r02", 401),
    ],
)
def test_bad_overrides_are_refused_and_leave_no_entry(
    served: Served, path: str, body: dict, token: str, want: int
) -> None:
    tok = served.tokens[token] if token in STUDENTS else ta_token(served, token)
    status, doc = api(served, "PUT", path, tok, body)
    assert status == want and doc["message_zh"], doc  # type: ignore[index]
    assert api(served, "DELETE", f"/api/overrides/{A}/r02/fusion", ta_token(served, "alice"))[0] == 404
    expect_new(served)


# ---------------------------------------------------------------------------------------------
# Regrade requests


def test_regrade_request_thread_from_question_to_resolution(served: Served) -> None:
    r02, alice, bob = served.tokens["r02"], ta_token(served, "alice"), ta_token(served, "bob")
    status, req = api(
        served, "POST", "/api/regrade-requests", r02, {"exercise": "fusion", "message": "为什么是 0 分?"}
    )
    assert status == 201, req
    rid = req["id"]  # type: ignore[index]
    assert req["attempt_id"] == served.attempts["r02"] and req["status"] == "open"  # type: ignore[index]
    status, again = api(
        served, "POST", "/api/regrade-requests", r02, {"exercise": "fusion", "message": "再问"}
    )
    assert status == 409 and "未处理" in again["message_zh"]  # type: ignore[index]
    assert api(served, "POST", "/api/regrade-requests", r02, {"exercise": "nope", "message": "?"})[0] == 422
    assert (
        api(served, "POST", "/api/regrade-requests", r02, {"exercise": "recompile", "message": " "})[0] == 422
    )
    status, none = api(
        served, "POST", "/api/regrade-requests", served.tokens["r03"], {"exercise": "fusion", "message": "?"}
    )
    assert status == 409 and none["message_zh"]  # type: ignore[index]  # r03 has no graded attempt
    assert (
        api(served, "POST", "/api/regrade-requests", alice, {"exercise": "fusion", "message": "?"})[0] == 403
    )

    # the TAs' queue; another student cannot see the thread
    status, queue = api(served, "GET", "/api/regrade-requests?status=open", bob)
    assert status == 200 and [q["id"] for q in queue] == [rid]  # type: ignore[union-attr,index]
    assert api(served, "GET", f"/api/regrade-requests/{rid}", served.tokens["r01"])[0] == 404
    assert api(served, "GET", "/api/regrade-requests", served.tokens["r01"])[1] == []
    assert (
        api(served, "POST", f"/api/regrade-requests/{rid}/messages", served.tokens["r01"], {"message": "x"})[
            0
        ]
        == 404
    )

    # both sides write; a TA resolves with an override of that exercise, its comment the answer
    assert (
        api(served, "POST", f"/api/regrade-requests/{rid}/messages", bob, {"message": "Which part?"})[0]
        == 200
    )
    assert (
        api(served, "POST", f"/api/regrade-requests/{rid}/messages", r02, {"message": "屏障那一步"})[0] == 200
    )
    status, done = api(
        served,
        "POST",
        f"/api/regrade-requests/{rid}/resolve",
        alice,
        {"message": "Barrier case fixed: 4 points", "points": 4},
    )
    assert status == 200 and done["status"] == "resolved" and done["resolved_by"] == "alice"  # type: ignore[index]
    status, thread = api(served, "GET", f"/api/regrade-requests/{rid}", r02)
    assert status == 200
    assert [(m["author"], m["body"]) for m in thread["messages"]] == [  # type: ignore[index]
        ("student:r02", "为什么是 0 分?"),
        ("bob", "Which part?"),
        ("student:r02", "屏障那一步"),
        ("alice", "Barrier case fixed: 4 points"),
    ]
    (entry,) = expect_new(served, ("alice", "override", "r02"))  # the thread itself changes no grade
    assert entry["new"] == {"target": "fusion", "points": 4.0, "comment": "Barrier case fixed: 4 points"}
    assert grades_row(served, "r02")["fusion"] == "4.00" and grades_row(served, "r02")["total"] == "4.00"
    status, closed = api(served, "POST", f"/api/regrade-requests/{rid}/messages", r02, {"message": "谢谢"})
    assert status == 409 and closed["message_zh"]  # type: ignore[index]

    # a request answered without an override: resolved, no audit entry
    _, other = api(
        served, "POST", "/api/regrade-requests", r02, {"exercise": "recompile", "message": "这题呢?"}
    )
    status, done = api(
        served, "POST", f"/api/regrade-requests/{other['id']}/resolve", bob, {"message": "It stands."}
    )  # type: ignore[index]
    assert status == 200 and done["status"] == "resolved"  # type: ignore[index]
    expect_new(served)
    page = Browserish(served.url)
    page.log_in(r02)
    home = page.get("/").text
    assert "Barrier case fixed: 4 points" in home and "已处理" in home and "成绩变更记录" in home


# ---------------------------------------------------------------------------------------------
# Extensions and the log's readers


def test_extensions_are_audited_with_old_and_new_deadlines(served: Served) -> None:
    alice, bob = ta_token(served, "alice"), ta_token(served, "bob")
    path = f"/api/assignments/{A}/extensions"
    first = {"due_at": "2030-01-01T00:00:00Z", "late_until": None}
    assert api(served, "PUT", f"{path}/r03", alice, first)[0] == 200
    assert (
        api(
            served,
            "PUT",
            f"{path}/r03",
            bob,
            {"due_at": "2030-02-01T00:00:00Z", "late_until": "2030-02-02T00:00:00Z"},
        )[0]
        == 200
    )
    assert api(served, "DELETE", f"{path}/r03", alice)[0] == 200
    assert api(served, "DELETE", f"{path}/r03", alice)[0] == 404  # nothing to remove: no entry
    log = expect_new(
        served,
        ("alice", "extension", "r03"),
        ("bob", "extension", "r03"),
        ("alice", "extension_removed", "r03"),
    )
    assert log[0]["old"] is None and log[0]["new"] == first
    assert log[1]["old"] == first and log[1]["new"]["late_until"] == "2030-02-02T00:00:00Z"
    assert log[2]["old"] == log[1]["new"] and log[2]["new"] is None
    good = "student_id,due_at\nr03,2030-03-01T00:00:00Z\nr04,2030-03-01T00:00:00Z\n"
    bad = "student_id,due_at\nr03,2031-01-01T00:00:00Z\nnobody,2031-01-01T00:00:00Z\n"
    for body, want in ((good, 200), (bad, 422)):
        status, _, _ = call(
            served, "POST", f"{path}.csv", token=bob, body=body.encode(), headers={"Content-Type": "text/csv"}
        )
        assert status == want
    expect_new(
        served, ("bob", "extension", "r03"), ("bob", "extension", "r04")
    )  # all or none: the bad one left none
    for sid in ("r03", "r04"):
        assert api(served, "DELETE", f"{path}/{sid}", alice)[0] == 200
    expect_new(served, ("alice", "extension_removed", "r03"), ("alice", "extension_removed", "r04"))


def test_students_see_only_their_own_entries_tas_see_all(served: Served) -> None:
    everything = entries(served)
    for sid in STUDENTS:
        mine = entries(served, served.tokens[sid])
        assert mine == [e for e in everything if e["student_id"] == sid] and mine
        assert entries_for(served, sid, asking=served.tokens[sid]) == mine
    assert entries_for(served, "r01", asking=served.tokens["r02"]) == entries(served, served.tokens["r02"])
    assert entries_for(served, "r01", asking=ta_token(served, "bob")) == [
        e for e in everything if e["student_id"] == "r01"
    ]
    assert call(served, "GET", "/api/audit")[0] == 401
    assert call(served, "GET", "/api/audit.csv", token=served.tokens["r01"])[0] == 401
    page = Browserish(served.url)
    page.log_in(served.tokens["r03"])
    home = page.get("/").text
    assert "延期" in home and "撤销延期" in home and "助教 alice" in home and "student:r01" not in home


def entries_for(s: Served, sid: str, *, asking: str) -> list[dict]:
    status, got = api(s, "GET", f"/api/audit?student_id={sid}", asking)
    assert status == 200 and isinstance(got, list)
    return got


def test_audit_csv_has_every_entry_and_no_formula(served: Served) -> None:
    status, headers, body = call(served, "GET", "/api/audit.csv", token=ta_token(served, "alice"))
    assert status == 200 and headers["content-disposition"] == 'attachment; filename="audit.csv"'
    text = body.decode()
    rows = list(csv.reader(io.StringIO(text)))
    log = entries(served)
    assert rows[0][:4] == ["id", "at", "actor", "action"]
    assert [(r[0], r[2], r[3], r[5]) for r in rows[1:]] == [
        (str(e["id"]), e["actor"], e["action"], e["student_id"] or "") for e in log
    ]
    assert any("HYPERLINK" in cell for r in rows for cell in r)  # the hostile comment is in there, inert
    assert_inert(text)


def test_the_database_refuses_to_change_or_delete_an_entry(served: Served) -> None:
    engine = sa.create_engine(f"sqlite:///{served.data / 'service.sqlite'}")
    try:
        for statement in ("UPDATE audit_log SET actor = 'nobody'", "DELETE FROM audit_log"):
            with pytest.raises(sa.exc.IntegrityError, match="append-only"), engine.begin() as conn:
                conn.execute(sa.text(statement))
    finally:
        engine.dispose()
    expect_new(served)  # every entry is still there, unchanged


def test_audit_csv_neutralises_cells_that_start_a_formula() -> None:
    from autograder.service.domain.course import audit

    hostile = audit.Entry(1, 0.0, "=cmd", "override", "a1", "@x", 3, "+1+1\t=2", {"a": "-1"}, None)
    text = audit.to_csv([hostile])
    assert_inert(text)
    assert list(csv.reader(io.StringIO(text)))[1][2:4] == ["'=cmd", "override"]


# ---------------------------------------------------------------------------------------------
# The TA flows in Chromium (screenshots in docs/screenshots/)

CHROMIUM, CHROMEDRIVER = Path("/usr/bin/chromium"), Path("/usr/bin/chromedriver")
_missing = [str(p) for p in (CHROMIUM, CHROMEDRIVER) if not p.exists()]


@pytest.mark.skipif(bool(_missing), reason=f"prerequisite missing: {', '.join(_missing)}")
def test_ta_override_with_a_comment_and_a_request_answer_in_chromium(served: Served, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec
    from selenium.webdriver.support.ui import Select, WebDriverWait

    status, req = api(
        served,
        "POST",
        "/api/regrade-requests",
        served.tokens["r04"],
        {"exercise": "histogram", "message": "直方图的边界我处理了,请再看看。"},
    )
    assert status == 201
    drv = headless_chromium("1100,1000")
    # docs/screenshots/ only when JAXGRADE_SCREENSHOTS names it: a test run leaves the checkout as it was
    shots = Path(os.environ.get("JAXGRADE_SCREENSHOTS") or tmp_path / "screenshots")
    shots.mkdir(parents=True, exist_ok=True)

    def wait_for(element_id: str) -> None:
        WebDriverWait(drv, 60).until(ec.presence_of_element_located((By.ID, element_id)))

    def shot(name: str) -> None:
        height = drv.execute_script("return document.documentElement.scrollHeight")
        drv.set_window_size(1100, min(max(int(height) + 40, 600), 3000))
        assert drv.save_screenshot(str(shots / name)) and (shots / name).stat().st_size > 10_000
        drv.set_window_size(1100, 1000)

    try:
        drv.get(served.url + "/login")
        drv.find_element(By.ID, "token").send_keys(ta_token(served, "bob"))
        drv.find_element(By.ID, "login").click()
        wait_for("queue")
        assert drv.find_element(By.CSS_SELECTOR, "header .who").text == "TA bob"

        # override with a comment: from the dashboard to the student's page
        drv.find_element(By.ID, "find-student").send_keys("r04")
        drv.find_element(By.CSS_SELECTOR, "#student-form button").click()
        wait_for("override-form")
        Select(drv.find_element(By.ID, "override-target")).select_by_value("safe_distance")
        drv.find_element(By.ID, "override-points").send_keys("6.5")
        drv.find_element(By.ID, "override-comment").send_keys(
            "Hand-checked: the tolerance argument is right."
        )
        drv.find_element(By.ID, "override-submit").click()
        WebDriverWait(drv, 60).until(ec.url_contains("saved=1"))
        row = drv.find_element(By.CSS_SELECTOR, '#grade-table tr[data-exercise="safe_distance"]')
        assert "6.5" in row.text and "by bob: Hand-checked" in row.text
        assert drv.find_element(By.ID, "grade-total").text == "6.5"
        shot("ta_student_override.png")

        # answer a request: the queue, the thread, resolve with new points
        drv.get(served.url + "/ta/requests")
        wait_for("queue-requests")
        assert "1 open" in drv.find_element(By.TAG_NAME, "h1").text
        shot("ta_requests.png")
        drv.find_element(By.CSS_SELECTOR, f'tr[data-request="{req["id"]}"] a').click()  # type: ignore[index]
        wait_for("answer-form")
        drv.find_element(By.ID, "answer-message").send_keys("Agreed, the edge bins are right: 8 points.")
        drv.find_element(By.ID, "answer-points").send_keys("8")
        drv.find_element(By.ID, "answer-resolve").click()
        WebDriverWait(drv, 60).until(lambda d: not d.find_elements(By.ID, "answer-form"))
        assert drv.find_element(By.ID, "request-status").get_attribute("data-status") == "resolved"
        assert "Agreed, the edge bins" in drv.find_element(By.ID, "thread").text
        shot("ta_request_answered.png")
        drv.get(served.url + "/ta/audit")
        wait_for("audit")
        assert drv.find_elements(By.CSS_SELECTOR, '#audit tr[data-action="override"]')
        shot("ta_audit.png")
    finally:
        drv.quit()
    log = expect_new(served, ("bob", "override", "r04"), ("bob", "override", "r04"))
    assert [e["new"]["target"] for e in log] == ["safe_distance", "histogram"]
    row = grades_row(served, "r04")
    assert row["safe_distance"] == "6.50" and row["histogram"] == "8.00" and row["total"] == "14.50"


def test_the_whole_log_is_exactly_the_ledger(served: Served) -> None:
    """Every grade or deadline change of this module, and nothing else, one entry each."""
    log = entries(served)
    assert [(e["actor"], e["action"], e["student_id"]) for e in log] == LEDGER
    assert [e["id"] for e in log] == sorted({e["id"] for e in log})
    counts = {a: sum(1 for _, action, _ in LEDGER if action == a) for a in ("upload", "grading", "regrade")}
    assert counts == {"upload": 3, "grading": 4, "regrade": 1}


# ---------------------------------------------------------------------------------------------
# PostgreSQL: the same log, a policy change at a restart, the triggers


def test_postgresql_audit_log_and_its_triggers(postgres, tmp_path: Path) -> None:  # noqa: F811
    url = postgres.new_database()
    roster = write_roster(tmp_path / "roster.csv", ("p01", "p02"))
    tas = tmp_path / "tas.csv"
    tas.write_text("name\ncarol\n", encoding="utf-8")
    deadline = datetime.now(UTC).replace(microsecond=0) + timedelta(days=1)
    args = ["--roster", str(roster), "--tas", str(tas), "--workers", "0", "--db", url]
    s = serve(tmp_path / "data", *args, "--deadline", deadline.isoformat())
    try:
        carol = ta_token(s, "carol")
        assert upload(s, "p01", [("a.ipynb", MALFORMED)])[0] == 202
        ext = {"due_at": "2030-01-01T00:00:00Z", "late_until": None}
        assert api(s, "PUT", f"/api/assignments/{A}/extensions/p02", carol, ext)[0] == 200
        # p02 has no attempt: a total override still counts (e.g. a paper submission)
        status, doc = api(
            s, "PUT", f"/api/overrides/{A}/p02/total", carol, {"points": 40, "comment": "paper copy"}
        )
        assert status == 200 and doc["total"] == 40.0  # type: ignore[index]
        assert grades_row(s, "p02")["total"] == "40.00" and grades_row(s, "p02")["status"] == "not_submitted"
    finally:
        s.stop()
    later = deadline + timedelta(days=2)
    s = serve(tmp_path / "data", *args, "--deadline", later.isoformat())  # the operator moved the deadline
    try:
        log = entries(s)
        assert [(e["actor"], e["action"], e["student_id"]) for e in log] == [
            ("student:p01", "upload", "p01"),
            ("carol", "extension", "p02"),
            ("carol", "override", "p02"),
            ("system", "policy", None),
        ]
        assert log[3]["old"] == {"due_at": deadline.timestamp()} and log[3]["new"] == {
            "due_at": later.timestamp()
        }
        assert entries(s, s.tokens["p01"]) == log[:1]
    finally:
        s.stop()
    engine = sa.create_engine("postgresql+psycopg://" + url.removeprefix("postgresql://"))
    try:
        for statement in ("UPDATE audit_log SET actor = 'x'", "DELETE FROM audit_log", "TRUNCATE audit_log"):
            with pytest.raises(sa.exc.DBAPIError, match="append-only"), engine.begin() as conn:
                conn.execute(sa.text(statement))
        with engine.connect() as conn:
            assert conn.execute(sa.text("SELECT count(*) FROM audit_log")).scalar_one() == 4
    finally:
        engine.dispose()


if __name__ == "__main__":
    sys.exit(pytest.main([__file__, "-q"]))
