"""Found by the quiz state machine (helpers/ledger_machine_quiz.py): a quiz-question request resolved
with points replaces the question's points in the ledger (and on the student's quiz page), but the
quiz export (`Exports.quiz_csv`, domain/gradebook/quiz_export.py) kept the rubric's points, so its column no
longer summed to the quiz total beside it.
"""

from __future__ import annotations

import csv
import io
from datetime import timedelta
from pathlib import Path

import pytest

from autograder.service.domain.gradebook import quiz_ledger
from autograder.service.domain.quiz import rubric_grading
from autograder.service.domain.review import grade_review, rubric_commands

from helpers.ledger_term import HW2_DUE, Term, make_term
from helpers.quiz_term import letters_for, upload_quiz


@pytest.fixture()
def term(tmp_path: Path) -> Term:
    return make_term(tmp_path, ("s01",))


def _quiz_points(term: Term) -> dict[str, str]:
    rows = csv.DictReader(io.StringIO(term.service.exports.quiz_csv("hw2")))
    return {r["question"]: r["points"] for r in rows if r["student_id"] == "s01"}


def test_the_quiz_export_shows_the_points_a_resolved_request_gave(term: Term) -> None:
    service = term.service
    hw2 = service.assignments["hw2"]
    with service.engine.begin() as conn:
        quiz_ledger.enable(conn, "hw2", "anna", term.now[0])
    wrong = letters_for("ch02.q3", "s01", right=False)
    upload_quiz(term, "s01", "hw2", {"histogram": 10.0}, {"ch02.q1": "ClosedJaxpr", "ch02.q3": wrong})
    question = quiz_ledger.questions_of(hw2, ("ch02",))[0]
    with service.engine.begin() as conn:
        rubric_grading.ensure_items(conn, "hw2", question, "anna", term.now[0])
        first = rubric_grading.items(conn, "hw2", "ch02.q1")[0]
    answer = rubric_commands.counted_written(service, hw2, "ch02.q1")[0]
    rubric_commands.grade_answer(
        service, hw2, question, answer.id, rubric_commands.Step("toggle", first.id), "anna"
    )
    assert _quiz_points(term)["ch02.q1"] == "1.00" and _quiz_points(term)["ch02.q3"] == "0.00"
    term.set_time(HW2_DUE + timedelta(minutes=1))  # hw2's grades show: the student may ask
    for target, points in (("ch02.q1", 3.0), ("ch02.q3", 1.5)):
        asked = grade_review.open_request(service, "hw2", "s01", target, "请再看一下")
        grade_review.resolve_request(service, asked, "anna", "给分", points)
    record = service.exports.ledger.record("hw2", "s01")
    assert (record.quiz_written, record.quiz_choice) == (3.0, 1.5)  # what the ledger counts
    exported = _quiz_points(term)
    assert (exported["ch02.q1"], exported["ch02.q3"]) == ("3.00", "1.50")
    assert sum(float(p or 0) for p in exported.values()) == pytest.approx(record.quiz_points)
