"""The service's pages in a real browser: Debian's chromium driven by Selenium through chromedriver,
against a real `jaxgrade serve` with one grading worker that grades one real submission.

A student logs in with the token, downloads a notebook of the release, uploads
`examples/submissions/s001_all_correct/`, watches the live status until the page shows the score,
and reads the feedback in its sandboxed iframe; another student cannot open that attempt; a TA logs
in, sees the score histogram and pass rates as SVG and downloads grades.csv through the browser.
Screenshots of every page go to $JAXGRADE_SCREENSHOTS (default: the test's tmp folder).
"""

from __future__ import annotations

import csv
import io
import json
import os
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from autograder.grade.reports import GRADES_COLUMNS

from helpers.browserish import Browserish
from helpers.paths import REPO
from helpers.served import Served, serving

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
SUBMISSION = REPO / "examples" / "submissions" / "s001_all_correct"
GRADING_WAIT_S = 1800  # one real submission: 1-2 minutes on a loaded machine, far more under heavy load
ROSTER = "student_id,name,email\ns001,张三,s001@example.edu\ns002,李四,\n"

pytestmark = pytest.mark.slow

_missing = [str(p) for p in (CHROMIUM, CHROMEDRIVER) if not p.exists()]
if _missing:
    print(f"test_service_browser: skipped, missing {', '.join(_missing)}")
    pytestmark = [pytest.mark.slow, pytest.mark.skip(reason=f"missing {', '.join(_missing)}")]
else:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service as DriverService
    from selenium.webdriver.common.by import By
    from selenium.webdriver.remote.webdriver import WebDriver
    from selenium.webdriver.support import expected_conditions as ec
    from selenium.webdriver.support.ui import WebDriverWait


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    with serving(tmp_path_factory.mktemp("browser"), ROSTER, "--workers", "1", "--timeout-scale", "3") as s:
        yield s


@pytest.fixture()
def downloads(tmp_path: Path) -> Path:
    folder = tmp_path / "downloads"
    folder.mkdir()
    return folder


@pytest.fixture()
def driver(downloads: Path) -> Iterator[WebDriver]:
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for arg in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--window-size=1100,1000",
    ):
        options.add_argument(arg)
    options.add_experimental_option(
        "prefs", {"download.default_directory": str(downloads), "download.prompt_for_download": False}
    )
    drv = webdriver.Chrome(service=DriverService(str(CHROMEDRIVER)), options=options)
    drv.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)})
    try:
        yield drv
    finally:
        drv.quit()


@pytest.fixture()
def shots(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("JAXGRADE_SCREENSHOTS") or tmp_path / "screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _wait_for(drv: WebDriver, element_id: str, timeout: float = 60) -> None:
    WebDriverWait(drv, timeout).until(ec.presence_of_element_located((By.ID, element_id)))


def _log_in(drv: WebDriver, server: Served, token: str, landing_id: str) -> None:
    drv.get(server.url + "/login")
    drv.find_element(By.ID, "token").send_keys(token)
    drv.find_element(By.ID, "login").click()
    _wait_for(drv, landing_id)


def _log_out(drv: WebDriver) -> None:
    drv.find_element(By.ID, "logout").click()
    _wait_for(drv, "login-form")


def _full_page_shot(drv: WebDriver, path: Path) -> None:
    height = drv.execute_script("return document.documentElement.scrollHeight")
    drv.set_window_size(1100, min(max(int(height) + 40, 600), 4000))
    drv.save_screenshot(str(path))
    drv.set_window_size(1100, 1000)


def _wait_for_download(folder: Path, name: str, timeout: float = 60) -> Path:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        done = folder / name
        if done.is_file() and not list(folder.glob("*.crdownload")):
            return done
        time.sleep(0.3)
    raise AssertionError(
        f"{name} was not downloaded; folder holds {sorted(p.name for p in folder.iterdir())}"
    )


def test_student_uploads_waits_and_reads_feedback_then_ta_sees_charts_and_grades(
    server: Served, driver: WebDriver, downloads: Path, shots: Path
):
    drv = driver
    drv.get(server.url + "/login")
    drv.save_screenshot(str(shots / "01_login.png"))

    # -- a student logs in with the token: a signed, HttpOnly, SameSite session cookie
    _log_in(drv, server, server.tokens["s001"], "upload-form")
    cookie = drv.get_cookie("jaxgrade_session")
    assert cookie is not None and cookie["httpOnly"] and cookie["sameSite"] == "Lax"
    assert server.tokens["s001"] not in cookie["value"]
    assert "张三(s001)" in drv.find_element(By.CSS_SELECTOR, "header .who").text
    links = [a.get_attribute("href") for a in drv.find_elements(By.CSS_SELECTOR, "#downloads a")]
    # the chapters' notebooks, and the whole student folder (notebooks, jaxcourse/, kernels/) as one zip
    assert links == [server.url + p for p in ("/notebooks/ch02", "/notebooks/ch05", "/student-folder.zip")]
    drv.save_screenshot(str(shots / "02_home.png"))
    drv.find_element(By.CSS_SELECTOR, '#downloads a[href="/notebooks/ch05"]').click()
    released = json.loads((REPO / "assignments" / "2026-fall" / "ch05_interop.ipynb").read_text("utf-8"))
    got = json.loads(_wait_for_download(downloads, "ch05_interop.ipynb").read_text("utf-8"))
    assert got["metadata"]["jaxgrade"].pop("personalised_for") == "s001"
    assert got == released  # chapter 5 has no per-student variant: the release as it is

    # -- upload both notebooks through the form
    files = drv.find_element(By.ID, "files")
    files.send_keys("\n".join(str(p) for p in sorted(SUBMISSION.glob("*.ipynb"))))
    drv.find_element(By.ID, "submit").click()
    _wait_for(drv, "attempt-state")
    attempt_url = drv.current_url
    attempt_id = int(attempt_url.rsplit("/", 1)[1])
    state = drv.find_element(By.ID, "attempt-state")
    assert state.get_attribute("data-state") in ("queued", "running", "graded")
    drv.save_screenshot(str(shots / "03_attempt_pending.png"))

    # -- live status: static/poll.js reloads the page once grading finished; no manual refresh here
    _wait_for(drv, "attempt-score", timeout=GRADING_WAIT_S)
    assert drv.find_element(By.ID, "attempt-state").get_attribute("data-state") == "graded"
    assert drv.find_element(By.ID, "attempt-score").text == "80 / 80"
    rows = drv.find_elements(By.CSS_SELECTOR, "#exercise-scores tbody tr")
    assert len(rows) == 8 and all(r.find_elements(By.CSS_SELECTOR, "td")[1].text == "10" for r in rows)

    # -- the batch grader's feedback, in a sandboxed iframe (no script, opaque origin)
    frame = drv.find_element(By.ID, "feedback")
    assert frame.get_attribute("sandbox") == ""
    drv.execute_script("arguments[0].scrollIntoView()", frame)
    WebDriverWait(drv, 30).until(ec.frame_to_be_available_and_switch_to_it(frame))
    body = drv.find_element(By.TAG_NAME, "body").text
    assert "评分反馈:s001" in body and "总分:80.00 / 80.00" in body and "histogram" in body
    drv.switch_to.default_content()
    _full_page_shot(drv, shots / "04_attempt_graded.png")
    owner = Browserish(server.url)
    owner.log_in(server.tokens["s001"])
    feedback = owner.get(f"/attempts/{attempt_id}/feedback")
    assert feedback.status == 200 and "sandbox" in feedback.headers["Content-Security-Policy"]

    drv.get(server.url + "/")
    _wait_for(drv, "attempts")
    assert "80 / 80" in drv.find_element(By.ID, "attempts").text
    assert not drv.find_elements(By.CSS_SELECTOR, 'script[src="/static/poll.js"]')  # no poller left
    drv.save_screenshot(str(shots / "05_home_graded.png"))
    _log_out(drv)

    # -- another student cannot open that attempt or its feedback
    _log_in(drv, server, server.tokens["s002"], "upload-form")
    assert "还没有提交记录" in drv.find_element(By.ID, "attempts").text
    drv.get(attempt_url)
    assert "找不到这次提交" in drv.find_element(By.TAG_NAME, "h1").text
    drv.get(f"{server.url}/attempts/{attempt_id}/feedback")
    assert "评分反馈" not in drv.page_source and "没有反馈" in drv.page_source
    other = Browserish(server.url)
    other.log_in(server.tokens["s002"])
    assert other.get(f"/attempts/{attempt_id}/feedback").status == 404
    drv.get(server.url + "/")
    _wait_for(drv, "logout")
    _log_out(drv)

    # -- the TA dashboard: queue, SVG charts, downloads
    _log_in(drv, server, server.ta, "queue")
    assert drv.find_element(By.CSS_SELECTOR, '[data-queue="graded"]').text == "1"
    bars = drv.find_elements(By.CSS_SELECTOR, "#histogram svg rect.bar")
    counts = [int(b.get_attribute("data-count")) for b in bars]
    assert len(bars) == 10 and counts[-1] == 1 and sum(counts) == 1
    assert float(bars[-1].get_attribute("height")) > 0
    exercise_bars = drv.find_elements(By.CSS_SELECTOR, "#exercise-rates svg rect.bar")
    assert [float(b.get_attribute("data-rate")) for b in exercise_bars] == [1.0] * 8
    assert len(drv.find_elements(By.CSS_SELECTOR, "#subcheck-rates svg rect.bar")) > 8
    _full_page_shot(drv, shots / "06_ta_dashboard.png")

    drv.find_element(By.ID, "grades-csv").click()  # the dashboard's assignment (a1): its own grades.csv
    grades = list(csv.reader(io.StringIO(_wait_for_download(downloads, "grades-a1.csv").read_text("utf-8"))))
    header = tuple(grades[0])
    assert header[: len(GRADES_COLUMNS)] == GRADES_COLUMNS  # the batch's columns first, then the parts
    by_id = {row[0]: dict(zip(header, row, strict=True)) for row in grades[1:]}
    assert set(by_id) == {"s001", "s002"}
    assert by_id["s001"]["total"] in ("80", "80.0", "80.00") and by_id["s001"]["status"] == "ok"
    assert by_id["s002"]["status"] == "not_submitted"
    drv.find_element(By.ID, "canvas-csv").click()
    canvas = _wait_for_download(downloads, "canvas-a1.csv").read_text("utf-8").splitlines()
    assert canvas[0].startswith("Student,ID,SIS User ID") and any("张三" in line for line in canvas)
