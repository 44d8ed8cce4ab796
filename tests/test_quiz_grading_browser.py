"""Rubric grading in a real browser (issue 29 "Done when"): Chromium (Selenium, chromedriver) against a
real `jaxgrade serve` on loopback.

Ten students uploaded chapter 2 with a written answer to ch02.q1 (their quiz answers read by the
worker's hook; the exercise results recorded, not graded: this is about the quiz). A TA opens the
question's grading page, which is anonymous (no student id or name anywhere in the page), grades all
ten answers with the keyboard only (digits toggle rubric items, j goes to the next answer), edits
rubric item 1's points, and every affected total changes, on each student's pages and in the CSV.
"Show names" shows them and is audited. Releasing an assignment with written answers not graded
asks first; before release no student route shows a quiz comment, item or model answer.
Screenshots of the grading page and the student's view go to $JAXGRADE_SCREENSHOTS
(docs/screenshots/ when regenerating them), else to the test's folder.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from autograder.service.domain.gradebook import quiz_ledger

from helpers import chromium
from helpers.browserish import Browserish
from helpers.ledger_term import make_term
from helpers.quiz_term import KEY, letters_for, upload_quiz
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

STUDENTS = tuple(f"s{n:02d}" for n in range(1, 11))
POINTS = {"histogram": 10.0, "recompile": 5.0, "fusion": 10.0, "safe_distance": 0.0}  # 25 of 40
SECRET = "HW5-SECRET-COMMENT"  # a TA's comment on a hw5 answer (hw5: grades shown on release only)


# Ten answers to ch02.q1; s09's and s10's are one group (the same words up to spacing, case and
# punctuation), graded with one key press.
TEXTS = {
    "s01": "make_jaxpr 返回 ClosedJaxpr,常量在 consts 里",
    "s02": "返回一个 jax.core.ClosedJaxpr 对象,闭包捕获的数组是 constvars",
    "s03": "是 Jaxpr 文本",
    "s04": "ClosedJaxpr;jaxpr 字段是 Jaxpr,consts 是闭包里的常量",
    "s05": "返回的是字符串",
    "s06": "ClosedJaxpr 类型,打印时 constvars 出现在 lambda 前面",
    "s07": "一个 Python 函数",
    "s08": "ClosedJaxpr,把常量作为 constvars 传入",
    "s09": "它是 ClosedJaxpr。",
    "s10": "它是closedjaxpr",
}
GROUP = ("s09", "s10")


def _plan(sid: str) -> tuple[int, ...]:
    """Which rubric items (digit keys) the TA gives the student's answer: item 1 to everyone,
    item 2 also to s02, s04, s06 and s08."""
    return (1,) if sid in GROUP or int(sid[1:]) % 2 else (1, 2)


@pytest.fixture(scope="module")
def quiz_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    root = tmp_path_factory.mktemp("quiz-browser")
    term = make_term(root, STUDENTS)
    with term.service.engine.begin() as conn:
        quiz_ledger.enable(conn, "hw2", "anna", term.now[0])
        quiz_ledger.enable(conn, "hw5", "anna", term.now[0])
    for sid in STUDENTS:
        answers = {"ch02.q1": TEXTS[sid], "ch02.q3": letters_for("ch02.q3", sid, right=True)}
        upload_quiz(term, sid, "hw2", POINTS, answers)
    hw5 = {"ch05.q2": "用 custom_vjp 定义反向", "ch05.q4": "FFI 的 handler 在 C++ 里注册"}
    upload_quiz(term, "s01", "hw5", {"reduce_sum_rules": 10.0}, hw5)
    tokens = dict(term.tokens)
    term.service.close()
    served = serve(root / "data", "--course", str(root / "course.toml"), "--workers", "0")
    try:
        yield {"served": served, "tokens": tokens}
    finally:
        served.stop()


@pytest.fixture()
def driver() -> Iterator[WebDriver]:
    drv = chromium.headless_chromium()
    try:
        yield drv
    finally:
        drv.quit()


def _log_in(drv: WebDriver, served: Served, token: str) -> None:
    drv.delete_all_cookies()
    drv.get(served.url + "/login")
    drv.find_element(By.ID, "token").send_keys(token)
    drv.find_element(By.ID, "login").click()
    WebDriverWait(drv, 30).until(lambda d: "/login" not in d.current_url)


def _press(drv: WebDriver, key: str, changed: Any) -> None:
    """Press a key on the page (not in a field) and wait until `changed(driver)` holds."""
    drv.find_element(By.TAG_NAME, "body").send_keys(key)
    # the page reloads under the wait: an element read from the old page may go stale meanwhile, and
    # the new page is read only once it has loaded
    ignored = (StaleElementReferenceException, NoSuchElementException, JavascriptException)
    WebDriverWait(drv, 30, ignored_exceptions=ignored).until(
        lambda d: changed(d) and d.execute_script("return document.readyState") == "complete"
    )


def _answer_id(drv: WebDriver) -> str:
    return str(drv.execute_script("return new URL(location.href).searchParams.get('at') || ''"))


def _grades(served: Served) -> dict[str, dict[str, str]]:
    status, _, body = call(served, "GET", "/api/assignments/hw2/grades.csv", token=served.ta)
    assert status == 200, body[:300]
    return {r["student_id"]: r for r in csv.DictReader(io.StringIO(body.decode("utf-8")))}


def _full_shot(drv: WebDriver, path: Path) -> None:
    height = drv.execute_script("return document.documentElement.scrollHeight")
    drv.set_window_size(1100, min(max(int(height) + 40, 600), 3000))
    drv.save_screenshot(str(path))
    drv.set_window_size(1100, 1000)


def _pressed(drv: WebDriver, key: int) -> bool:
    return drv.find_element(By.ID, f"item-{key}").get_attribute("aria-pressed") == "true"


def _grade_all_with_the_keyboard(drv: WebDriver, served: Served) -> list[str]:
    """Grade every answer of ch02.q1 by key presses only; returns the students in the order seen."""
    drv.get(served.url + "/ta/quiz/hw2/ch02.q1")
    by_text = {text: sid for sid, text in TEXTS.items()}
    seen: list[str] = []
    for n in range(len(STUDENTS)):
        assert f"Answer {n + 1} of {len(STUDENTS)}" in drv.page_source
        sid = by_text[drv.find_element(By.ID, "answer-text").text]
        seen.append(sid)
        group = drv.find_element(By.ID, "group").text
        if sid in GROUP:
            assert "2 identical answers in this group" in group
        if sid in GROUP and _pressed(drv, 1):  # graded with its group's first answer
            assert "graded: 1 / 3" in group
        else:
            for key in _plan(sid):
                assert not _pressed(drv, key)
                _press(drv, str(key), lambda d, k=key: _pressed(d, k))
            if sid in GROUP:  # one key grades the other answer of the group too
                _press(drv, "g", lambda d: "The group was graded" in d.page_source)
        assert "graded:" in drv.find_element(By.ID, "group").text
        if n + 1 < len(STUDENTS):
            at = _answer_id(drv)
            _press(drv, "j", lambda d, at=at: _answer_id(d) not in ("", at))
    assert f"Graded {len(STUDENTS)} of {len(STUDENTS)}" in drv.find_element(By.ID, "progress").text
    return seen


def _without_tokens(page: str) -> str:
    """The page without its random CSRF token values (which could hold any three characters)."""
    return re.sub(r'name="csrf_token" value="[^"]*"', "", page)


def test_a_ta_grades_ten_answers_with_the_keyboard_and_an_item_edit_moves_every_total(
    quiz_server: dict[str, Any], driver: WebDriver, tmp_path: Path
) -> None:
    served: Served = quiz_server["served"]
    shots = chromium.screenshot_folder(tmp_path)
    before = _grades(served)
    assert {before[s]["final_total"] for s in STUDENTS} == {"27.00"}  # 25 + ch02.q3's 2 points
    assert before["s01"]["max_total"] == "62.00"

    _log_in(driver, served, served.ta)
    driver.get(served.url + "/ta/quiz?assignment=hw2")
    assert "10 written answers not graded" in driver.find_element(By.ID, "quiz-incomplete").text
    seen = _grade_all_with_the_keyboard(driver, served)
    assert sorted(seen) == list(STUDENTS) and seen != list(STUDENTS)  # each once, in the TA's own order

    # anonymous: no student id and no name anywhere in the page (text or attributes)
    page = _without_tokens(driver.page_source)
    assert not [s for s in STUDENTS if s in page] and "学生" not in page
    assert driver.find_elements(By.ID, "anonymous")
    _full_shot(driver, shots / "quiz-grading.png")

    graded = _grades(served)
    expected = {s: 27.0 + len(_plan(s)) for s in STUDENTS}  # items 1 and 2 are worth 1 point each
    assert {s: float(graded[s]["final_total"]) for s in STUDENTS} == expected

    # item 1 is worth 0.25 from now on: every answer it was applied to (all ten) loses 0.75
    form = driver.find_element(By.ID, "edit-1")
    field = form.find_element(By.NAME, "points")
    field.clear()
    field.send_keys("0.25")
    form.find_element(By.TAG_NAME, "button").click()
    WebDriverWait(driver, 30).until(lambda d: "Rubric item saved" in d.page_source)
    after = _grades(served)
    assert {s: float(after[s]["final_total"]) for s in STUDENTS} == {s: v - 0.75 for s, v in expected.items()}

    driver.get(served.url + "/ta/quiz?assignment=hw2")  # progress and item analysis
    table = driver.find_element(By.ID, "quiz-questions").text
    assert "10 / 10 graded" in table and "ta: 10" in table
    assert "2✓: 10" in table  # ch02.q3: every student chose its correct option (the key's 2nd)
    assert driver.find_elements(By.ID, "quiz-complete")
    _full_shot(driver, shots / "quiz-overview.png")

    for sid in STUDENTS:  # every student's own pages show the new total
        _log_in(driver, served, quiz_server["tokens"][sid])
        driver.get(served.url + "/assignments/hw2")
        score = driver.find_element(By.ID, "score-line").text
        assert f"{expected[sid] - 0.75:g}" in score and "62" in score, (sid, score)
        driver.get(served.url + "/assignments/hw2/quiz")
        q1 = driver.find_element(By.ID, "quiz-ch02.q1").text
        assert f"{len(_plan(sid)) - 0.75:g} / 3" in q1, (sid, q1)
    _full_shot(driver, shots / "quiz-student.png")


def test_show_names_is_audited(quiz_server: dict[str, Any], driver: WebDriver) -> None:
    served: Served = quiz_server["served"]
    _log_in(driver, served, served.ta)
    driver.get(served.url + "/ta/quiz/hw2/ch02.q1?names=1")  # asking by URL alone shows nothing
    assert not driver.find_elements(By.ID, "student-name")
    driver.find_element(By.ID, "show-names").click()
    WebDriverWait(driver, 30).until(lambda d: d.find_elements(By.ID, "student-name"))
    shown = driver.find_element(By.ID, "student-name").text
    text = driver.find_element(By.ID, "answer-text").text
    sid = next(sid for sid, t in TEXTS.items() if t == text)
    assert shown == f"{sid} · 学生 {sid}"
    status, _, body = call(served, "GET", "/api/audit", token=served.ta)
    assert status == 200
    assert "ch02.q1: student names shown on the grading page" in body.decode("utf-8")


def _secret_texts() -> list[str]:
    assert KEY is not None
    q = KEY.question("ch05.q2")
    assert q is not None
    return [SECRET, q.model_answer.splitlines()[0], q.rubric[0].description]


def _comment_on_hw5_q2(served: Served) -> None:
    """A TA's comment on s01's hw5 answer to ch05.q2 (ch05.q4 stays not graded)."""
    ta = Browserish(served.url)
    ta.log_in(served.ta)
    page = ta.get("/ta/quiz/hw5/ch05.q2")
    action = re.search(r'action="(/ta/quiz/hw5/ch05.q2/answers/[0-9a-f]+)"', page.text)
    assert action is not None, page.text[:2000]
    fields = {"csrf_token": page.csrf(), "action": "comment", "comment": SECRET}
    assert ta.post_form(action.group(1), fields).status == 303


def test_before_release_no_student_route_shows_the_quiz_grading(quiz_server: dict[str, Any]) -> None:
    served: Served = quiz_server["served"]
    _comment_on_hw5_q2(served)
    student = Browserish(served.url)
    student.log_in(quiz_server["tokens"]["s01"])
    for path in ("/", "/assignments/hw5", "/assignments/hw5/quiz", "/attempts.json"):
        reply = student.get(path)
        assert reply.status == 200, path
        assert not [t for t in _secret_texts() if t in reply.text], path
    for path in ("/api/me/assignments", "/api/me/submissions", "/api/audit"):
        status, _, body = call(served, "GET", path, token=quiz_server["tokens"]["s01"])
        text = body.decode("utf-8")
        assert status == 200 and not [t for t in _secret_texts() if t in text], path
    assert "成绩发布后" in student.get("/assignments/hw5/quiz").text
    assert student.get("/ta/quiz/hw5/ch05.q2").status == 303  # a TA route sends a student to log in


def test_releasing_with_written_answers_not_graded_asks_first(quiz_server: dict[str, Any]) -> None:
    served: Served = quiz_server["served"]
    _comment_on_hw5_q2(served)
    ta = Browserish(served.url)
    ta.log_in(served.ta)
    page = ta.get("/ta/assignments/hw5")
    assert "incomplete, 1 written answers not graded" in page.text  # ch05.q4
    csrf = page.csrf()
    status, _, body = call(served, "POST", "/api/assignments/hw5/release-grades", token=served.ta)
    assert status == 409 and b"quiz_incomplete" in body  # the JSON API asks first too
    warned = ta.post_form("/ta/assignments/hw5/release-grades", {"csrf_token": csrf})
    assert warned.status == 409 and "not graded yet" in warned.text
    assert 'id="released"' not in ta.get("/ta/assignments/hw5").text  # nothing was released
    fields = {"csrf_token": csrf, "confirm_incomplete": "1"}
    assert ta.post_form("/ta/assignments/hw5/release-grades", fields).status == 303
    assert 'id="released"' in ta.get("/ta/assignments/hw5").text
    student = Browserish(served.url)
    student.log_in(quiz_server["tokens"]["s01"])
    shown = student.get("/assignments/hw5/quiz").text
    assert SECRET in shown and "助教还在批改" in shown  # the comment, and ch05.q4 still being graded
    form = re.search(r'<form method="post" action="(/regrade-requests\?assignment=hw5)"', shown)
    assert form is not None and 'name="exercise" value="ch05.q2"' in shown  # graded: a request may be filed
    fields = {
        "csrf_token": student.get("/assignments/hw5/quiz").csrf(),
        "exercise": "ch05.q2",
        "message": "我用了 custom_vjp,请复核",
    }
    assert student.post_form(form.group(1), fields).status == 303
    assert "ch05.q2" in ta.get("/ta/requests").text
