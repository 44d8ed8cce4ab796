"""The TA's tables without dead ends (issue 34 §3, §4), through the real `jaxgrade serve`:

- every TA table row and regrade request that names an attempt links to that attempt's TA page
  (code cells, feedback, grader log, timeline), which answers 200 with that attempt's content;
- one attempt number per student and assignment wherever a person reads one: the student's attempt
  page, the API the clients read (`number`), the terminal client and the notebook cell's output;
- in Chromium: every student table sorts by a click on its header (numbers as numbers) and filters
  from a box above it, and a wide table scrolls inside its card in a narrow window (screenshots into
  docs/screenshots/ with JAXGRADE_SCREENSHOTS);
- a regrade request filed from the second assignment returns to that assignment, confirmed.

The term is prepared on the in-process core (grading recorded, helpers/ledger_term.py): s01 uploads
to hw2 (id 1) and twice to hw5 (ids 2, 3), s02 late to hw2 (id 4); s03 uploads nothing. hw5's grades
are released; s01 asks for a regrade of hw2; a regrade run of hw2 with fusion worth 5 is graded.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import threading
from collections.abc import Iterator
from datetime import timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from autograder.service.domain.review import grade_review
from jaxcourse import notebook_submit

from helpers import chromium
from helpers.browserish import Browserish
from helpers.ledger_term import HW2_DUE, START, make_term, release_with_points
from helpers.served import call, serve

TA = "ta-bo"
REPO = Path(__file__).resolve().parents[1]
# s01's hw2 total 9 and s02's 25 (22.50 after the late factor), s03 0: as text "22.50" < "9.00"
S01_HW2 = {"histogram": 9.0}
S02_HW2 = {"histogram": 10.0, "recompile": 5.0, "fusion": 10.0}
LOG_LINE = "ffi_lowering: clang++ exited 1 (a build error, shown to the TA)"


@pytest.fixture(scope="module")
def term(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    root = tmp_path_factory.mktemp("ta-tables")
    t = make_term(root)
    ta_token = t.service.identity.import_tas([TA])[TA]
    # s01's hw2 comes back from the grade host with its log and feedback page as the grade's artefacts
    results = {"output": "状态:部分完成", "tests": [
        {"name": "ffi_lowering: builds", "status": "failed", "score": 0, "max_score": 5, "output": LOG_LINE},
    ]}  # fmt: skip
    artefacts = {
        "results_json": json.dumps(results, ensure_ascii=False).encode("utf-8"),
        "feedback_html": b"<p>feedback of s01</p>",
    }
    ids = {"s01/hw2": t.upload("s01", "hw2", S01_HW2, artefacts=artefacts)}
    ids["s01/hw5#1"] = t.upload("s01", "hw5", {"reduce_sum_rules": 10.0})
    t.set_time(START + timedelta(minutes=5))
    ids["s01/hw5#2"] = t.upload("s01", "hw5", {"reduce_sum_rules": 10.0, "silu_ffi": 5.0})
    t.set_time(HW2_DUE + timedelta(hours=2, minutes=30))
    ids["s02/hw2"] = t.upload("s02", "hw2", S02_HW2)
    t.service.grade_release.release("hw5", actor=TA)
    grade_review.open_request(t.service, "hw2", "s01", "fusion", "请再看一下 fusion")
    moved = release_with_points(root, "2026-fall-r1", {"fusion": 5.0})
    run_id = t.regrade_run("hw2", moved, {"s01": S01_HW2, "s02": {**S02_HW2, "fusion": 5.0}})
    t.service.close()
    served = serve(root / "data", "--course", str(root / "course.toml"), "--workers", "0")
    ta = Browserish(served.url)
    assert ta.log_in(ta_token).status == 303
    yield {"served": served, "ta": ta, "token": ta_token, "ids": ids, "run": run_id}
    served.stop()


ATTEMPT_LINK = re.compile(r'<a href="/ta/attempts/(\d+)" class="attempt-link" data-attempt="\d+">#(\d+)</a>')
# attempt id -> (student, number): what each link must say and open
EXPECTED = {1: ("s01", 1), 2: ("s01", 1), 3: ("s01", 2), 4: ("s02", 1)}


def _body_rows(html: str, table_marker: str) -> list[str]:
    """The <tbody> rows of the first table after `table_marker` in the page."""
    start = html.index(table_marker)
    body = html[html.index("<tbody>", start) : html.index("</tbody>", start)]
    return re.findall(r"<tr[^>]*>.*?</tr>", body, re.S)


def test_every_student_row_and_request_links_its_attempt(term: dict[str, Any]) -> None:
    ta, run = term["ta"], term["run"]
    # (page, the table's marker, students whose rows name an attempt)
    tables = [
        ("/ta/assignments/hw2", 'id="students"', {"s01", "s02"}),
        ("/ta/assignments/hw5", 'id="students"', {"s01"}),
        ("/ta/assignments/hw5/students/s01", 'id="attempts"', {"s01"}),
        ("/ta/requests", 'id="queue-requests"', {"s01"}),
        (f"/ta/regrade-runs/{run}", 'id="diff-table"', {"s01", "s02"}),
    ]
    own = {"/ta/assignments/hw5/students/s01": "s01"}  # a student's page: every row is theirs
    links: dict[int, int] = {}
    for page, marker, submitted in tables:
        reply = ta.get(page)
        assert reply.status == 200, page
        rows = _body_rows(reply.text, marker)
        assert rows, page
        for row in rows:
            named = (s for s in ("s01", "s02", "s03") if f">{s}<" in row or f'"{s}"' in row)
            student = own.get(page) or next(named, None)
            found = ATTEMPT_LINK.findall(row)
            if student in submitted:
                assert len(found) == 1, (page, row)  # the row's attempt, by its number
            else:
                assert not found and "not submitted" in row, (page, row)
            links.update({int(i): int(n) for i, n in found})
    assert ATTEMPT_LINK.search(ta.get("/ta/assignments/hw5/students/s01").text)  # both hw5 attempts
    assert len(_body_rows(ta.get("/ta/assignments/hw5/students/s01").text, 'id="attempts"')) == 2
    # a request's thread, the student's review page and the audit log name the attempt the same way
    request_page = ta.get("/ta/request/1").text
    assert re.search(r"attempt " + ATTEMPT_LINK.pattern + r", asked", request_page)
    for page in ("/ta/request/1", "/ta/students/s01?assignment=hw2", "/ta/audit"):
        found = ATTEMPT_LINK.findall(ta.get(page).text)
        assert found, page
        links.update({int(i): int(n) for i, n in found})
    assert set(links) == set(EXPECTED)
    for attempt_id, number in links.items():
        student, expected = EXPECTED[attempt_id]
        assert number == expected, attempt_id  # never the database id
        page = ta.get(f"/ta/attempts/{attempt_id}")
        assert page.status == 200
        title = re.search(r'id="attempt-title">(.*?)</h1>', page.text, re.S)
        assert title is not None and f"({student}): attempt {number} of" in title.group(1)
        assert "import otter" in page.text  # a code cell of the uploaded notebook
        assert 'id="attempt-timeline"' in page.text and "uploaded" in page.text
    s01 = ta.get(f"/ta/attempts/{term['ids']['s01/hw2']}").text
    assert LOG_LINE in s01 and 'src="/ta/attempts/1/feedback"' in s01
    assert "regrade" in s01 or "request" in s01  # the audit entries that name the attempt
    feedback = ta.get("/ta/attempts/1/feedback")
    assert feedback.status == 200 and "feedback of s01" in feedback.text
    assert "sandbox" in feedback.headers["Content-Security-Policy"]


def test_the_attempt_page_is_for_tas_only(term: dict[str, Any]) -> None:
    student = Browserish(term["served"].url)
    assert student.log_in(term["served"].tokens["s02"]).status == 303
    assert student.get("/ta/attempts/1").status == 303  # to the log-in page, nothing of s01's
    assert student.get("/ta/attempts/1/feedback").status == 401
    assert term["ta"].get("/ta/attempts/999").status == 404


# ---- one number per student and assignment, in the API and every client -------------------------


def _student_get(term: dict[str, Any], sid: str, path: str) -> Any:
    status, _, body = call(term["served"], "GET", path, token=term["served"].tokens[sid])
    assert status == 200, body
    return json.loads(body)


def test_the_api_and_the_students_page_give_the_number_within_the_assignment(term: dict[str, Any]) -> None:
    second = term["ids"]["s01/hw5#2"]
    assert second == 3
    doc = _student_get(term, "s01", f"/api/submissions/{second}")
    assert doc["id"] == 3 and doc["number"] == 2 and doc["assignment"] == "hw5"
    listed = {d["id"]: d["number"] for d in _student_get(term, "s01", "/api/me/submissions")}
    assert listed == {1: 1, 2: 1, 3: 2}
    student = Browserish(term["served"].url)
    assert student.log_in(term["served"].tokens["s01"]).status == 303
    page = student.get(f"/attempts/{second}").text
    assert "提交 #2" in page and "提交 #3" not in page


@pytest.fixture
def answering(term: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """A loopback server answering the clients with the service's own documents of s01's second
    hw5 attempt: the upload's answer and the attempt, as the real API gave them."""
    doc = _student_get(term, "s01", f"/api/submissions/{term['ids']['s01/hw5#2']}")
    accepted = {"id": doc["id"], "number": doc["number"], "status": "queued"}

    class Handler(BaseHTTPRequestHandler):
        def _answer(self) -> None:
            self.rfile.read(int(self.headers.get("Content-Length") or 0))
            if self.path.endswith("/feedback"):
                body, ctype = b"<p>feedback</p>", "text/html"
            else:
                body, ctype = (
                    json.dumps(accepted if self.command == "POST" else doc).encode(),
                    "application/json",
                )
            self.send_response(202 if self.command == "POST" else 200)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        do_GET = do_POST = _answer

        def log_message(self, format: str, *args: object) -> None:
            pass

    srv = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{srv.server_address[1]}", doc
    srv.shutdown()
    srv.server_close()


def test_the_terminal_client_and_the_notebook_print_the_number(
    answering: tuple[str, dict[str, Any]], tmp_path: Path
) -> None:
    server, doc = answering
    nb = tmp_path / "ch05_interop.ipynb"
    nb.write_text("{}", encoding="utf-8")
    base = {k: v for k, v in os.environ.items() if k not in ("JAXGRADE_TOKEN", "JAXGRADE_LANGUAGE")}
    done = subprocess.run(
        [sys.executable, str(REPO / "jaxcourse" / "_submit_client.py"), "--server", server, str(nb)],
        env={**base, "JAXGRADE_TOKEN": "tok-" + "s" * 40},
        capture_output=True, text=True, timeout=60, check=False, cwd=tmp_path,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "已提交:#2" in done.stderr and "#3" not in done.stderr + done.stdout
    assert "提交 #2" in done.stdout
    assert [p.name for p in tmp_path.glob("jaxgrade-feedback-*.html")] == ["jaxgrade-feedback-hw5-2.html"]
    shown = notebook_submit.result_html(doc, None, f"{server}/attempts/3")
    assert "提交 #2 已评分" in shown and "#3" not in shown


# ---- a regrade request from the second assignment -----------------------------------------------


def test_a_request_from_the_second_assignment_returns_to_it(term: dict[str, Any]) -> None:
    student = Browserish(term["served"].url)
    assert student.log_in(term["served"].tokens["s01"]).status == 303
    page = student.get("/assignments/hw5")
    form = re.search(r'<form method="post" action="([^"]+)" id="request-form">', page.text)
    assert form is not None, page.text[-2000:]
    fields = {"csrf_token": page.csrf(), "exercise": "silu_ffi", "message": "请再看一下 silu_ffi"}
    filed = student.post_form(form.group(1).replace("&amp;", "&"), fields)
    assert filed.status == 303 and filed.headers["Location"] == "/assignments/hw5?requested=1#review"
    assert "复核申请已提交" in student.get("/assignments/hw5?requested=1").text
    again = student.post_form(form.group(1).replace("&amp;", "&"), {**fields, "csrf_token": page.csrf()})
    assert again.status >= 400 and 'href="/assignments/hw5"' in again.text  # refused: back to hw5


# ---- sorting, filtering and scrolling in Chromium ----------------------------------------------

SHOTS = ("ta_table_sorted_filtered.png", "ta_table_scrolls_in_card.png", "ta_attempt_page.png")


@pytest.mark.skipif(not chromium.available(), reason=chromium.MISSING)
def test_a_ta_sorts_filters_and_scrolls_the_student_table_in_chromium(
    term: dict[str, Any], tmp_path: Path
) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec

    drv = chromium.headless_chromium("1100,900")
    wait = chromium.page_wait(drv, 60)
    folder = chromium.screenshot_folder(tmp_path)

    def shot(name: str, width: int = 1100) -> None:
        assert name in SHOTS
        height = drv.execute_script("return document.documentElement.scrollHeight")
        drv.set_window_size(width, min(max(int(height) + 40, 600), 4000))
        assert drv.save_screenshot(str(folder / name)) and (folder / name).stat().st_size > 10_000

    def column(header: str) -> list[str]:
        return drv.execute_script(
            """const table = document.querySelector('#students table');
            const heads = Array.from(table.tHead.rows[0].cells);
            const i = heads.findIndex(th => th.textContent.trim().startsWith(arguments[0]));
            const shown = Array.from(table.tBodies[0].rows).filter(r => !r.hidden);
            return shown.map(r => r.cells[i].textContent.trim());""",
            header,
        )

    try:
        drv.get(term["served"].url + "/login")
        drv.find_element(By.ID, "token").send_keys(term["token"])
        drv.find_element(By.ID, "login").click()
        wait.until(ec.presence_of_element_located((By.CSS_SELECTOR, "span.who")))
        drv.get(term["served"].url + "/ta/assignments/hw2")
        final = wait.until(
            ec.element_to_be_clickable((By.XPATH, "//section[@id='students']//th/button[.='final']"))
        )
        assert column("student") == ["s01", "s02", "s03"]
        final.click()
        assert column("final") == ["0.00", "9.00", "22.50"]  # as numbers ("22.50" < "9.00" as text)
        assert column("student") == ["s03", "s01", "s02"]
        final.click()
        assert column("final") == ["22.50", "9.00", "0.00"]
        assert final.find_element(By.XPATH, "..").get_attribute("aria-sort") == "descending"
        box = drv.find_element(By.CSS_SELECTOR, "#students .table-filter input")
        box.send_keys("late")
        assert column("student") == ["s02"]
        assert drv.find_element(By.CSS_SELECTOR, "#students .table-count").text == "1 of 3 rows"
        shot("ta_table_sorted_filtered.png")
        box.clear()
        box.send_keys("S0")  # case-insensitive
        assert column("student") == ["s02", "s01", "s03"]

        drv.set_window_size(520, 900)  # the eleven columns no longer fit
        sizes = drv.execute_script(
            """const card = document.querySelector('#students');
            const page = document.documentElement.scrollWidth;
            return [card.scrollWidth, card.clientWidth, page, window.innerWidth];"""
        )
        card_scroll, card_width, page_width, window_width = sizes
        assert card_scroll > card_width  # the table scrolls inside its card ...
        assert page_width <= window_width  # ... and the page itself is no wider than the window
        shot("ta_table_scrolls_in_card.png", width=520)

        drv.set_window_size(1100, 900)
        drv.find_element(By.CSS_SELECTOR, "#students a.attempt-link[data-attempt='1']").click()
        wait.until(ec.text_to_be_present_in_element((By.ID, "attempt-title"), "attempt 1 of 1"))
        assert "import otter" in drv.find_element(By.ID, "attempt-code").text
        assert LOG_LINE in drv.find_element(By.ID, "attempt-log").text
        shot("ta_attempt_page.png")
        logs = [e for e in drv.get_log("browser") if e.get("level") == "SEVERE"]
        assert not logs, logs  # nothing refused by the pages' CSP
    finally:
        drv.quit()
