"""The service's similarity report (`/ta/similarity`): over the counted graded attempts, refreshed in
the background, shown to a TA in a real Chromium.

The attempts are real uploads through `service.intake.submit` (blobs, rows, the counting
policy); they are marked graded through the service's own queue (`claim_next`/`finish_graded`)
instead of a grading run, because the report reads only the uploaded files (grading two notebooks
in the sandbox would add minutes and change nothing here).
The app is the real FastAPI app on uvicorn, on 127.0.0.1.
"""

from __future__ import annotations

import socket
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from autograder.service.domain.core import GradedOutcome, Service
from autograder.service.domain.course.config import ServiceConfig
from autograder.service.web.similarity_page import SimilarityRefresher
from benchmarks.similarity_corpus import write_student

from helpers.chromium import headless_chromium
from helpers.inprocess_site import serving_app
from helpers.paths import RELEASE
from helpers.similarity import corpus_answer, disguised

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
ROSTER = "student_id,name\ns1,A\ns2,B\ns3,C\ns4,D\n"


def _files(folder: Path) -> list[tuple[str, bytes]]:
    return [(p.name, p.read_bytes()) for p in sorted(folder.iterdir())]


def _grade(service: Service) -> None:
    while (claimed := service.queue.claim_next("test")) is not None:
        service.queue.finish_graded("test", claimed.id, GradedOutcome(1.0, 80.0, "ok", {}, {}, (), ""))


def make_service(tmp: Path, deadline: datetime | None = None) -> Service:
    """s1 and s2 (a disguised copy of s1) and s3 graded; s4 uploaded but still queued."""
    (tmp / "roster.csv").write_text(ROSTER, encoding="utf-8")
    service = Service(
        ServiceConfig(
            data_dir=tmp / "data", release=RELEASE, roster=tmp / "roster.csv", workers=0, deadline=deadline
        )
    )
    answers = {
        "histogram": corpus_answer("histogram", "explicit_stack"),
        "silu_ffi": corpus_answer("silu_ffi", "alt_tanh_sequential"),
    }
    write_student(tmp / "subs", "s1", RELEASE, answers)
    write_student(tmp / "subs", "s2", RELEASE, {ex: disguised(a, 3) for ex, a in answers.items()})
    write_student(tmp / "subs", "s3", RELEASE, {"histogram": corpus_answer("histogram", "reference")})
    write_student(tmp / "subs", "s4", RELEASE, answers)
    for sid in ("s1", "s2", "s3"):
        service.intake.submit(sid, _files(tmp / "subs" / sid))
    _grade(service)
    service.intake.submit("s4", _files(tmp / "subs" / "s4"))  # queued: not counted as graded
    return service


def test_refresh_reports_the_counted_graded_attempts_once_per_change(tmp_path: Path) -> None:
    service = make_service(tmp_path)
    try:
        refresher = SimilarityRefresher(service)
        assert refresher.refresh_once()
        report = refresher.latest.report  # type: ignore[union-attr]
        assert [(m.a, m.b) for m in report.units["histogram"].pairs][:1] == [("s1", "s2")]
        assert [(m.a, m.b) for m in report.units["silu.cc"].pairs] == [("s1", "s2")]
        assert "s4" not in report.sources
        assert not refresher.refresh_once()  # nothing changed: no recomputation
        _grade(service)  # s4's attempt is graded now: the counted set changed
        assert refresher.refresh_once()
        assert "s4" in refresher.latest.report.sources  # type: ignore[union-attr]
    finally:
        service.close()


def test_nothing_is_computed_before_the_deadline(tmp_path: Path) -> None:
    service = make_service(tmp_path, deadline=datetime.now(UTC) + timedelta(days=1))
    try:
        early = SimilarityRefresher(service)
        assert not early.due() and not early.refresh_once() and early.latest is None
        late = SimilarityRefresher(service, clock=lambda: time.time() + 2 * 86400)
        assert late.due() and late.refresh_once()
    finally:
        service.close()


@pytest.fixture()
def served(tmp_path: Path) -> Iterator[tuple[str, str]]:
    service = make_service(tmp_path)
    with serving_app(service) as url:
        yield url, (tmp_path / "data" / "ta-token").read_text().strip()


def _status_without_login(url: str) -> tuple[int, str]:
    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args: object, **kwargs: object) -> None:
            return None

    try:
        with urllib.request.build_opener(NoRedirect).open(url, timeout=30) as reply:
            return reply.status, reply.headers.get("Location", "")
    except urllib.error.HTTPError as exc:
        return exc.code, exc.headers.get("Location", "")


def test_the_ta_page_shows_the_report_in_chromium(served: tuple[str, str], tmp_path: Path) -> None:
    url, ta_token = served
    assert _status_without_login(url + "/ta/similarity") == (303, "/login")  # TAs only
    missing = [str(p) for p in (CHROMIUM, CHROMEDRIVER) if not p.exists()]
    if missing:
        pytest.skip(f"missing {', '.join(missing)}")
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec
    from selenium.webdriver.support.ui import WebDriverWait

    drv = headless_chromium("1200,1000")
    try:
        drv.get(url + "/login")
        drv.find_element(By.ID, "token").send_keys(ta_token)
        drv.find_element(By.ID, "login").click()
        WebDriverWait(drv, 60).until(ec.presence_of_element_located((By.ID, "similarity-link")))
        drv.find_element(By.ID, "similarity-link").click()
        end = time.monotonic() + 120
        while "s1 and s2" not in drv.find_element(By.ID, "similarity-report").text:
            assert time.monotonic() < end, drv.find_element(By.ID, "similarity-state").text
            time.sleep(1)
            drv.refresh()
        assert "Computed" in drv.find_element(By.ID, "similarity-state").text
        marks = drv.find_elements(By.CSS_SELECTOR, "#histogram-1 mark.f1")
        assert len(marks) >= 2
        # the stylesheet loaded under the page's CSP: highlighted fragments have a background
        assert marks[0].value_of_css_property("background-color") not in ("rgba(0, 0, 0, 0)", "transparent")
        assert drv.find_elements(By.CSS_SELECTOR, "#unit-histogram svg")
        height = drv.execute_script("return document.documentElement.scrollHeight")
        drv.set_window_size(1200, min(int(height) + 40, 4000))
        drv.save_screenshot(str(tmp_path / "ta-similarity.png"))
    finally:
        drv.quit()


# --- a term: one report per assignment ----------------------------------------------------------------

TERM_ROSTER = "student_id,name\ns1,A\ns2,B\ns3,C\n"
SCREENSHOT_NAME = "similarity_term.png"


def _chapter_file(folder: Path, chapter: str) -> list[tuple[str, bytes]]:
    return [(p.name, p.read_bytes()) for p in sorted(folder.iterdir()) if p.name.startswith(chapter)]


def make_term_service(tmp: Path, now: datetime) -> Service:
    """hw2 (chapter 2, due an hour ago, late uploads until tomorrow) and hw5 (chapter 5, due
    tomorrow). In hw2, s2 handed in a disguised copy of s1's histogram and s3 the reference; the
    grade output folder of s1's and s3's attempts holds a behaviour.json whose rare jaxpr they share
    (what a grading run writes). In hw5, s2 copied s1's kernel."""
    from autograder.grade.gradebook import safe_id
    from autograder.grade.run.behaviour_read import ExerciseBehaviour, write_behaviour

    (tmp / "roster.csv").write_text(TERM_ROSTER, encoding="utf-8")
    (tmp / "course.toml").write_text(
        f"""
[[assignment]]
id = "hw2"
title = "Chapter 2: performance"
release = "{RELEASE}"
chapters = ["ch02"]
due_at = {(now - timedelta(hours=1)).isoformat(timespec="seconds")}
late_until = {(now + timedelta(days=1)).isoformat(timespec="seconds")}

[[assignment]]
id = "hw5"
title = "Chapter 5: interop"
release = "{RELEASE}"
chapters = ["ch05"]
due_at = {(now + timedelta(days=1)).isoformat(timespec="seconds")}
""",
        encoding="utf-8",
    )
    service = Service(ServiceConfig(data_dir=tmp / "data", release=RELEASE, roster=tmp / "roster.csv",
                                    workers=0, course=tmp / "course.toml"))
    hist = corpus_answer("histogram", "explicit_stack")
    kernel = corpus_answer("silu_ffi", "alt_tanh_sequential")
    answers = {
        "s1": {"histogram": hist, "silu_ffi": kernel},
        "s2": {"histogram": disguised(hist, 3), "silu_ffi": disguised(kernel, 3)},
        "s3": {"histogram": corpus_answer("histogram", "reference")},
    }
    shared = ("abs sin cos tanh mul add while sort cumsum",)
    for sid, mine in answers.items():
        write_student(tmp / "subs", sid, RELEASE, mine)
        service.intake.submit(sid, _chapter_file(tmp / "subs" / sid, "ch02"), "hw2")
        if "silu_ffi" in mine:
            service.intake.submit(sid, _chapter_file(tmp / "subs" / sid, "ch05"), "hw5")
    while (claimed := service.queue.claim_next("test")) is not None:
        out = tmp / "grade-out" / str(claimed.id)
        seqs = shared if claimed.student_id in ("s1", "s3") else (f"exp log {claimed.student_id}",)
        (out / safe_id(claimed.student_id)).mkdir(parents=True)
        # s1 and s3 also produced the same rare wrong value on the same failed sub-checks (a shared
        # trace alone only corroborates code: it raises no pair whose code shares little)
        wrong = (("wrong-7f3a",), "counts") if claimed.student_id in ("s1", "s3") else ((), "")
        write_behaviour(out / safe_id(claimed.student_id), claimed.student_id,
                        {"histogram": ExerciseBehaviour(tuple(tuple(s.split()) for s in seqs), *wrong)})
        behaviour = (out / safe_id(claimed.student_id) / "behaviour.json").read_bytes()  # its artefact
        done = GradedOutcome(1.0, 80.0, "ok", {}, {}, (), str(out), artefacts={"behaviour": behaviour})
        service.queue.finish_graded("test", claimed.id, done)
    return service


def test_a_term_has_one_report_per_assignment_each_after_its_own_due_date(tmp_path: Path) -> None:
    now = datetime.now(UTC)
    service = make_term_service(tmp_path, now)
    try:
        refresher = SimilarityRefresher(service)
        refresher.refresh_all()
        assert set(refresher.reports) == {"hw2"}  # hw5 is due tomorrow
        hw2 = refresher.reports["hw2"].report
        assert set(hw2.units) == {"histogram", "recompile", "fusion", "safe_distance"}  # chapter 2 only
        pairs = {(m.a, m.b): m for m in hw2.units["histogram"].pairs}
        assert pairs["s1", "s2"].channels[0] == "code"
        assert pairs["s1", "s3"].channels == ("jaxpr", "wrong values")  # only the grading run links them
        assert not refresher.refresh_once("hw2")  # nothing changed
        tomorrow = SimilarityRefresher(service, clock=lambda: now.timestamp() + 2 * 86400)
        tomorrow.refresh_all()
        hw5 = tomorrow.reports["hw5"].report
        assert set(hw5.units) == {"reduce_sum_rules", "gammaln_callback", "silu_ffi", "ffi_lowering",
                                  "silu.cc"}
        assert [(m.a, m.b) for m in hw5.units["silu.cc"].pairs] == [("s1", "s2")]
        # a new counted attempt of hw2 (s3 uploads again, graded): hw2 is recomputed, hw5 is not
        service.intake.submit("s3", _chapter_file(tmp_path / "subs" / "s1", "ch02"), "hw2")
        while (claimed := service.queue.claim_next("test")) is not None:
            service.queue.finish_graded("test", claimed.id, GradedOutcome(1.0, 80.0, "ok", {}, {}, (), ""))
        assert tomorrow.refresh_once("hw2") and not tomorrow.refresh_once("hw5")
        assert ("s1", "s3") in {(m.a, m.b) for m in tomorrow.reports["hw2"].report.units["histogram"].pairs}
    finally:
        service.close()


def _text_of(drv: object, element_id: str) -> str:
    """The element's text, read again if a reload replaced the element between find and read."""
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.common.by import By

    for _ in range(5):
        try:
            return drv.find_element(By.ID, element_id).text  # type: ignore[attr-defined]
        except StaleElementReferenceException:
            time.sleep(0.2)
    return drv.find_element(By.ID, element_id).text  # type: ignore[attr-defined]


def test_the_ta_picks_the_assignment_on_the_page_of_a_real_server(tmp_path: Path) -> None:
    import uvicorn
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec
    from selenium.webdriver.support.ui import Select, WebDriverWait

    from autograder.service.app.app import create_app

    from helpers.chromium import screenshot_folder

    if not (CHROMIUM.exists() and CHROMEDRIVER.exists()):
        pytest.skip("needs /usr/bin/chromium and /usr/bin/chromedriver")
    service = make_term_service(tmp_path, datetime.now(UTC))
    app = create_app(service.cfg, service=service)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    end = time.monotonic() + 60
    while not server.started and time.monotonic() < end:
        time.sleep(0.1)
    url = f"http://127.0.0.1:{port}"
    drv = headless_chromium("1200,1000")
    try:
        drv.get(url + "/login")
        drv.find_element(By.ID, "token").send_keys((tmp_path / "data" / "ta-token").read_text().strip())
        drv.find_element(By.ID, "login").click()
        # The login's redirect sets the session cookie: a page asked for before it lands is the
        # login form again (this raced under load).
        WebDriverWait(drv, 60).until(ec.presence_of_element_located((By.ID, "similarity-link")))
        end = time.monotonic() + 120
        drv.get(url + "/ta/similarity?assignment=hw5")
        assert "after its due date" in drv.find_element(By.ID, "similarity-state").text
        Select(drv.find_element(By.ID, "similarity-assignment")).select_by_value("hw2")
        drv.find_element(By.CSS_SELECTOR, "#similarity-picker button").click()
        # The click starts a navigation: wait for the new page before reading it, or the
        # old page's report element can go stale under the read.
        WebDriverWait(drv, 60).until(ec.url_contains("assignment=hw2"))
        while "s1 and s2" not in _text_of(drv, "similarity-report"):
            assert time.monotonic() < end, _text_of(drv, "similarity-state")
            time.sleep(1)
            drv.refresh()
        assert "Chapter 2: performance" in drv.find_element(By.TAG_NAME, "h1").text
        assert drv.current_url.endswith("/ta/similarity?assignment=hw2")
        row = drv.find_element(By.CSS_SELECTOR, "#unit-histogram tr[data-a='s1'][data-b='s3']")
        assert "jaxpr" in row.text
        height = drv.execute_script("return document.documentElement.scrollHeight")
        drv.set_window_size(1200, min(int(height) + 40, 2400))
        drv.save_screenshot(str(screenshot_folder(tmp_path) / SCREENSHOT_NAME))
    finally:
        drv.quit()
        server.should_exit = True
        thread.join(timeout=30)
        service.close()
