"""A term of several assignments through the real `jaxgrade serve --course` process.

One server (SQLite, one worker) serves a course file that splits the release into two assignments:
hw2 (chapter 2, due an hour ago, late until tomorrow, late schedule 1s -> 0.9) and hw5 (chapter 5,
grades shown only after a TA releases them). It grades two small uploads: a chapter-2 notebook to
hw2 (late: it gets the 0.9 factor) and a malformed notebook to hw5 (graded fast, hidden).

- uploads name their assignment (or, unnamed, the chapters intake finds in them choose the open
  one); unnamed ones that fit no single open assignment, ones of another assignment's chapter, and
  ones to an unknown assignment are refused with a Chinese message;
- an extension granted after the late attempt lifts its penalty in the API, grades.csv, Canvas
  and the student's page;
- hw5's grades show nowhere (API, pages, feedback endpoint) until a TA releases them;
- `jaxgrade submit --assignment` and the notebook's `jaxcourse.submit()` (JAXGRADE_ASSIGNMENT, else
  manifest.json's service.assignment) name the assignment, the cell sending only its chapter's
  notebook (`GET /api/me/assignments`); an unknown one, or none of two, is refused in Chinese;
- the TA grants an extension with the form of the student's page in Chromium (its screenshot,
  docs/screenshots/ta_extension.png, goes where JAXGRADE_SCREENSHOTS says);
- a student reads their term in Chromium: the assignments with deadlines and their extension, then
  one assignment's raw score, late penalty, a TA's override with its comment, the final score and a
  regrade-request thread (docs/screenshots/student_term.png);
- the same term on PostgreSQL (no grading): per-assignment counted attempts, extensions, release.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from helpers.browserish import Browserish
from helpers.chromium import MISSING, available, headless_chromium, page_wait, screenshot_folder
from helpers.databases import postgres  # noqa: F401 (the session's PostgreSQL server fixture)
from helpers.paths import RELEASE
from helpers.pg import PostgresServer
from helpers.served import (
    MALFORMED,
    Served,
    call,
    example_files,
    require_grading_tools,
    serve,
    wait_final,
    write_roster,
)

CH02 = ("ch02_performance.ipynb", (RELEASE / "ch02_performance.ipynb").read_bytes())
CH05 = ("ch05_interop.ipynb", (RELEASE / "ch05_interop.ipynb").read_bytes())
# The README's picture: written to docs/screenshots/ only when JAXGRADE_SCREENSHOTS names that folder
# (a test run leaves the checkout unchanged).
SCREENSHOT_NAME = "ta_extension.png"
CHROMIUM, CHROMEDRIVER = Path("/usr/bin/chromium"), Path("/usr/bin/chromedriver")


def at(t: datetime) -> str:
    return t.isoformat(timespec="seconds")


def write_course(path: Path, now: datetime) -> Path:
    path.write_text(
        f"""
[[assignment]]
id = "hw2"
title = "第 2 章:性能"
release = "{RELEASE}"
chapters = ["ch02"]
due_at = {at(now - timedelta(hours=1))}
late_until = {at(now + timedelta(days=1))}
late_policy = [{{after = "0h", factor = 1.0}}, {{after = "1s", factor = 0.9}}, {{after = "72h", factor = 0}}]

[[assignment]]
id = "hw5"
title = "第 5 章:扩展"
release = "{RELEASE}"
chapters = ["ch05"]
due_at = {at(now + timedelta(days=7))}
visibility = "on_release"
""",
        encoding="utf-8",
    )
    return path


def upload_to(served: Served, sid: str, assignment: str | None, files: list) -> tuple[int, dict]:
    path = "/api/submissions" + (f"?assignment={assignment}" if assignment else "")
    status, _, body = call(served, "POST", path, token=served.tokens[sid], files=files)
    return status, json.loads(body)


def attempt_doc(served: Served, sid: str, attempt_id: int) -> dict:
    status, _, body = call(served, "GET", f"/api/submissions/{attempt_id}", token=served.tokens[sid])
    assert status == 200, body
    return json.loads(body)


def newest_attempt(served: Served, sid: str) -> dict:
    """The student's newest attempt as `GET /api/me/submissions` lists it (newest first)."""
    status, _, body = call(served, "GET", "/api/me/submissions", token=served.tokens[sid])
    assert status == 200, body
    return json.loads(body)[0]


def ta_json(served: Served, method: str, path: str, body: object | None = None) -> tuple[int, dict]:
    data = None if body is None else json.dumps(body).encode()
    status, _, raw = call(
        served, method, path, token=served.ta, body=data, headers={"Content-Type": "application/json"}
    )
    return status, json.loads(raw)


def csv_rows(served: Served, path: str) -> dict[str, dict[str, str]]:
    status, _, body = call(served, "GET", path, token=served.ta)
    assert status == 200, body
    return {r[next(iter(r))]: r for r in csv.DictReader(io.StringIO(body.decode("utf-8")))}


def start_term(root: Path, *args: str) -> Served:
    now = datetime.now(UTC).replace(microsecond=0)
    course = write_course(root / "course.toml", now)
    roster = write_roster(root / "roster.csv", ("e01", "e02", "e03"))
    return serve(root / "data", "--course", str(course), "--roster", str(roster), *args)


@pytest.fixture(scope="module")
def term(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict]:
    require_grading_tools()
    served = start_term(tmp_path_factory.mktemp("term-sqlite"), "--workers", "1")
    status, late = upload_to(served, "e01", "hw2", example_files("s005_only_ch02"))
    assert status == 202, late
    status, hidden = upload_to(served, "e02", "hw5", [("s004_malformed.ipynb", MALFORMED)])
    assert status == 202, hidden
    yield {"served": served, "late": late["id"], "hidden": hidden["id"]}
    served.stop()


def test_uploads_name_their_assignment_and_are_refused_for_another_ones_chapters(term: dict) -> None:
    served = term["served"]
    status, listed = ta_json(served, "GET", "/api/assignments")
    assert status == 200 and [a["id"] for a in listed] == ["hw2", "hw5"]  # type: ignore[index]
    status, doc = upload_to(served, "e03", None, [CH02, CH05])
    assert status == 400 and "选择" in doc["message_zh"], doc  # two open, both chapters: which one?
    status, doc = upload_to(served, "e03", None, [CH02])  # intake finds chapter 2: hw2
    assert status == 202 and doc["id"], doc
    chosen = attempt_doc(served, "e03", doc["id"])
    assert chosen["assignment"] == "hw2" and chosen["late"] is True
    status, doc = upload_to(served, "e03", "hw2", [CH05])
    assert status == 422 and "第 5 章" in doc["message_zh"] and "不属于" in doc["message_zh"], doc
    status, doc = upload_to(served, "e03", "zz", [CH02])
    assert status == 404 and doc["message_zh"] == "没有这个作业。"
    assert attempt_doc(served, "e01", term["late"])["assignment"] == "hw2"
    page = Browserish(served.url)
    assert page.log_in(served.tokens["e03"]).status == 303
    home = page.get("/").text
    assert "第 2 章:性能" in home and "第 5 章:扩展" in home and 'href="/assignments/hw5"' in home


def jaxgrade_submit(served: Served, sid: str, cwd: Path, *args: str) -> subprocess.CompletedProcess:  # type: ignore[type-arg]
    return subprocess.run(
        [sys.executable, "-m", "autograder.cli", "submit", "--server", served.url, "--no-wait", *args],
        cwd=cwd,
        env={**os.environ, "JAXGRADE_TOKEN": served.tokens[sid]},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_jaxgrade_submit_names_its_assignment(term: dict, tmp_path: Path) -> None:
    """A notebook intake cannot read belongs to no chapter: only its name chooses its assignment."""
    served = term["served"]
    nb = tmp_path / "s004_malformed.ipynb"
    nb.write_bytes(MALFORMED)
    unnamed = jaxgrade_submit(served, "e03", tmp_path, str(nb))
    assert unnamed.returncode == 2 and "请选择" in unnamed.stderr and "--assignment" in unnamed.stderr
    named = jaxgrade_submit(served, "e03", tmp_path, "--assignment", "hw5", str(nb))
    assert named.returncode == 0, named.stderr
    printed = int(re.search(r"已提交:#(\d+)", named.stderr).group(1))  # type: ignore[union-attr]
    newest = newest_attempt(served, "e03")  # the number printed is its number within hw5, not its id
    assert newest["assignment"] == "hw5" and newest["number"] == printed
    unknown = jaxgrade_submit(served, "e03", tmp_path, "--assignment", "zz", str(nb))
    assert unknown.returncode == 2 and "提交被拒绝(404):没有这个作业。" in unknown.stderr, unknown.stderr


def test_the_notebook_cell_sends_its_assignments_chapters(
    term: dict, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`jaxcourse.submit()` in this process (its plain-text output) from a copy of the release that
    the course splits into hw2 and hw5: named, it sends only that assignment's chapter."""
    from jaxcourse import notebook_submit

    served = term["served"]
    work = tmp_path / "2026-fall"
    shutil.copytree(RELEASE, work, ignore=shutil.ignore_patterns("__pycache__"))
    manifest = json.loads((work / "manifest.json").read_text(encoding="utf-8"))

    def cell(service: dict) -> str:
        (work / "manifest.json").write_text(json.dumps({**manifest, "service": service}), encoding="utf-8")
        notebook_submit.submit(timeout=0, save_timeout=0)  # upload, then stop waiting at once
        out = capsys.readouterr().out
        assert "Traceback" not in out, out
        return out

    monkeypatch.chdir(work)
    # the plain-Python path (text on stdout), even when an earlier test left an IPython shell alive
    monkeypatch.setattr("IPython.get_ipython", lambda: None)
    monkeypatch.setenv("JAXGRADE_TOKEN", served.tokens["e03"])
    for var in ("JAXGRADE_SERVER", "JAXGRADE_ASSIGNMENT"):
        monkeypatch.delenv(var, raising=False)
    both_open = cell({"url": served.url})  # both chapters, two open assignments: which one?
    assert "请选择" in both_open and "JAXGRADE_ASSIGNMENT" in both_open, both_open
    assert "hw2(第 2 章:性能)、hw5(第 5 章:扩展)" in both_open
    named = cell({"url": served.url, "assignment": "hw2"})
    assert "正在上传:ch02_performance.ipynb(作业 hw2)" in named, named
    printed = int(re.search(r"提交 #(\d+)", named).group(1))  # type: ignore[union-attr]
    newest = newest_attempt(served, "e03")  # the number printed is its number within hw2, not its id
    assert newest["assignment"] == "hw2" and newest["number"] == printed
    monkeypatch.setenv("JAXGRADE_ASSIGNMENT", "zz")  # the variable wins over manifest.json
    unknown = cell({"url": served.url, "assignment": "hw2"})
    assert "提交被拒绝:没有这个作业。" in unknown and "JAXGRADE_ASSIGNMENT" in unknown, unknown
    status, _, body = call(served, "GET", "/api/me/assignments", token=served.tokens["e03"])
    assert status == 200 and [(a["id"], a["chapters"], a["open"]) for a in json.loads(body)] == [
        ("hw2", ["ch02"], True),
        ("hw5", ["ch05"], True),
    ]


def test_extension_after_a_late_attempt_lifts_its_penalty(term: dict) -> None:
    served = term["served"]
    graded = wait_final(served, "e01", term["late"])
    raw = graded["score"]
    assert graded["status"] == "graded" and raw and graded["max_score"] == 40.0, graded  # hw2's points only
    status, before = ta_json(served, "GET", "/api/assignments/hw2/students/e01")
    counted = before["counted"]
    assert status == 200 and counted["attempt_id"] == term["late"] and counted["factor"] == 0.9
    assert counted["late_penalty"] == pytest.approx(0.1 * raw) and counted["raw_total"] == raw
    assert counted["final_total"] == pytest.approx(0.9 * raw)
    row = csv_rows(served, "/api/assignments/hw2/grades.csv")["e01"]
    assert (row["raw_total"], row["late_penalty"], row["override"]) == (f"{raw:.2f}", f"{0.1 * raw:.2f}", "")
    assert row["final_total"] == f"{0.9 * raw:.2f}" == row["total"]  # `total` is the final total
    assert row["late_factor"] == "0.9" and row["quiz_total"] == ""  # the quiz is off
    page = Browserish(served.url)
    assert page.log_in(served.tokens["e01"]).status == 303
    assert f"迟交扣分 {0.1 * raw:.2f}" in page.get("/assignments/hw2").text
    new_due = datetime.now(UTC) + timedelta(days=2)
    status, after = ta_json(served, "PUT", "/api/assignments/hw2/extensions/e01", {"due_at": at(new_due)})
    assert status == 200 and after["counted"]["factor"] == 1.0 and after["counted"]["late_penalty"] == 0.0
    row = csv_rows(served, "/api/assignments/hw2/grades.csv")["e01"]
    assert (row["late_penalty"], row["final_total"]) == ("0.00", f"{raw:.2f}")
    canvas = call(served, "GET", "/api/assignments/hw2/canvas.csv", token=served.ta)[2].decode()
    assert f"e01,,,{raw:.2f}" in canvas.replace('"', "")
    assert f"迟交扣分 0.00,最终得分 {raw:.2f}" in page.get("/assignments/hw2").text
    summary = csv_rows(served, "/api/assignments/summary.csv")
    assert summary["e01"]["hw2"] == f"{raw:.2f}" and summary["e01"]["hw5"] == "0.00"  # not submitted


def test_hidden_grades_show_nowhere_until_a_ta_releases_them(term: dict) -> None:
    served, aid, token = term["served"], term["hidden"], term["served"].tokens["e02"]
    doc = wait_final(served, "e02", aid)
    assert doc["score"] is None and doc["max_score"] is None and doc["exercises"] == {}
    assert doc["grade_status"] is None and doc["grades_hidden"] == "已评分。成绩将在助教公布后显示。"
    listed = json.loads(call(served, "GET", "/api/me/submissions", token=token)[2])
    assert [(a["score"], a["exercises"]) for a in listed] == [(None, {})]
    assert call(served, "GET", f"/api/submissions/{aid}/feedback", token=token)[0] == 404
    page = Browserish(served.url)
    assert page.log_in(token).status == 303
    assert "成绩将在助教公布后显示" in page.get("/").text
    attempt = page.get(f"/attempts/{aid}").text
    assert 'id="grades-hidden"' in attempt and 'id="attempt-score"' not in attempt
    assert "评分反馈" not in attempt and "exercise-scores" not in attempt
    assert page.get(f"/attempts/{aid}/feedback").status == 404
    assert call(served, "POST", "/api/assignments/hw5/release-grades", token=token)[0] == 401
    # A TA's override of the second assignment is a grade too: kept from the student until release.
    status, set_ = ta_json(
        served, "PUT", "/api/overrides/hw5/e02/silu_ffi", {"points": 5, "comment": "手工复核:内核正确"}
    )
    assert status == 200 and set_["total"] == 5.0 and set_["assignment_id"] == "hw5", set_
    row = csv_rows(served, "/api/assignments/hw5/grades.csv")["e02"]  # an exercise override: in raw_total
    assert (row["raw_total"], row["override"], row["final_total"]) == ("5.00", "", "5.00"), row
    mine = json.loads(call(served, "GET", "/api/overrides?assignment_id=hw5", token=token)[2])
    assert mine[0]["overrides"] == [] and mine[0]["total"] is None, mine
    assert "手工复核" not in page.get("/assignments/hw5").text
    for e in json.loads(call(served, "GET", "/api/audit", token=token)[2]):  # the log keeps the values too
        assert e["action"] not in ("grading", "override") or (e["old"], e["new"]) == (None, None), e
    status, _, body = call(
        served, "POST", "/api/regrade-requests", token=token,
        body=json.dumps({"assignment_id": "hw5", "exercise": "silu_ffi", "message": "请复核"}).encode(),
        headers={"Content-Type": "application/json"},
    )  # fmt: skip
    assert status == 409, body  # nothing graded to ask about while the grade is hidden
    ta_page = Browserish(served.url)
    assert ta_page.log_in(served.ta).status == 303
    review = ta_page.get("/ta/students/e02?assignment=hw5").text
    assert "手工复核" in review and "?assignment=hw5" in review
    status, released = ta_json(served, "POST", "/api/assignments/hw5/release-grades")
    assert status == 200 and released["newly_released"] is True and released["grades_released_at"]
    assert ta_json(served, "POST", "/api/assignments/hw5/release-grades")[1]["newly_released"] is False
    shown = json.loads(call(served, "GET", f"/api/submissions/{aid}", token=token)[2])
    assert shown["score"] == 0.0 and shown["grade_status"] and "grades_hidden" not in shown
    assert call(served, "GET", f"/api/submissions/{aid}/feedback", token=token)[0] == 200
    assert 'id="attempt-score"' in page.get(f"/attempts/{aid}").text
    assert "手工复核:内核正确" in page.get("/assignments/hw5").text  # the comment, now the grade shows
    published = json.loads(call(served, "GET", "/api/audit", token=served.ta)[2])
    assert [e["actor"] for e in published if e["action"] == "publish" and e["assignment_id"] == "hw5"] == [
        "ta"
    ]


@pytest.mark.slow
@pytest.mark.skipif(
    not (CHROMIUM.exists() and CHROMEDRIVER.exists()),
    reason=f"prerequisite missing: {CHROMIUM} and {CHROMEDRIVER} (run scripts/bootstrap.sh as root)",
)
def test_ta_grants_an_extension_in_the_browser(term: dict, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec

    served = term["served"]
    drv = headless_chromium("1100,900")
    wait = page_wait(drv, 60)
    try:
        drv.get(served.url + "/login")
        drv.find_element(By.ID, "token").send_keys(served.ta)
        drv.find_element(By.ID, "login").click()
        wait.until(ec.presence_of_element_located((By.ID, "assignments-link"))).click()
        wait.until(ec.presence_of_element_located((By.ID, "assignment-hw2"))).click()
        wait.until(ec.presence_of_element_located((By.LINK_TEXT, "e03"))).click()
        wait.until(ec.presence_of_element_located((By.ID, "extension-form")))
        drv.find_element(By.ID, "ext-due").send_keys("2031-01-10T23:59+00:00")
        drv.find_element(By.ID, "ext-late-until").send_keys("2031-01-12T23:59+00:00")
        drv.find_element(By.ID, "grant-extension").click()
        wait.until(ec.text_to_be_present_in_element((By.CSS_SELECTOR, ".notice"), "Extension granted"))
        assert "2031-01-10T23:59" in drv.find_element(By.ID, "student-due").text
        assert "2031-01-12T23:59" in drv.find_element(By.ID, "student-late-until").text
        folder = Path(os.environ.get("JAXGRADE_SCREENSHOTS") or tmp_path / "screenshots")
        folder.mkdir(parents=True, exist_ok=True)
        assert drv.save_screenshot(str(folder / SCREENSHOT_NAME))
    finally:
        drv.quit()
    status, doc = ta_json(served, "GET", "/api/assignments/hw2/students/e03")
    assert status == 200 and doc["extension"]["due_at"] == "2031-01-10T23:59:00Z"


def prepare_student_term(served: Served, attempt_id: int) -> tuple[dict, dict]:
    """e01's hw2 as a TA leaves it: an extension too short for the late attempt (still late: 0.9),
    an exercise override with a comment, and a regrade request the TA answered."""
    graded = wait_final(served, "e01", attempt_id)
    submitted = datetime.fromisoformat(graded["submitted_at"])
    ext = {"due_at": at(submitted - timedelta(minutes=30)), "late_until": at(submitted + timedelta(days=3))}
    assert ta_json(served, "PUT", "/api/assignments/hw2/extensions/e01", ext)[0] == 200
    override = {"points": 8, "comment": "手工复核:边界处理正确,给 8 分"}
    assert ta_json(served, "PUT", "/api/overrides/hw2/e01/histogram", override)[0] == 200
    ask = {"assignment_id": "hw2", "exercise": "fusion", "message": "fusion 的计数我认为是对的,请复核。"}
    status, _, raw = call(
        served, "POST", "/api/regrade-requests", token=served.tokens["e01"],
        body=json.dumps(ask).encode(), headers={"Content-Type": "application/json"},
    )  # fmt: skip
    assert status == 201, raw
    reply = {"message": "已看过:融合次数多了一次,维持原分。"}
    assert ta_json(served, "POST", f"/api/regrade-requests/{json.loads(raw)['id']}/messages", reply)[0] == 200
    status, doc = ta_json(served, "GET", "/api/assignments/hw2/students/e01")
    assert status == 200 and doc["counted"]["factor"] == 0.9, doc
    return graded, csv_rows(served, "/api/assignments/hw2/grades.csv")["e01"]


@pytest.mark.slow
@pytest.mark.skipif(not available(), reason=MISSING)
def test_a_student_reads_the_term_in_the_browser(term: dict, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec

    served = term["served"]
    graded, row = prepare_student_term(served, term["late"])  # row: the exports, as the page must say
    drv = headless_chromium("1100,1000")
    wait = page_wait(drv, 60)
    try:
        drv.get(served.url + "/login")
        drv.find_element(By.ID, "token").send_keys(served.tokens["e01"])
        drv.find_element(By.ID, "login").click()
        wait.until(ec.presence_of_element_located((By.ID, "assignments")))
        hw2 = drv.find_element(By.CSS_SELECTOR, 'tr[data-assignment="hw2"]').text
        hw5 = drv.find_element(By.CSS_SELECTOR, 'tr[data-assignment="hw5"]').text
        assert "已为你延期(原截止" in hw2 and "超过 1s 得分 ×0.9" in hw2 and "迟交扣分" in hw2, hw2
        assert "第 5 章:扩展" in hw5 and "已为你延期" not in hw5 and "可以提交" in hw5, hw5
        drv.find_element(By.LINK_TEXT, "第 2 章:性能").click()
        wait.until(ec.presence_of_element_located((By.ID, "assignment-title")))
        line = drv.find_element(By.ID, "score-line").text
        raw, penalty, final = row["raw_total"], row["late_penalty"], row["final_total"]
        overridden = graded["score"] - graded["exercises"]["histogram"] + 8
        assert float(raw) == pytest.approx(overridden) and float(penalty) > 0, row  # overridden, still late
        assert f"原始分 {raw},迟交扣分 {penalty},最终得分 {final} / 40.00" in line, line
        ex = drv.find_element(By.CSS_SELECTOR, '#counted-scores tr[data-exercise="histogram"]')
        assert ex.find_element(By.CSS_SELECTOR, ".override").text == "8", ex.text
        assert "手工复核:边界处理正确,给 8 分(助教调整)" in ex.text, ex.text
        thread = drv.find_element(By.CSS_SELECTOR, "#requests .request").text
        assert "fusion 的计数我认为是对的" in thread and "维持原分" in thread, thread
        height = drv.execute_script("return document.documentElement.scrollHeight")
        drv.set_window_size(1100, min(max(int(height) + 40, 600), 3000))
        shot = screenshot_folder(tmp_path) / "student_term.png"
        assert drv.save_screenshot(str(shot)) and shot.stat().st_size > 10_000
    finally:
        drv.quit()


def test_a_term_on_postgresql(postgres: PostgresServer, tmp_path: Path) -> None:  # noqa: F811
    served = start_term(tmp_path, "--workers", "0", "--db", postgres.new_database())
    try:
        two = upload_to(served, "e01", "hw2", [CH02])
        five = upload_to(served, "e01", "hw5", [CH05])
        assert two[0] == five[0] == 202, (two, five)
        late = {
            n: attempt_doc(served, "e01", doc["id"])["late"] for n, (_, doc) in (("hw2", two), ("hw5", five))
        }
        assert late == {"hw2": True, "hw5": False}
        for aid, attempt in (("hw2", two[1]["id"]), ("hw5", five[1]["id"])):
            status, doc = ta_json(served, "GET", f"/api/assignments/{aid}/students/e01")
            assert status == 200 and doc["counted"]["attempt_id"] == attempt, doc
        assert ta_json(served, "GET", "/api/assignments/hw2/students/e01")[1]["counted"]["factor"] == 0.9
        due = at(datetime.now(UTC) + timedelta(days=1))
        status, doc = ta_json(served, "PUT", "/api/assignments/hw2/extensions/e01", {"due_at": due})
        assert status == 200 and doc["counted"]["factor"] == 1.0 and doc["counted"]["late"] is False
        assert ta_json(served, "GET", "/api/assignments/hw5/students/e01")[1]["extension"] is None
        assert ta_json(served, "POST", "/api/assignments/hw5/release-grades")[0] == 200
        assert ta_json(served, "GET", "/api/assignments/hw5/students/e01")[1]["grades_visible"] is True
        grades = csv_rows(served, "/api/assignments/hw2/grades.csv")
        assert grades["e01"]["status"] == "queued" and grades["e02"]["status"] == "not_submitted"
    finally:
        served.stop()
