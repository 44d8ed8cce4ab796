"""Grading a group with `g` in a real browser moves no other student's points (issue 42): Chromium
(Selenium, chromedriver) against a real `jaxgrade serve` on loopback.

Three students wrote the same answer to ch02.q1 (one group), a fourth another one. A TA grades s01's
answer (items 1 and 2: 2 points), then presses `g` on s02's answer, which nobody graded: the page
says the answer must be graded first and every student's total stays as it was (s01 keeps its 2
points). Pressing `g` on s01's graded answer gives s02 and s03 its grade; s04, in another group,
does not move. The totals are read from the TA's grades CSV after every key press.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from autograder.service.domain.gradebook import quiz_ledger
from autograder.service.domain.identity import answer_handles
from autograder.service.domain.quiz import quiz_answers

from helpers import chromium
from helpers.ledger_term import make_term
from helpers.quiz_term import upload_quiz
from helpers.served import Served, call, serve

pytestmark = pytest.mark.slow
if not chromium.available():
    pytestmark = [pytest.mark.slow, pytest.mark.skip(reason=chromium.MISSING)]
else:
    from selenium.common.exceptions import (
        JavascriptException,
        NoSuchElementException,
        StaleElementReferenceException,
    )
    from selenium.webdriver.common.by import By
    from selenium.webdriver.remote.webdriver import WebDriver
    from selenium.webdriver.support.ui import WebDriverWait

STUDENTS = ("s01", "s02", "s03", "s04")
POINTS = {"histogram": 10.0, "recompile": 5.0, "fusion": 10.0, "safe_distance": 0.0}  # 25 of 40
TEXTS = {
    "s01": "它是 ClosedJaxpr。",
    "s02": "它是closedjaxpr",
    "s03": "它是 ClosedJaxpr",
    "s04": "返回的是字符串",
}


@pytest.fixture(scope="module")
def group_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    root = tmp_path_factory.mktemp("group-browser")
    term = make_term(root, STUDENTS)
    with term.service.engine.begin() as conn:
        quiz_ledger.enable(conn, "hw2", "anna", term.now[0])
    answer_ids = {}
    for sid in STUDENTS:
        attempt = upload_quiz(term, sid, "hw2", POINTS, {"ch02.q1": TEXTS[sid]})
        with term.service.engine.connect() as conn:
            stored = quiz_answers.of_attempts(conn, [attempt])
        answer_ids[sid] = next(a.id for a in stored if a.question == "ch02.q1")
    handles = answer_handles.handles_for(term.service.cfg.data_dir)  # the key the service will use
    answer_ids = {sid: handles.of("hw2", i) for sid, i in answer_ids.items()}
    term.service.close()
    served = serve(root / "data", "--course", str(root / "course.toml"), "--workers", "0")
    try:
        yield {"served": served, "answers": answer_ids}  # each student's answer's handle
    finally:
        served.stop()


@pytest.fixture()
def driver() -> Iterator[WebDriver]:
    drv = chromium.headless_chromium()
    try:
        yield drv
    finally:
        drv.quit()


def _totals(served: Served) -> dict[str, float]:
    status, _, body = call(served, "GET", "/api/assignments/hw2/grades.csv", token=served.ta)
    assert status == 200, body[:300]
    rows = csv.DictReader(io.StringIO(body.decode("utf-8")))
    return {r["student_id"]: float(r["final_total"]) for r in rows}


def _press(drv: WebDriver, key: str, changed: Any) -> None:
    """Press a key on the page (not in a field) and wait until `changed(driver)` holds on the page
    that the key press loaded."""
    drv.find_element(By.TAG_NAME, "body").send_keys(key)
    ignored = (StaleElementReferenceException, NoSuchElementException, JavascriptException)
    WebDriverWait(drv, 30, ignored_exceptions=ignored).until(
        lambda d: changed(d) and d.execute_script("return document.readyState") == "complete"
    )


def _open(drv: WebDriver, served: Served, handle: str) -> None:
    drv.get(f"{served.url}/ta/quiz/hw2/ch02.q1?at={handle}")
    assert drv.find_element(By.ID, "answer-card")


def _pressed(drv: WebDriver, key: int) -> bool:
    return drv.find_element(By.ID, f"item-{key}").get_attribute("aria-pressed") == "true"


def test_g_on_an_ungraded_answer_moves_no_one_and_on_a_graded_one_grades_its_group(
    group_server: dict[str, Any], driver: WebDriver, tmp_path: Path
) -> None:
    served: Served = group_server["served"]
    answers: dict[str, str] = group_server["answers"]
    start = _totals(served)
    assert start == {sid: 25.0 for sid in STUDENTS}  # written answers not graded count 0

    driver.delete_all_cookies()
    driver.get(served.url + "/login")
    driver.find_element(By.ID, "token").send_keys(served.ta)
    driver.find_element(By.ID, "login").click()
    WebDriverWait(driver, 30).until(lambda d: "/login" not in d.current_url)

    _open(driver, served, answers["s01"])  # s01's answer: items 1 and 2, one point each
    for key in (1, 2):
        _press(driver, str(key), lambda d, k=key: _pressed(d, k))
    graded = dict(start, s01=27.0)
    assert _totals(served) == graded

    _open(driver, served, answers["s02"])  # the same words, nobody graded it: g has nothing to give
    assert "3 identical answers in this group (2 not graded)" in driver.find_element(By.ID, "group").text
    assert driver.find_elements(By.ID, "ungraded")
    _press(driver, "g", lambda d: "not graded yet" in d.page_source)
    assert "The group was graded" not in driver.page_source
    assert driver.find_elements(By.ID, "ungraded")  # the answer in hand stays not graded
    assert _totals(served) == graded  # s01 keeps its 2 points; no one else moved

    _open(driver, served, answers["s01"])  # from the graded answer, g gives the group its grade
    _press(driver, "g", lambda d: "The group was graded" in d.page_source)
    assert "2 other answer(s)" in driver.page_source
    assert "(0 not graded)" in driver.find_element(By.ID, "group").text
    assert _totals(served) == dict(graded, s02=27.0, s03=27.0)  # s04's own answer did not move
    driver.save_screenshot(str(chromium.screenshot_folder(tmp_path) / "quiz-group-graded.png"))
