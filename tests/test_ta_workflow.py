"""A TA workflow without dead ends (issue 34 §3, §4), through the real `jaxgrade serve`.

The term is prepared on the in-process core (grading recorded, helpers/ledger_term.py) and served
with no workers: hw2 (chapter 2, `after_due`, `last`) with an on-time upload of s01 and a late one
of s02; hw5 (chapter 5, `on_release`, `best`) with two uploads of s01. A named TA, ta-anna, signs
in to the pages; the API is used with her token too.
"""

from __future__ import annotations

import csv
import io
import json
import re
import urllib.parse
import zipfile
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from helpers.browserish import Browserish
from helpers.chromium import headless_chromium, page_wait, screenshot_folder
from helpers.ledger_term import HW2_DUE, START, make_term
from helpers.served import MALFORMED, call, serve

HW2_POINTS = {"histogram": 10.0, "recompile": 5.0, "fusion": 10.0, "safe_distance": 0.0}
TA = "ta-anna"
CH05 = ("reduce_sum_rules", "gammaln_callback", "silu_ffi", "ffi_lowering")


@pytest.fixture(scope="module")
def term(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    root = tmp_path_factory.mktemp("ta-workflow")
    t = make_term(root)
    ta_token = t.service.identity.import_tas([TA])[TA]
    t.upload("s01", "hw2", HW2_POINTS)
    t.upload("s01", "hw5", {"reduce_sum_rules": 10.0})
    t.set_time(START + timedelta(minutes=5))
    t.upload("s01", "hw5", {"reduce_sum_rules": 10.0, "silu_ffi": 5.0})
    t.set_time(HW2_DUE + timedelta(hours=2, minutes=30))  # 2.5 hours late
    t.upload("s02", "hw2", HW2_POINTS)
    t.service.close()
    served = serve(root / "data", "--course", str(root / "course.toml"), "--workers", "0")
    ta = Browserish(served.url)
    assert ta.log_in(ta_token).status == 303
    yield {"served": served, "ta": ta, "token": ta_token}
    served.stop()


def _form(ta: Browserish, page: str, action: str, fields: dict[str, str]) -> Any:
    return ta.post_form(action, {"csrf_token": ta.get(page).csrf(), **fields})


def _api(term: dict[str, Any], method: str, path: str, body: Any = None) -> tuple[int, Any]:
    data = None if body is None else json.dumps(body).encode()
    status, _, raw = call(term["served"], method, path, token=term["token"], body=data,
                          headers={"Content-Type": "application/json"} if data else None)  # fmt: skip
    try:
        return status, json.loads(raw)
    except ValueError:
        return status, raw


def _audit(term: dict[str, Any]) -> list[dict[str, Any]]:
    status, doc = _api(term, "GET", "/api/audit")
    assert status == 200
    return doc["entries"] if isinstance(doc, dict) else doc


# ---- regrade runs of any assignment ------------------------------------------------------------


def test_a_regrade_run_of_the_second_assignment_starts_from_the_page(term: dict[str, Any]) -> None:
    ta = term["ta"]
    page = ta.get("/ta/regrade-runs?assignment=hw5")
    assert page.status == 200 and 'id="assignment-picker"' in page.text
    assert re.search(r'<option value="hw5" selected[ >]', page.text)  # (a title's own lang may follow)
    assert 'name="assignment_id" value="hw5"' in page.text
    started = _form(ta, "/ta/regrade-runs?assignment=hw5", "/ta/regrade-runs",
                    {"assignment_id": "hw5", "release": "2026-fall", "scope": "counted"})  # fmt: skip
    assert started.status == 303, started.text
    run_id = int(started.headers["Location"].rsplit("/", 1)[1])
    status, doc = _api(term, "GET", f"/api/regrade-runs/{run_id}")
    assert status == 200 and doc["run"]["assignment_id"] == "hw5" and doc["run"]["created_by"] == TA
    assert [d["student_id"] for d in doc["diff"]] == ["s01"]  # hw5's counted attempt, not hw2's
    assert _api(term, "POST", f"/api/regrade-runs/{run_id}/cancel")[0] == 200


# ---- un-releasing grades -----------------------------------------------------------------------


def test_a_ta_un_releases_grades_from_the_page_and_the_api(term: dict[str, Any]) -> None:
    ta = term["ta"]
    assert _form(ta, "/ta/assignments/hw5", "/ta/assignments/hw5/release-grades", {}).status == 303
    page = ta.get("/ta/assignments/hw5")
    assert 'id="unrelease-grades"' in page.text
    done = _form(ta, "/ta/assignments/hw5", "/ta/assignments/hw5/unrelease-grades", {})
    assert done.status == 303 and done.headers["Location"].endswith("?unreleased=1")
    assert 'id="released"' not in ta.get("/ta/assignments/hw5").text
    status, doc = _api(term, "POST", "/api/assignments/hw5/unrelease-grades")
    assert status == 200 and doc["unreleased"] is False and doc["grades_released_at"] is None
    entries = [e for e in _audit(term) if e["action"] == "unpublish"]
    assert [(e["actor"], e["assignment_id"]) for e in entries] == [(TA, "hw5")]


# ---- bulk extensions ---------------------------------------------------------------------------


def test_bulk_extensions_from_a_list_of_ids_and_a_date_time_picker(term: dict[str, Any]) -> None:
    ta = term["ta"]
    page = ta.get("/ta/assignments/hw5")
    assert 'type="datetime-local" id="bulk-due"' in page.text and 'id="bulk-ids"' in page.text
    done = _form(ta, "/ta/assignments/hw5", "/ta/assignments/hw5/extensions",
                 {"student_ids": "s02, s03\n", "due_at": "2026-12-20T23:59", "late_until": ""})  # fmt: skip
    assert done.status == 303 and done.headers["Location"].endswith("?extended=2"), done.text
    for sid in ("s02", "s03"):
        status, doc = _api(term, "GET", f"/api/assignments/hw5/students/{sid}")
        assert status == 200 and doc["deadlines"]["due_at"] == "2026-12-20T23:59:00Z", doc  # the course's UTC


@pytest.mark.parametrize(
    ("fields", "says"),
    [
        ({"student_ids": "s02 nobody", "due_at": "2026-12-20T23:59"}, "unknown student id(s): nobody"),
        ({"student_ids": "s02", "due_at": "9999-12-31T23:00-05:00"}, "out of range"),
        ({"student_ids": "s02", "due_at": "10000-01-01T00:00"}, "not a date and time"),
        ({"student_ids": "s02", "due_at": "2026-12-20T23:59", "late_until": "2026-12-19T10:00"}, "before"),
        ({"student_ids": " ", "due_at": "2026-12-20T23:59"}, "no student ids"),
    ],
)
def test_bulk_extensions_refuse_with_a_clear_message_and_grant_none(
    term: dict[str, Any], fields: dict[str, str], says: str
) -> None:
    before = len(_audit(term))
    refused = _form(term["ta"], "/ta/assignments/hw2", "/ta/assignments/hw2/extensions",
                    {"late_until": "", **fields})  # fmt: skip
    assert refused.status == 422 and says in refused.text, refused.text[:3000]
    assert len(_audit(term)) == before  # nothing granted


def test_a_deadline_past_the_year_9999_is_refused_not_a_server_error(term: dict[str, Any]) -> None:
    far = "9999-12-31T23:00:00-05:00"  # the year 10000 in UTC
    status, doc = _api(term, "PUT", "/api/assignments/hw2/extensions/s03", {"due_at": far})
    assert status == 422 and "out of range" in doc["message"], doc
    one = _form(term["ta"], "/ta/assignments/hw2/students/s03",
                "/ta/assignments/hw2/students/s03/extension", {"due_at": far, "late_until": ""})  # fmt: skip
    assert one.status == 422 and "out of range" in one.text
    assert term["ta"].get("/ta/assignments/hw2/students/s03").status == 200


# ---- every TA view takes an assignment ---------------------------------------------------------


def test_the_dashboard_charts_and_item_analysis_show_the_picked_assignment(term: dict[str, Any]) -> None:
    ta = term["ta"]
    board = ta.get("/ta?assignment=hw5")
    assert board.status == 200 and re.search(r'<option value="hw5" selected[ >]', board.text)
    assert re.search(r'id="charts-assignment">hw5<', board.text)
    assert 'href="/ta/items?assignment=hw5"' in board.text
    status, doc = _api(term, "GET", "/api/dashboard?assignment=hw5")
    assert status == 200 and doc["counted"] == 1 and doc["scores"] == [15.0] and doc["max_score"] == 40.0
    assert set(doc["exercise_pass_rates"]) == set(CH05)
    items = ta.get("/ta/items?assignment=hw5")
    assert items.status == 200 and "counted graded attempts of hw5" in items.text and "n = 1" in items.text
    first = ta.get("/ta/items")
    assert "counted graded attempts of hw2" in first.text and "n = 2" in first.text
    assert ta.get("/ta/items?assignment=nope").status == 200  # an unknown one: the first, not a 500


# ---- zip downloads -----------------------------------------------------------------------------


def _zip(reply: Any) -> zipfile.ZipFile:
    assert reply.status == 200 and reply.headers["Content-Type"] == "application/zip", reply.status
    return zipfile.ZipFile(io.BytesIO(reply.body))


def test_a_ta_downloads_an_assignments_submissions_with_a_manifest(term: dict[str, Any]) -> None:
    counted = _zip(term["ta"].get("/ta/assignments/hw5/submissions.zip?scope=counted"))
    assert sorted(counted.namelist()) == ["manifest.csv", "s01/attempt-2/nb.ipynb"]  # `best`: the second
    every = _zip(term["ta"].get("/ta/assignments/hw5/submissions.zip?scope=all"))
    assert sorted(every.namelist()) == ["manifest.csv", "s01/attempt-1/nb.ipynb", "s01/attempt-2/nb.ipynb"]
    rows = list(csv.DictReader(io.StringIO(every.read("manifest.csv").decode())))
    assert [(r["attempt_number"], r["counted"], r["final_total"]) for r in rows] == [
        ("1", "", ""),
        ("2", "yes", "15.00"),
    ]
    assert every.read("s01/attempt-1/nb.ipynb") == MALFORMED
    late = list(csv.DictReader(io.StringIO(_zip(term["ta"].get(
        "/ta/assignments/hw2/submissions.zip")).read("manifest.csv").decode())))  # fmt: skip
    assert [(r["student_id"], r["late"]) for r in late] == [("s01", ""), ("s02", "late")]
    status, _, body = call(term["served"], "GET", "/api/assignments/hw2/submissions.zip?scope=all",
                           token=term["token"])  # fmt: skip
    assert status == 200 and zipfile.ZipFile(io.BytesIO(body)).namelist()
    assert term["ta"].get("/ta/assignments/hw2/submissions.zip?scope=some").status == 422


def test_a_student_downloads_the_assignments_whole_folder(term: dict[str, Any]) -> None:
    student = Browserish(term["served"].url)
    assert student.log_in(term["served"].tokens["s01"]).status == 303
    page = student.get("/assignments/hw2")
    assert 'href="/student-folder.zip?assignment=hw2"' in page.text
    folder = _zip(student.get("/student-folder.zip?assignment=hw2"))
    names = set(folder.namelist())
    top = "2026-fall-hw2/"
    for needed in ("ch02_performance.ipynb", "manifest.json", "jaxcourse/__init__.py",
                   "jaxcourse/_submit_client.py", "kernels/rms_norm.cc", "tests/histogram.py"):  # fmt: skip
        assert top + needed in names, sorted(names)
    assert top + "ch05_interop.ipynb" not in names and top + "tests/silu_ffi.py" not in names
    own = student.get("/notebooks/ch02?assignment=hw2").body  # personalised for s01, as the download
    assert folder.read(top + "ch02_performance.ipynb") == own
    assert Browserish(term["served"].url).get("/student-folder.zip?assignment=hw2").status == 303


# ---- the TA's name, the course's time zone, finding a student, hours late, requests -------------

TA_PAGES = (
    "/ta", "/ta/assignments", "/ta/assignments/hw2", "/ta/assignments/hw2/students/s01", "/ta/items",
    "/ta/regrade-runs", "/ta/requests", "/ta/audit", "/ta/students/s01",
)  # fmt: skip


@pytest.mark.parametrize("path", TA_PAGES)
def test_every_ta_page_names_the_signed_in_ta(term: dict[str, Any], path: str) -> None:
    page = term["ta"].get(path)
    assert page.status == 200 and f'<span class="who">TA {TA}</span>' in page.text


def test_times_are_in_the_courses_zone_with_the_zone_named(term: dict[str, Any]) -> None:
    page = term["ta"].get("/ta/assignments/hw2").text
    due = HW2_DUE.strftime("%Y-%m-%dT%H:%M")
    assert f"Due {due} (UTC)" in page, page[:2000]
    assert "(UTC)" in term["ta"].get("/ta/assignments/hw2/students/s02").text


def test_the_assignment_table_has_hours_late_and_attempt_numbers(term: dict[str, Any]) -> None:
    page = term["ta"].get("/ta/assignments/hw2").text
    row = re.search(r"<tr><td><a [^>]*>s02</a></td>.*?</tr>", page, re.S)
    assert row is not None and '<td class="num hours-late">2.5</td>' in row.group(0), page[-3000:]
    # the attempt's number, not its database id (4), linking to the attempt's TA page
    assert '<td><a href="/ta/attempts/4" class="attempt-link" data-attempt="4">#1</a></td>' in row.group(0)
    s01 = re.search(r"<tr><td><a [^>]*>s01</a></td>.*?</tr>", page, re.S)
    assert s01 is not None and '<td class="num hours-late"></td>' in s01.group(0)


@pytest.mark.parametrize(
    ("text", "lands_on"),
    [("s02", "/ta/students/s02"), ("S0", None), ("学生 s03", "/ta/students/s03"), ("zz", "/ta?no_student=1")],
)
def test_a_ta_finds_a_student_by_part_of_an_id_or_name(
    term: dict[str, Any], text: str, lands_on: str | None
) -> None:
    reply = term["ta"].get("/ta/find-student?" + urllib.parse.urlencode({"student_id": text}))
    if lands_on is None:  # several match: a list of them, each a link
        assert reply.status == 200
        assert re.findall(r'class="found-student">([^<]+)<', reply.text) == ["s01", "s02", "s03"]
    else:
        assert reply.status == 303 and reply.headers["Location"] == lands_on


def test_a_regrade_request_returns_to_its_assignment_with_a_confirmation(term: dict[str, Any]) -> None:
    student = Browserish(term["served"].url)
    assert student.log_in(term["served"].tokens["s01"]).status == 303
    page = student.get("/assignments/hw2")
    assert 'id="request-form"' in page.text, page.text[-2000:]
    filed = student.post_form("/regrade-requests", {
        "csrf_token": page.csrf(), "exercise": "fusion", "message": "请再看一下 fusion",
    })  # fmt: skip
    assert filed.status == 303 and filed.headers["Location"] == "/assignments/hw2?requested=1#review"
    back = student.get("/assignments/hw2?requested=1")
    assert "复核申请已提交" in back.text


# ---- the new TA views in Chromium (screenshots into docs/screenshots/ with JAXGRADE_SCREENSHOTS) --

SHOTS = ("ta_dashboard_picker.png", "ta_bulk_extensions.png", "ta_regrade_runs_picker.png")


def test_a_ta_walks_the_new_views_in_chromium(term: dict[str, Any], tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec
    from selenium.webdriver.support.ui import Select

    drv = headless_chromium("1100,1000")
    wait = page_wait(drv, 60)
    folder = screenshot_folder(tmp_path)

    def shot(name: str) -> None:
        assert name in SHOTS
        height = drv.execute_script("return document.documentElement.scrollHeight")
        drv.set_window_size(1100, min(max(int(height) + 40, 600), 4000))
        assert drv.save_screenshot(str(folder / name)) and (folder / name).stat().st_size > 10_000
        drv.set_window_size(1100, 1000)

    try:
        drv.get(term["served"].url + "/login")
        drv.find_element(By.ID, "token").send_keys(term["token"])
        drv.find_element(By.ID, "login").click()
        wait.until(ec.presence_of_element_located((By.ID, "assignment-select")))
        assert drv.find_element(By.CSS_SELECTOR, "span.who").text == f"TA {TA}"
        Select(drv.find_element(By.ID, "assignment-select")).select_by_value("hw5")
        drv.find_element(By.ID, "assignment-show").click()
        wait.until(ec.text_to_be_present_in_element((By.ID, "charts-assignment"), "hw5"))
        shot("ta_dashboard_picker.png")
        drv.get(term["served"].url + "/ta/assignments/hw5")
        ids = wait.until(ec.presence_of_element_located((By.ID, "bulk-ids")))
        ids.send_keys("s01\n")
        due = drv.find_element(By.ID, "bulk-due")
        assert due.get_attribute("type") == "datetime-local"
        drv.execute_script("arguments[0].value = arguments[1]", due, "2026-12-21T18:00")
        drv.find_element(By.ID, "bulk-extend").click()
        wait.until(ec.text_to_be_present_in_element((By.CSS_SELECTOR, ".notice"), "Extension granted to 1"))
        shot("ta_bulk_extensions.png")
        drv.find_element(By.LINK_TEXT, "← assignments").click()
        drv.get(term["served"].url + "/ta/regrade-runs")
        Select(wait.until(ec.presence_of_element_located((By.ID, "assignment-select")))).select_by_value(
            "hw5"
        )
        drv.find_element(By.ID, "assignment-show").click()
        wait.until(
            ec.presence_of_element_located((By.CSS_SELECTOR, 'input[name="assignment_id"][value="hw5"]'))
        )
        assert "Runs of hw5" in drv.find_element(By.ID, "runs").text
        shot("ta_regrade_runs_picker.png")
    finally:
        drv.quit()
    status, doc = _api(term, "GET", "/api/assignments/hw5/students/s01")
    assert status == 200 and doc["deadlines"]["due_at"] == "2026-12-21T18:00:00Z"
