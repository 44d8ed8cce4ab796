"""Numbers that add up (issue 42): every total beside its parts, one name per number, every grade
change reaching the LMS, only an assignment's own chapters, times in the course's zone, words a
student reads.

On the in-process core (helpers/ledger_term.py: exercise results recorded, quiz answers read from
the notebook text as the worker does); the pages through the real web application on loopback
(uvicorn in a thread, on the term's own clock).
"""

from __future__ import annotations

import csv
import dataclasses
import html
import io
import json
import re
import time
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
import sqlalchemy as sa

from autograder.service.domain.course import audit
from autograder.service.domain.gradebook import quiz_ledger
from autograder.service.domain.lti import context_binding
from autograder.service.domain.quiz import quiz_answers, rubric_grading
from autograder.service.domain.review import attempt_review, grade_review
from autograder.service.storage import lti_tables as tables
from autograder.service.web import pages, review_views, rubric_pages, term_api, term_views
from jaxcourse._submit_client import score_table
from jaxcourse.quiz import option_order

from helpers import ledger_term
from helpers.browserish import Browserish
from helpers.inprocess_site import serving_app
from helpers.ledger_term import HW2_DUE, START, Term, make_term, outcome
from helpers.quiz_term import KEY, grader_quiz, letters_for, quiz_notebook, upload_quiz, with_quiz

HW2_POINTS = {"histogram": 10.0, "recompile": 5.0, "fusion": 10.0, "safe_distance": 0.0}  # 25 of 40
RIGHT_Q3 = "ch02.q3"  # a choice question of 2 points
WRITTEN_Q1 = "ch02.q1"  # a written question of 3 points


@pytest.fixture()
def term(tmp_path: Path) -> Term:
    return make_term(tmp_path, ("s01", "s02", "s03"))


def _enable(term: Term) -> None:
    with term.service.engine.begin() as conn:
        assert quiz_ledger.enable(conn, "hw2", "anna", term.now[0])


def _late_quiz_upload(term: Term, sid: str = "s01") -> int:
    """A late hw2 upload (factor 0.9): 25 exercise points, the right choice for q3, text for q1."""
    term.set_time(HW2_DUE + timedelta(minutes=5))
    answers = {RIGHT_Q3: letters_for(RIGHT_Q3, sid, right=True), WRITTEN_Q1: "OWN-WORDS 类型是 ClosedJaxpr"}
    return upload_quiz(term, sid, "hw2", HW2_POINTS, answers)


def _grade_q1(term: Term, attempt_id: int, *, items: int = 1) -> None:
    """A TA applies the first `items` rubric items of q1 to the attempt's answer."""
    question = next(q for q in quiz_ledger.questions_of(term.service.assignments["hw2"], ("ch02",))
                    if q.id == WRITTEN_Q1)  # fmt: skip
    with term.service.engine.begin() as conn:
        answer = next(a for a in quiz_answers.of_attempts(conn, [attempt_id]) if a.question == WRITTEN_Q1)
        rubric_grading.ensure_items(conn, "hw2", question, "anna", term.now[0])
        for item in rubric_grading.items(conn, "hw2", WRITTEN_Q1)[:items]:
            rubric_grading.toggle(conn, answer.id, item.id, "anna", term.now[0])


def _rows(text: str) -> dict[str, dict[str, str]]:
    return {r["student_id"]: r for r in csv.DictReader(io.StringIO(text))}


# ---- 1. every total beside its parts ---------------------------------------------------------------


def test_the_students_score_shows_every_part_of_the_final_total(term: Term) -> None:
    _enable(term)
    attempt = _late_quiz_upload(term)
    _grade_q1(term, attempt)
    record = term.service.exports.ledger.record("hw2", "s01")
    written = record.quiz_written
    assert record.quiz_choice == 2.0 and written is not None and written > 0 and record.factor == 0.9
    line = term_views.score_line(term.service, term.service.assignments["hw2"], "s01")
    assert line is not None and not line.hidden
    parts = {p.key: p for p in line.parts}
    assert set(parts) == {"exercises", "choice", "written", "late", "final"}
    assert (parts["exercises"].points, parts["exercises"].max_points) == ("25.00", "40.00")
    assert (parts["choice"].points, parts["choice"].max_points) == ("2.00", "4.00")
    assert parts["written"].max_points == "18.00" and float(parts["written"].points) == written
    assert parts["final"].max_points == "62.00" == f"{40 + 4 + 18:.2f}"  # the maximum includes the quiz
    assert "×0.9" in parts["late"].label
    # the parts add up to the final total, and every maximum to the final's
    raw = 25.0 + 2.0 + written
    penalty = float(parts["late"].points.lstrip("−"))
    assert penalty == pytest.approx(raw * 0.1, abs=0.006)
    assert float(parts["final"].points) == pytest.approx(raw - penalty, abs=0.006)
    assert float(parts["final"].points) == pytest.approx(record.final_total, abs=0.006)
    assert f"最终得分 {parts['final'].points} / 62.00" in line.text and "测验" in line.text


def test_the_student_quiz_page_shows_the_late_factor_beside_the_points(term: Term, site: str) -> None:
    _enable(term)
    attempt = _late_quiz_upload(term)
    _grade_q1(term, attempt)
    record = term.service.exports.ledger.record("hw2", "s01")
    raw = (record.quiz_choice or 0) + (record.quiz_written or 0)
    student = _student(term, site, "s01")
    home = student.get("/assignments/hw2").text  # both tables of the page: the quiz beside the exercises
    assert home.count('data-part="choice"') == 2 and home.count('data-part="final"') == 2
    assert "练习合计" in home and "62.00" in home
    page = student.get("/assignments/hw2/quiz").text
    assert f"{raw:g} / 22" in page  # the items' sum, not the late-factored total, beside the maximum
    assert "×0.9" in page and f'id="quiz-counted">{record.quiz_points:g}<' in page
    # the question's text, and each letter beside the option it stood for in the student's order
    key = quiz_ledger.questions_of(term.service.assignments["hw2"], ("ch02",))
    q3 = next(q for q in key if q.id == RIGHT_Q3)
    assert q3.prompt.strip().splitlines()[0][:20] in page.replace("&#34;", '"').replace("&#39;", "'")
    right = [q3.options[i] for i in sorted(q3.correct)]
    assert all(text in page for text in right)


def test_total_means_the_final_total_in_every_export(term: Term) -> None:
    _enable(term)
    attempt = _late_quiz_upload(term)
    _grade_q1(term, attempt)
    exports = term.service.exports
    per = _rows(exports.assignment_grades_csv("hw2"))["s01"]
    record = exports.ledger.record("hw2", "s01")
    final = f"{record.final_total:.2f}"
    assert per["total"] == per["final_total"] == final  # was the raw total (25.00) here
    assert per["raw_total"] == "25.00" and per["late_factor"] == "0.9" and per["quiz_max"] == "22.00"
    assert float(per["max_total"]) == 62.0
    quiz = float(per["quiz_total"])
    assert quiz == pytest.approx((float(per["quiz_choice"]) + float(per["quiz_written"])) * 0.9, abs=0.006)
    assert float(per["final_total"]) == pytest.approx(
        float(per["raw_total"]) - float(per["late_penalty"]) + quiz, abs=0.011
    )
    assert _rows(exports.grades_csv())["s01"]["total"] == final  # hw2 is the first assignment
    assert _rows(exports.summary_csv())["s01"]["hw2"] == final


def test_the_quiz_export_lists_each_questions_points_items_and_grader(term: Term) -> None:
    _enable(term)
    attempt = _late_quiz_upload(term)
    _grade_q1(term, attempt, items=1)
    rows = list(csv.DictReader(io.StringIO(term.service.exports.quiz_csv("hw2"))))
    assert {r["student_id"] for r in rows} == {"s01"}  # s02, s03: nothing counted, no rows
    by_q = {r["question"]: r for r in rows}
    assert set(by_q) == {f"ch02.q{n}" for n in range(1, 9)}
    q3, q1 = by_q[RIGHT_Q3], by_q[WRITTEN_Q1]
    assert (q3["kind"], q3["points"], q3["max_points"], q3["graded_by"]) == ("choice", "2.00", "2.00", "auto")
    assert q1["kind"] == "written" and q1["graded_by"] == "anna" and q1["rubric_items"].startswith("1 +")
    assert q1["attempt_number"] == "1" and "OWN-WORDS" not in json.dumps(rows)  # never the student's text
    record = term.service.exports.ledger.record("hw2", "s01")
    total = sum(float(r["points"] or 0) for r in rows)
    assert total == pytest.approx((record.quiz_choice or 0) + (record.quiz_written or 0))
    assert round(total * record.factor, 6) == pytest.approx(record.quiz_points)


def test_the_ta_api_has_one_name_per_number(term: Term) -> None:
    _enable(term)
    _late_quiz_upload(term)
    doc = term_api.student_term_json(term.service, "s01", "hw2")["counted"]
    assert not {"final", "raw", "penalty", "override"} & set(doc)  # `final` was the exercises' alone
    record = term.service.exports.ledger.record("hw2", "s01")
    assert doc["final_total"] == record.final_total and doc["max_total"] == 62.0
    assert doc["raw_total"] == 25.0 and doc["quiz_choice"] == 2.0 and doc["quiz_points"] == record.quiz_points
    assert doc["final_total"] == pytest.approx(25.0 * 0.9 + doc["quiz_points"])


# ---- 2. a grade read by a page reaches the LMS -------------------------------------------------------


def _lms_member(term: Term, sid: str) -> None:
    ags = {"lineitems": "http://127.0.0.1:9/ags/lineitems", "scope": []}
    with term.service.engine.begin() as conn:
        course = conn.execute(
            tables.contexts.insert().values(
                issuer="http://127.0.0.1:9", client_id="c", deployment_id="d", context_id="k", title="K",
                ags=json.dumps(ags), nrps_url=None, updated_at=time.time(),
            )
        ).inserted_primary_key[0]  # fmt: skip
        conn.execute(tables.members.insert().values(context=course, sub="u1", student_id=sid, updated_at=0.0))
        links = getattr(tables, "links", None)  # the account's one LMS user on the platform (lti/links.py)
        if links is not None:
            conn.execute(
                links.insert().values(
                    issuer="http://127.0.0.1:9", student_id=sid, sub="u1", linked_by="roster", linked_at=0.0
                )
            )
    context_binding.bind(term.service.engine, context_binding.ContextKey("http://127.0.0.1:9", "d", "k"), "t")


def _queued(term: Term, sid: str) -> list[float]:
    with term.service.engine.connect() as conn:
        found = conn.execute(sa.select(tables.scores.c.score).where(tables.scores.c.student_id == sid))
        return [r.score for r in found]


def test_the_graders_quiz_points_reach_the_lms_with_the_grade_and_a_page_view_changes_nothing(
    term: Term,
) -> None:
    """Quiz answers used to be read when a TA opened the quiz page (after the worker's read failed),
    moving the total there. Now the grader's quiz scores are recorded with the grade, in one command
    that queues the LMS score with them (issue 42, section 2); opening the page changes nothing."""
    _enable(term)
    _lms_member(term, "s01")
    data = quiz_notebook("ch02", {RIGHT_Q3: letters_for(RIGHT_Q3, "s01", right=True)})
    att = term.service.intake.submit("s01", [("ch02_performance.ipynb", data)], "hw2")
    claimed = term.service.queue.claim_next("w")
    assert claimed is not None
    term.set_time(HW2_DUE + timedelta(minutes=1))  # hw2's grades show after its due date
    quiz = grader_quiz(term.service, claimed, "hw2")  # the grade host's scoring of the upload
    done = with_quiz(outcome("s01", "hw2", HW2_POINTS, term.out_dir), quiz)
    assert term.service.queue.finish_graded("w", att.id, done)
    record = term.service.exports.ledger.record("hw2", "s01")
    assert record.final_total == 27.0  # the choice question's 2 points are in the total ...
    assert _queued(term, "s01") == [27.0]  # ... and in the LMS score queued by the same command
    rubric_pages.counted_answers(term.service, term.service.assignments["hw2"])  # a TA opens the page
    assert term.service.exports.ledger.record("hw2", "s01").final_total == 27.0
    assert _queued(term, "s01") == [27.0]


# ---- 3. only the assignment's own chapters ---------------------------------------------------------


def test_a_chapter_2_assignment_never_says_chapter_5_is_missing(term: Term) -> None:
    attempt_id = term.upload("s01", "hw2", HW2_POINTS)  # graded as the batch does: partial:not_submitted:ch05
    term.set_time(HW2_DUE + timedelta(minutes=1))
    seen = term.service.student_views.attempts("s01", "hw2")[0]
    doc = seen.to_json()
    assert doc["grade_status"] == "ok" and doc["max_score"] == 40.0 and doc["score"] == 25.0
    assert set(doc["exercises"]) == set(HW2_POINTS)  # no chapter-5 exercise
    printed = score_table({**doc, "number": 1})  # what `jaxgrade submit` prints
    assert "ch05" not in printed and "not_submitted" not in printed and "25 / 40" in printed
    review = attempt_review.review(term.service, attempt_id, named=True,
        own_part=term.service.attempt_reads.own_part,
    )  # fmt: skip
    assert review is not None and review.grade_status == "ok" and set(review.exercises) == set(HW2_POINTS)
    # the control: a notebook of the assignment's own chapter missing is still said to be missing
    att = term.service.intake.submit("s02", [("nb.ipynb", b"{}")], "hw2")
    assert term.service.queue.claim_next("w") is not None
    missing = dataclasses.replace(
        outcome("s02", "hw2", {}, term.out_dir), grade_status="partial:not_submitted:ch02"
    )
    assert term.service.queue.finish_graded("w", att.id, missing)
    own = term.service.attempt_reads.attempt("s02", att.id)
    assert own is not None and own.grade_status == "partial:not_submitted:ch02"


# ---- 4. times in the course's time zone -------------------------------------------------------------


@pytest.fixture()
def shanghai(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Term:
    """The term with `timezone = "Asia/Shanghai"` in its course file."""
    plain = ledger_term.write_course

    def write(path: Path) -> Path:
        plain(path)
        path.write_text('timezone = "Asia/Shanghai"\n' + path.read_text(encoding="utf-8"), encoding="utf-8")
        return path

    monkeypatch.setattr(ledger_term, "write_course", write)
    return make_term(tmp_path, ("s01", "s02"))


def test_student_pages_show_times_in_the_course_zone_named(shanghai: Term) -> None:
    term = shanghai
    term.upload("s01", "hw2", HW2_POINTS)
    due = (HW2_DUE + timedelta(hours=8)).strftime("%Y-%m-%dT%H:%M")  # 13:00 UTC is 21:00 in Shanghai
    row = term_views.assignment_row(term.service, term.service.assignments["hw2"], "s01")
    assert row.due == f"{due} (Asia/Shanghai)"
    view = pages._attempt_views(term.service, "s01", "hw2")[0]
    assert view.submitted_at == f"{START + timedelta(hours=8):%Y-%m-%dT%H:%M} (Asia/Shanghai)"
    with term.service.engine.begin() as conn:
        audit.record(conn, actor="anna", action="grade_kept_shown", assignment_id="hw2", student_id="s01",
                     detail="", old=None, new="visible", at=START.timestamp())  # fmt: skip
        entries = audit.entries(term.service.engine, student_id="s01")
    rows = review_views.audit_rows_zh(entries, "s01", term.service.course_clock)
    assert all(r["at"].endswith("(Asia/Shanghai)") for r in rows)


def test_the_pages_name_the_zone_they_show(shanghai: Term, tmp_path: Path) -> None:
    term = shanghai
    term.upload("s01", "hw2", HW2_POINTS)
    term.set_time(HW2_DUE + timedelta(minutes=1))  # hw2's grades show after its due date
    asked = grade_review.open_request(term.service, "hw2", "s01", "histogram", "请复核")
    with serving_app(term.service) as url:
        home = _student(term, url, "s01").get("/assignments/hw2").text
        ta = _ta(term, url)
        listing = ta.get("/ta/assignments").text
        requests, thread = ta.get("/ta/requests").text, ta.get(f"/ta/request/{asked}").text
        audit_page = ta.get("/ta/audit").text
    assert "(UTC)" not in home and "(Asia/Shanghai)" in home
    assert "due (UTC)" not in listing and "(Asia/Shanghai)" in listing
    for page in (requests, thread, audit_page):
        assert " UTC<" not in page and "(Asia/Shanghai)" in page


# ---- 5. words and links ------------------------------------------------------------------------------


def test_the_students_history_reads_in_chinese(term: Term) -> None:
    _enable(term)
    attempt = _late_quiz_upload(term)
    _grade_q1(term, attempt)
    with term.service.engine.begin() as conn:
        audit.record(conn, actor="anna", action="grade_kept_shown", assignment_id="hw2", student_id="s01",
                     detail="", old=None, new="visible", at=term.now[0])  # fmt: skip
    entries = audit.entries(term.service.engine, student_id="s01")
    rows = review_views.audit_rows_zh(entries, "s01")
    shown = " ".join(f"{r['action']} {r['old']} {r['new']}" for r in rows)
    for raw in ("rubric_grade", "grade_kept_shown", "None:", "visible"):
        assert raw not in shown, (raw, shown)
    assert f"{WRITTEN_Q1}:" in shown and "分" in shown


def test_the_dashboard_of_hw5_says_its_own_rule_and_links_its_own_exports(term: Term, site: str) -> None:
    page = _ta(term, site).get("/ta?assignment=hw5").text
    assert "best" in page and "policy: last" not in page  # hw5 counts the best attempt
    assert 'href="/ta/assignments/hw5/grades.csv"' in page and 'href="/ta/grades.csv"' not in page
    assert 'href="/ta/assignments/hw5/quiz.csv"' in page


def test_the_quiz_csv_is_served_to_tas_only(term: Term, site: str) -> None:
    _enable(term)
    _late_quiz_upload(term)
    reply = _ta(term, site).get("/ta/assignments/hw2/quiz.csv")
    assert reply.status == 200 and reply.text.startswith("student_id,attempt_number,question,")
    assert _student(term, site, "s01").get("/ta/assignments/hw2/quiz.csv").text.find(RIGHT_Q3) == -1


# ---- the web application on loopback, on the term's clock ------------------------------------------


@pytest.fixture()
def site(term: Term) -> Iterator[str]:
    with serving_app(term.service) as url:
        yield url


def _ta(term: Term, url: str) -> Browserish:
    ta = Browserish(url)
    assert ta.log_in((term.service.cfg.data_dir / "ta-token").read_text().strip()).status == 303
    return ta


def _student(term: Term, url: str, sid: str) -> Browserish:
    student = Browserish(url)
    assert student.log_in(term.tokens[sid]).status == 303
    return student


def test_the_ta_tables_show_the_quiz_beside_the_final_total(term: Term, site: str) -> None:
    _enable(term)
    attempt = _late_quiz_upload(term)
    _grade_q1(term, attempt)
    record = term.service.exports.ledger.record("hw2", "s01")
    ta = _ta(term, site)
    table = ta.get("/ta/assignments/hw2").text
    assert "quiz choice" in table and "quiz written" in table and "out of 62.00 points" in table
    own = ta.get("/ta/assignments/hw2/students/s01").text
    assert "quiz choice 2.00 of 4.00" in own and f"quiz written {record.quiz_written:.2f} of 18.00" in own
    assert f"final {record.final_total:.2f} of 62.00" in own
    review = ta.get("/ta/students/s01?assignment=hw2").text  # the exercises' table: their own maximum
    assert "exercises total" in review and '<td class="num">40</td>' in review
    assert f'id="grade-final">{record.final_total:.2f}</span> of <span id="grade-max">62</span>' in review


def test_item_analysis_has_the_quiz_questions_and_a_percent_axis(term: Term, site: str) -> None:
    _enable(term)
    _late_quiz_upload(term, "s01")
    upload_quiz(
        term, "s02", "hw2", {"histogram": 10.0}, {RIGHT_Q3: letters_for(RIGHT_Q3, "s02", right=False)}
    )
    page = _ta(term, site).get("/ta/items?assignment=hw2").text
    assert 'id="quiz-items-table"' in page
    assert f'data-question="{RIGHT_Q3}"' in page and f'data-question="{WRITTEN_Q1}"' in page
    assert "50%" in page  # ch02.q3: one of two students chose the correct set
    assert "% of 62 points (quiz included)" in page  # the histogram over 0..100 % of the real maximum
    assert "[90, 100]" in page and "[72, 80)" not in page  # not the release's 80 points


def test_each_letter_is_shown_with_the_option_it_stood_for(term: Term, site: str) -> None:
    """ch02.q7 has four correct options of five: the student's letters, in their own option order,
    each beside its option's text (the grader's order, `jaxcourse.quiz.option_order`)."""
    _enable(term)
    letters = letters_for("ch02.q7", "s02", right=True)
    upload_quiz(term, "s02", "hw2", HW2_POINTS, {"ch02.q7": letters})
    term.set_time(HW2_DUE + timedelta(minutes=1))
    page = _student(term, site, "s02").get("/assignments/hw2/quiz").text
    assert KEY is not None
    q7 = KEY.question("ch02.q7")
    order = option_order(q7.id, len(q7.options), "s02", KEY.salt)
    items = re.findall(r'<li data-letter="([A-H])"[^>]*>(.*?)</li>', page, flags=re.S)
    # an option written in another language than the page says so (lang): read the words only
    shown = [(letter, html.unescape(re.sub(r"<[^>]*>", "", inner))) for letter, inner in items]
    assert len(shown) == 4 and [s[0] for s in shown] == [x for x in letters if x.isalpha()]
    for letter, text in shown:
        assert text == f"{letter}. " + q7.options[order["ABCDEFGH".index(letter)]], (letter, text)
