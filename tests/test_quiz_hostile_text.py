"""A written quiz answer is student text: a lone surrogate or a NUL in it is stored (made safe) on
SQLite and PostgreSQL, so the answer is kept and the TAs' grading page still reads every answer."""

from __future__ import annotations

import pytest

from autograder.service.domain.quiz import quiz_answers

from helpers.databases import postgres  # noqa: F401 (the session's PostgreSQL server fixture)
from helpers.ledger_term import Term, make_term, outcome
from helpers.quiz_term import NOTEBOOKS, grader_quiz, quiz_notebook, with_quiz

HW2_POINTS = {"histogram": 10.0, "recompile": 5.0, "fusion": 10.0, "safe_distance": 0.0}


@pytest.fixture(params=["sqlite", "postgresql"])
def any_term(request: pytest.FixtureRequest, tmp_path) -> Term:
    if request.param == "sqlite":
        return make_term(tmp_path, ("s01", "s02"))
    pg = request.getfixturevalue("postgres")
    return make_term(tmp_path, ("s01", "s02"), database_url=pg.new_database())


def _upload(term: Term, answer: bytes) -> int:
    """The notebook's JSON carries the answer as escapes (a lone surrogate cannot be UTF-8)."""
    data = quiz_notebook("ch02", {"ch02.q1": "PLACEHOLDER"}).replace(b"PLACEHOLDER", answer)
    att = term.service.intake.submit("s01", [(NOTEBOOKS["ch02"], data)], "hw2")
    claimed = term.service.queue.claim_next("w")
    assert claimed is not None and claimed.id == att.id
    quiz = grader_quiz(term.service, claimed, "hw2")  # scored by the grader, stored with the grade
    done = with_quiz(outcome("s01", "hw2", HW2_POINTS, term.out_dir), quiz)
    assert term.service.queue.finish_graded("w", att.id, done)
    return int(att.id)


def test_a_lone_surrogate_or_nul_in_an_answer_is_stored_and_read_back(any_term: Term) -> None:
    attempt = _upload(any_term, "答案前\\ud800中间\\u0000后 \\udfff".encode())
    with any_term.service.engine.connect() as conn:
        stored = {a.question: a for a in quiz_answers.of_attempts(conn, [attempt])}
    text = stored["ch02.q1"].text
    assert "答案前" in text and "中间" in text and "后" in text
    assert "\x00" not in text and not any(0xD800 <= ord(c) <= 0xDFFF for c in text)
    assert stored["ch02.q1"].kind == "written"
