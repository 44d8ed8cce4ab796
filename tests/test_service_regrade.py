"""Regrading an assignment after a fix, through real `jaxgrade serve` processes, and item analysis.

The broken check: a release (`2026-fall-pre`) whose master gives `histogram` 1 point instead of 10,
built by the real `jaxgrade release` command from a copy of `solutions/` with that one `points:` line
changed; the fixed release is the committed `assignments/2026-fall`, which tests/test_release.py
checks is byte for byte what the same command makes from the unchanged masters (copied next to the
broken one, so the TA page offers both, instead of a second build of half a minute). Points are the
release-carried input the grader honours for a check (every sub-check's points are scaled to the
release's, `judge.py`), so a wrong value there is exactly the kind of mistake a second release
fixes, and grading under the fixed release changes the scores of everyone who passed the check, and
every maximum. (The hidden checks themselves are code of the grader, not of a release: a release
cannot carry another version of them.) The broken release is built once per module.

Flow (SQLite, one real grading worker): students are graded under the broken release; the service is
restarted on the fixed release with `--regrade-assignment a1` (the instructor's command line); the
regrade runs in the background; the diff shows who changes, by how much, on which exercise, with both
feedback pages; students see their old results until a TA publishes (in Chromium, with screenshots
of the diff page and of the item analysis page: into docs/screenshots/ when JAXGRADE_SCREENSHOTS
names it); publishing swaps the results once, is recorded with who did it, and leaves other tables'
rows alone.

PostgreSQL (malformed uploads only, so nothing but intake runs): the run made while no worker grades,
a live upload queued after it, then one worker: the live upload is graded before every candidate;
publishing before the run finished is refused.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa

from autograder.service.domain.gradebook import item_stats
from autograder.service.web.item_charts import SignedRow, signed_bars

from helpers.browserish import Browserish
from helpers.chromium import headless_chromium, page_wait
from helpers.databases import (
    db_args,
    postgres,  # noqa: F401 (the session's PostgreSQL server fixture)
)
from helpers.paths import EXAMPLES, REPO
from helpers.served import (
    MALFORMED,
    Served,
    call,
    require_grading_tools,
    serve,
    upload,
    wait_final,
    write_roster,
)

BROKEN, FIXED = "2026-fall-pre", "2026-fall"
CORRECT, MALFORMED_SID = "s005_only_ch02", "s004_malformed"  # ids whose example answers fit them
WRONG_POINTS = 1  # what the broken master gives `histogram` (the fixed one: 10)
RUN_WAIT_S = 1800  # a bound on a hung service, not a timing assertion
# docs/screenshots/ holds the pictures; a run writes there only when JAXGRADE_SCREENSHOTS names that
# folder (as for the other browser tests), so a test run leaves the checkout as it was.
SCREENSHOT_NAMES = ("regrade_diff.png", "item_analysis.png")
CHROMIUM, CHROMEDRIVER = Path("/usr/bin/chromium"), Path("/usr/bin/chromedriver")
FOREIGN_TABLE = (
    "other_part_rows"  # stands for tables of other parts (overrides, audit): publishing keeps them
)


# ---------------------------------------------------------------------------------------------
# Releases and helpers


def _masters_with_points(dest: Path, exercise: str, points: int) -> Path:
    shutil.copytree(REPO / "solutions", dest)
    changed = 0
    for path in dest.glob("*.ipynb"):
        nb = json.loads(path.read_text(encoding="utf-8"))
        for cell in nb["cells"]:
            src = "".join(cell["source"])
            if (
                cell["cell_type"] == "raw"
                and src.startswith("# BEGIN QUESTION")
                and f"name: {exercise}\n" in src
            ):
                cell["source"] = src.replace("points: 10", f"points: {points}")
                changed += 1
        path.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    assert changed == 1, f"the master question of {exercise} was not found"
    return dest


def _release(version: str, solutions: Path, out: Path) -> Path:
    cmd = [sys.executable, "-m", "autograder.cli", "release", "--version", version]
    proc = subprocess.run(
        [*cmd, "--solutions", str(solutions), "--out", str(out)], cwd=REPO, capture_output=True, text=True
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    return out / version


@pytest.fixture(scope="module")
def releases(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("releases")
    out = root / "assignments"
    broken = _release(BROKEN, _masters_with_points(root / "broken", "histogram", WRONG_POINTS), out)
    fixed = shutil.copytree(REPO / "assignments" / FIXED, out / FIXED)
    assert json.loads((broken / "manifest.json").read_text())["exercises"][0] == {
        "chapter": "ch02",
        "id": "histogram",
        "points": WRONG_POINTS,
    }
    return {BROKEN: broken, FIXED: fixed}


def ta_json(served: Served, method: str, path: str, body: object | None = None) -> tuple[int, dict]:
    data = None if body is None else json.dumps(body).encode()
    status, _, raw = call(
        served, method, path, token=served.ta, body=data, headers={"Content-Type": "application/json"}
    )
    return status, json.loads(raw)


def wait_run(served: Served, run_id: int) -> dict:
    end = time.monotonic() + RUN_WAIT_S
    while time.monotonic() < end:
        status, doc = ta_json(served, "GET", f"/api/regrade-runs/{run_id}")
        assert status == 200, doc
        if doc["run"]["finished"]:
            return doc
        time.sleep(1.0)
    raise AssertionError(f"regrade run {run_id} not finished: {served.log.read_text()[-3000:]}")


def the_run(served: Served) -> dict:
    status, doc = ta_json(served, "GET", "/api/regrade-runs")
    assert status == 200 and len(doc["runs"]) == 1, doc
    return doc["runs"][0]


def student_view(served: Served, sid: str, attempt_id: int) -> tuple[dict, str]:
    token = served.tokens[sid]
    status, _, body = call(served, "GET", f"/api/submissions/{attempt_id}", token=token)
    assert status == 200
    _, _, feedback = call(served, "GET", f"/api/submissions/{attempt_id}/feedback", token=token)
    return json.loads(body), feedback.decode("utf-8", "replace")


def exercise_cells(student: Browserish, attempt_id: int, exercise: str) -> tuple[str, str]:
    """(score, maximum) of one exercise on the student's attempt page."""
    page = student.get(f"/attempts/{attempt_id}")
    assert page.status == 200
    m = re.search(
        rf'<code>{exercise}</code></td><td class="num">([^<]*)</td><td class="num">([^<]*)</td>', page.text
    )
    assert m, page.text[-2000:]
    return m.group(1), m.group(2)


# ---------------------------------------------------------------------------------------------
# SQLite: the broken-then-fixed check, graded for real


@pytest.fixture(scope="module")
def term(releases: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict]:
    require_grading_tools()
    root = tmp_path_factory.mktemp("regrade")
    roster = write_roster(root / "roster.csv", (CORRECT, MALFORMED_SID))
    common = ["--roster", str(roster), "--workers", "1"]
    served = serve(root / "data", *common, "--release", str(releases[BROKEN]))
    ids = {CORRECT: [], MALFORMED_SID: []}
    try:
        for sid, files in (
            (CORRECT, [(f"{CORRECT}.ipynb", (EXAMPLES / f"{CORRECT}.ipynb").read_bytes())]),
            (MALFORMED_SID, [("first.ipynb", MALFORMED)]),
            (MALFORMED_SID, [("second.ipynb", MALFORMED)]),
        ):
            status, doc = upload(served, sid, files)
            assert status == 202, doc
            ids[sid].append(doc["id"])
        before = {sid: [wait_final(served, sid, i) for i in attempts] for sid, attempts in ids.items()}
    finally:
        served.stop()
    assert before[CORRECT][0]["status"] == "graded" and before[CORRECT][0]["max_score"] == 71
    assert before[CORRECT][0]["exercises"]["histogram"] == WRONG_POINTS  # the broken release's points
    with sqlite3.connect(root / "data" / "service.sqlite") as conn:
        conn.execute(f"CREATE TABLE {FOREIGN_TABLE} (student_id TEXT, note TEXT)")
        conn.execute(f"INSERT INTO {FOREIGN_TABLE} VALUES (?, 'kept')", (CORRECT,))
    # The instructor's command line: the fixed release, and a regrade of assignment a1 under it.
    served = serve(root / "data", *common, "--release", str(releases[FIXED]), "--regrade-assignment", "a1")
    run = wait_run(served, the_run(served)["id"])
    yield {"served": served, "ids": ids, "before": before, "run": run, "root": root}
    served.stop()


def _row(run: dict, attempt_id: int) -> dict:
    return next(r for r in run["diff"] if r["attempt_id"] == attempt_id)


def test_the_diff_shows_who_changes_by_how_much_and_on_which_exercise(term: dict) -> None:
    run, ids, before = term["run"], term["ids"], term["before"]
    summary = run["run"]
    assert summary["release_version"] == FIXED and summary["scope"] == "counted"
    assert summary["created_by"] == "cli" and summary["counts"] == {"graded": 2}
    # Only the counted attempts: the malformed student's second upload, not the first.
    assert sorted(r["attempt_id"] for r in run["diff"]) == sorted([ids[CORRECT][0], ids[MALFORMED_SID][1]])
    correct = _row(run, ids[CORRECT][0])
    old_score = before[CORRECT][0]["score"]
    assert correct["changed"] and correct["counted"] and correct["status"] == "graded"
    assert correct["old"] == {
        "score": old_score,
        "max_score": 71,
        "grade_status": "partial:not_submitted:ch05",
    }
    assert correct["new"]["max_score"] == 80 and correct["delta"] == pytest.approx(10 - WRONG_POINTS)
    assert correct["exercises"] == {"histogram": {"old": WRONG_POINTS, "new": 10}}
    assert correct["flipped"] == []  # the same checks pass: only their points were wrong
    malformed = _row(run, ids[MALFORMED_SID][1])
    assert malformed["changed"] and malformed["delta"] == 0 and malformed["exercises"] == {}
    assert (malformed["old"]["max_score"], malformed["new"]["max_score"]) == (71, 80)
    assert run["diff"][0]["attempt_id"] == correct["attempt_id"]  # a score change first


def test_students_see_their_old_results_until_it_is_published(term: dict) -> None:
    served, ids, before = term["served"], term["ids"], term["before"]
    if the_run(served)["status"] != "open":
        pytest.fail("the run was published before this test: the module's tests run in file order")
    doc, feedback = student_view(served, CORRECT, ids[CORRECT][0])
    assert doc["score"] == before[CORRECT][0]["score"] and doc["max_score"] == 71
    assert "/ 71.00" in feedback and "/ 80.00" not in feedback
    for sid, attempts in ids.items():  # the regrade added no attempt (nor used the attempt limit)
        mine = json.loads(call(served, "GET", "/api/me/submissions", token=served.tokens[sid])[2])
        assert sorted(a["id"] for a in mine) == sorted(attempts)
    grades = call(served, "GET", "/api/grades.csv", token=served.ta)[2].decode()
    assert f",{before[CORRECT][0]['score']:.2f},71.00," in grades
    # The TA reads both feedback pages, each sandboxed.
    ta = Browserish(served.url)
    ta.log_in(served.ta)
    base = f"/ta/regrade-runs/{term['run']['run']['id']}/feedback/{ids[CORRECT][0]}"
    old, new = ta.get(f"{base}/old"), ta.get(f"{base}/new")
    assert old.status == new.status == 200
    assert (
        "sandbox" in old.headers["Content-Security-Policy"]
        and "sandbox" in new.headers["Content-Security-Policy"]
    )
    assert "/ 71.00" in old.text and "/ 80.00" in new.text
    assert ta.get(f"{base}/other").status == 404
    student = Browserish(served.url)
    student.log_in(served.tokens[CORRECT])
    assert student.get(f"{base}/new").status == 404  # a student gets no TA page
    # The attempt page shows the points the result was given out of, not the new release's.
    assert exercise_cells(student, ids[CORRECT][0], "histogram") == (f"{WRONG_POINTS}", f"{WRONG_POINTS}")


@pytest.mark.skipif(
    not (CHROMIUM.exists() and CHROMEDRIVER.exists()),
    reason="prerequisite missing: /usr/bin/chromium and /usr/bin/chromedriver",
)
def test_a_ta_reviews_and_publishes_the_diff_in_chromium(term: dict, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec

    served = term["served"]
    drv = headless_chromium("1100,1000")
    wait = page_wait(drv, 60)
    folder = Path(os.environ.get("JAXGRADE_SCREENSHOTS") or tmp_path / "screenshots")
    folder.mkdir(parents=True, exist_ok=True)

    def shot(name: str) -> None:
        assert name in SCREENSHOT_NAMES
        height = drv.execute_script("return document.documentElement.scrollHeight")
        drv.set_window_size(1100, min(max(int(height) + 40, 600), 4000))
        assert drv.save_screenshot(str(folder / name))
        assert (folder / name).stat().st_size > 10_000
        drv.set_window_size(1100, 1000)

    try:
        drv.get(served.url + "/login")
        drv.find_element(By.ID, "token").send_keys(served.ta)
        drv.find_element(By.ID, "login").click()
        wait.until(ec.presence_of_element_located((By.ID, "regrade-runs-link"))).click()
        wait.until(ec.presence_of_element_located((By.CSS_SELECTOR, "a.run-link"))).click()
        wait.until(ec.presence_of_element_located((By.ID, "diff-table")))
        rows = drv.find_elements(By.CSS_SELECTOR, "tr.diff-row")
        assert [r.get_attribute("data-student") for r in rows] == [CORRECT, MALFORMED_SID]
        assert "histogram" in rows[0].text and f"{WRONG_POINTS} → 10" in rows[0].text
        frames = drv.find_elements(By.CSS_SELECTOR, "details[open] iframe.feedback")
        assert len(frames) == 2 and all(f.get_attribute("sandbox") == "" for f in frames)
        drv.switch_to.frame(frames[1])  # the new feedback, rendered in its sandbox
        wait.until(ec.presence_of_element_located((By.TAG_NAME, "h1")))
        assert "/ 80.00" in drv.find_element(By.TAG_NAME, "body").text
        drv.switch_to.default_content()
        shot("regrade_diff.png")
        drv.find_element(By.ID, "publish-button").click()
        # the page before the POST has a #run-status too ("open"): wait for the reloaded one
        published = (By.CSS_SELECTOR, '#run-status[data-status="published"]')
        status = wait.until(ec.presence_of_element_located(published))
        assert "by ta" in status.text
        assert drv.find_elements(By.ID, "publish-button") == []
        drv.get(served.url + "/ta")
        wait.until(ec.presence_of_element_located((By.ID, "items-link"))).click()
        wait.until(ec.presence_of_element_located((By.ID, "discrimination-chart")))
        assert drv.find_elements(By.CSS_SELECTOR, "#discrimination-chart svg rect.bar")
        shot("item_analysis.png")
    finally:
        drv.quit()


@pytest.fixture(scope="module")
def published(term: dict) -> dict:
    """The run published (by the Chromium test, or here through the API when it could not run)."""
    served = term["served"]
    run_id = term["run"]["run"]["id"]
    if the_run(served)["status"] == "open":
        status, doc = ta_json(served, "POST", f"/api/regrade-runs/{run_id}/publish")
        assert status == 200 and len(doc["replaced"]) == 2, doc
    return term


def test_publishing_swaps_the_results_once_and_keeps_other_tables(published: dict) -> None:
    served, ids, before = published["served"], published["ids"], published["before"]
    run_id = published["run"]["run"]["id"]
    doc, feedback = student_view(served, CORRECT, ids[CORRECT][0])
    assert doc["max_score"] == 80 and doc["score"] == pytest.approx(
        before[CORRECT][0]["score"] + 10 - WRONG_POINTS
    )
    assert doc["exercises"]["histogram"] == 10 and "/ 80.00" in feedback
    student = Browserish(served.url)
    student.log_in(served.tokens[CORRECT])
    assert exercise_cells(student, ids[CORRECT][0], "histogram") == ("10", "10")
    first, _ = student_view(served, MALFORMED_SID, ids[MALFORMED_SID][0])
    assert first["max_score"] == 71  # not counted, not in the run: untouched
    status, after = ta_json(served, "GET", f"/api/regrade-runs/{run_id}")
    assert after["run"]["status"] == "published" and after["run"]["closed_by"] == "ta"
    row = _row(after, ids[CORRECT][0])  # the diff stays readable: old is what publishing replaced
    assert row["published"] and row["old"]["max_score"] == 71 and row["new"]["max_score"] == 80
    status, again = ta_json(served, "POST", f"/api/regrade-runs/{run_id}/publish")
    assert status == 409, again
    grades = call(served, "GET", "/api/grades.csv", token=served.ta)[2].decode()
    assert f"{CORRECT},10.00," in grades and ",80.00," in grades
    assert "published by ta" in served.log.read_text()
    with sqlite3.connect(published["root"] / "data" / "service.sqlite") as conn:
        assert conn.execute(f"SELECT student_id, note FROM {FOREIGN_TABLE}").fetchall() == [(CORRECT, "kept")]


def test_item_analysis_pages_show_every_sub_check_and_the_variants(published: dict) -> None:
    served = published["served"]
    ta = Browserish(served.url)
    ta.log_in(served.ta)
    page = ta.get("/ta/items")
    assert page.status == 200 and "n = 2" in page.text
    for chart in ("items-histogram", "difficulty-chart", "discrimination-chart", "variant-chart"):
        assert f'id="{chart}"><svg' in page.text
    assert 'data-check="histogram: ' in page.text and 'data-check="silu_ffi: ' in page.text
    # ch05 was submitted by nobody: its checks fail for that reason, listed apart, not flagged one by one.
    assert 'class="flag" data-check="silu_ffi: ' not in page.text
    assert re.search(r'id="unreached">[^<]*<code>ffi_lowering</code>', page.text)
    run_page = ta.get(f"/ta/items?run={published['run']['run']['id']}")
    assert run_page.status == 200 and "regrade run #" in run_page.text
    assert ta.get("/ta/items?run=999999").status == 404
    assert Browserish(served.url).get("/ta/items").status == 303  # not logged in


# ---------------------------------------------------------------------------------------------
# PostgreSQL: live uploads before regrade candidates, publishing only a finished run


def test_live_uploads_are_graded_before_regrade_candidates_on_postgresql(
    releases: dict[str, Path], request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    require_grading_tools()
    students = ("p01", "p02", "p03")
    roster = write_roster(tmp_path / "roster.csv", students)
    common = ["--roster", str(roster), *db_args("postgresql", request)]
    served = serve(tmp_path / "data", *common, "--workers", "1", "--release", str(releases[BROKEN]))
    try:
        first = {sid: upload(served, sid, [("a.ipynb", MALFORMED)])[1]["id"] for sid in students[:2]}
        for sid, attempt_id in first.items():
            assert wait_final(served, sid, attempt_id)["max_score"] == 71
    finally:
        served.stop()
    # No worker: the run is made, a live upload queued after it, and nothing can be published yet.
    served = serve(
        tmp_path / "data",
        *common,
        "--workers",
        "0",
        "--release",
        str(releases[FIXED]),
        "--regrade-assignment",
        "a1",
    )
    try:
        run_id = the_run(served)["id"]
        status, live = upload(served, students[2], [("b.ipynb", MALFORMED)])
        assert status == 202
        assert ta_json(served, "POST", f"/api/regrade-runs/{run_id}/publish")[0] == 409
    finally:
        served.stop()
    served = serve(
        tmp_path / "data",
        *common,
        "--workers",
        "1",
        "--release",
        str(releases[FIXED]),
        "--regrade-assignment",
        "a1",
    )
    try:
        assert the_run(served)["id"] == run_id  # the same command line again reuses the open run
        run = wait_run(served, run_id)
        assert wait_final(served, students[2], live["id"])["max_score"] == 80
        candidates = sorted(r["graded_at"] for r in run["diff"])
        assert len(candidates) == 2 and all(c is not None for c in candidates)
        engine = sa.create_engine(common[-1].replace("postgresql://", "postgresql+psycopg://", 1))
        try:
            with engine.connect() as conn:
                live_at = conn.execute(
                    sa.text("SELECT graded_at FROM attempts WHERE id = :i"), {"i": live["id"]}
                )
                assert live_at.scalar_one() < candidates[0]  # queued after the run, graded before it
        finally:
            engine.dispose()
        for sid, attempt_id in first.items():  # unchanged for the students until published
            assert student_view(served, sid, attempt_id)[0]["max_score"] == 71
        status, doc = ta_json(served, "POST", f"/api/regrade-runs/{run_id}/publish")
        assert status == 200 and sorted(doc["replaced"]) == sorted(first.values()), doc
        for sid, attempt_id in first.items():
            assert student_view(served, sid, attempt_id)[0]["max_score"] == 80
    finally:
        served.stop()


# ---------------------------------------------------------------------------------------------
# Item analysis numbers and chart (no server)


def _graded(sid: str, total: float, **checks: bool) -> item_stats.Graded:
    return item_stats.Graded(sid, total, {f"ex: {k}": v for k, v in checks.items()}, {"ex": total})


def test_point_biserial_is_pearsons_r_of_the_pass_flags_and_totals() -> None:
    passed, totals = [True, True, False, False, True], [80.0, 60.0, 20.0, 40.0, 30.0]
    x = [1.0 if p else 0.0 for p in passed]
    mx, my = sum(x) / 5, sum(totals) / 5
    cov = sum((a - mx) * (b - my) for a, b in zip(x, totals, strict=True))
    r = cov / (sum((a - mx) ** 2 for a in x) * sum((b - my) ** 2 for b in totals)) ** 0.5
    assert item_stats.point_biserial(passed, totals) == pytest.approx(r)
    assert item_stats.point_biserial([True, True], [1.0, 2.0]) is None  # everyone passed: no variance
    assert item_stats.point_biserial([True, False], [5.0, 5.0]) is None


def test_checks_that_do_not_discriminate_are_flagged() -> None:
    graded = [
        _graded("a", 90, sound=True, inverted=False, unrelated=True, nobody=False, everybody=True),
        _graded("b", 70, sound=True, inverted=False, unrelated=False, nobody=False, everybody=True),
        _graded("c", 40, sound=False, inverted=True, unrelated=False, nobody=False, everybody=True),
        _graded("d", 20, sound=False, inverted=True, unrelated=True, nobody=False, everybody=True),
    ]
    untouched = item_stats.Graded("e", 0, {"other: a": False, "other: b": False}, {"other": 0})
    others = [i for i in item_stats.items([*graded, untouched]) if i.exercise == "other"]
    assert [i.flag for i in others] == [None, None]  # an exercise nobody reached: listed apart
    assert item_stats.unreached([*graded, untouched]) == ["other"]
    by = {i.name.split(": ")[1]: i for i in item_stats.items(graded)}
    assert by["sound"].discrimination > 0.8 and by["sound"].flag is None and by["sound"].difficulty == 0.5
    assert by["inverted"].discrimination < -0.8 and by["inverted"].flag == "negative discrimination"
    assert abs(by["unrelated"].discrimination) < item_stats.NEAR_ZERO
    assert by["unrelated"].flag == "near-zero discrimination"
    assert by["nobody"].discrimination is None and by["nobody"].flag == "no attempt passed it"
    assert by["everybody"].discrimination is None and by["everybody"].flag is None


def test_variant_rates_count_full_points_per_variant() -> None:
    graded = [_graded("a", 10), _graded("b", 0), _graded("c", 10), _graded("x", 10)]
    rates = item_stats.variant_rates(graded, {"a": 0, "b": 0, "c": 2}, "ex", 10.0)
    assert [(v.variant, v.n, v.full) for v in rates] == [(0, 2, 1), (2, 1, 1)]
    assert rates[0].rate == 0.5


def test_signed_bars_draw_from_zero_escape_labels_and_mark_flags() -> None:
    svg = signed_bars(
        [SignedRow("<b>ok</b>", 0.5, False), SignedRow("bad", -0.5, True), SignedRow("none", None, False)],
        title="r & more",
    )
    assert "<b>" not in svg and 'style="' not in svg
    bars = [el for el in ET.fromstring(svg).iter("{http://www.w3.org/2000/svg}rect")]
    ok, bad, none = bars
    assert float(ok.get("width")) == pytest.approx(float(bad.get("width")))
    assert float(bad.get("x")) + float(bad.get("width")) == pytest.approx(float(ok.get("x")))  # both end at 0
    assert "flagged" in bad.get("class") and none.get("data-value") == ""
