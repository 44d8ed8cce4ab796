"""Rubric grading of the quiz in the service (issue 29 §2), on the in-process core.

The worker's hook reads an attempt's quiz answers from the notebook text (nothing runs), scores the
choice questions, and stores them; a TA grades written answers with rubric items (leases keep two
TAs apart); the quiz's points join the exercise points in the ledger's record, hence in every CSV
and the LMS score, once a TA turned the assignment's quiz on; editing an item re-scores every answer
it was applied to, audited; a student reads none of it before the grade is released.
Exercise results are recorded (helpers/ledger_term.py), never graded: these tests are about the quiz.
"""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from hypothesis import given
from hypothesis import strategies as st

from autograder.service.domain.course import audit
from autograder.service.domain.gradebook import lti_outbox, quiz_ledger
from autograder.service.domain.quiz import quiz_answers, rubric_grading
from autograder.service.domain.quiz.quiz_item_stats import question_stats
from autograder.service.storage import quiz_tables as qt
from autograder.service.web import rubric_pages

from helpers.databases import postgres  # noqa: F401 (the session's PostgreSQL server fixture)
from helpers.ledger_term import HW2_DUE, HW2_LATE_UNTIL, Term, make_term
from helpers.quiz_term import KEY, letters_for, quiz_notebook, upload_quiz

HW2_POINTS = {"histogram": 10.0, "recompile": 5.0, "fusion": 10.0, "safe_distance": 0.0}  # 25 of 40
CH02_QUIZ = 22.0  # 6 written x 3 + 2 choice x 2


@pytest.fixture()
def term(tmp_path: Path) -> Term:
    return make_term(tmp_path, ("s01", "s02", "s03"))


@pytest.fixture(params=["sqlite", "postgresql"])
def any_term(request: pytest.FixtureRequest, tmp_path: Path) -> Term:
    """The term on SQLite and on a throwaway PostgreSQL database (the lease and re-scoring queries)."""
    if request.param == "sqlite":
        return make_term(tmp_path, ("s01", "s02", "s03"))
    pg = request.getfixturevalue("postgres")
    return make_term(tmp_path, ("s01", "s02", "s03"), database_url=pg.new_database())


def _answers(term: Term, attempt_id: int) -> dict[str, quiz_answers.StoredAnswer]:
    with term.service.engine.connect() as conn:
        return {a.question: a for a in quiz_answers.of_attempts(conn, [attempt_id])}


def _enable(term: Term) -> None:
    with term.service.engine.begin() as conn:
        assert quiz_ledger.enable(conn, "hw2", "anna", term.now[0])


def _record(term: Term, sid: str, aid: str = "hw2") -> Any:
    return term.service.exports.ledger.record(aid, sid)


def test_the_worker_hook_reads_answers_from_the_text_and_runs_nothing(term: Term, tmp_path: Path) -> None:
    canary = tmp_path / "CANARY"
    code = f"open({str(canary)!r}, 'w').write('ran')"
    answers = {
        "ch02.q1": f"类型是 ClosedJaxpr\n```python\n{code}\n```",
        "ch02.q3": letters_for("ch02.q3", "s01", right=True),
        "ch02.q7": letters_for("ch02.q7", "s01", right=False),
    }
    attempt = upload_quiz(term, "s01", "hw2", HW2_POINTS, answers)
    stored = _answers(term, attempt)
    assert set(stored) == {f"ch02.q{n}" for n in range(1, 9)}  # only the assignment's chapter
    assert stored["ch02.q3"].points == 2.0 and stored["ch02.q7"].points == 0.0
    assert stored["ch02.q1"].kind == "written" and stored["ch02.q1"].points is None
    assert code in stored["ch02.q1"].text  # kept verbatim, never run
    assert stored["ch02.q2"].status == "blank" and stored["ch02.q2"].group_key == "blank"
    assert not canary.exists()
    # a code cell of the quiz (role "quiz") is not read as an answer and is not run either
    extra = [
        {
            "cell_type": "code",
            "metadata": {"jaxgrade": {"role": "quiz"}},
            "source": code,
            "outputs": [],
            "execution_count": None,
        }
    ]
    assert b"CANARY" in quiz_notebook("ch02", answers, extra)
    assert not canary.exists()


def test_the_quiz_joins_the_ledger_only_once_turned_on(term: Term) -> None:
    answers = {"ch02.q1": "ClosedJaxpr", "ch02.q3": letters_for("ch02.q3", "s01", right=True)}
    upload_quiz(term, "s01", "hw2", HW2_POINTS, answers)
    before = _record(term, "s01")
    assert (before.final_total, before.max_total, before.quiz_points) == (25.0, 40.0, None)
    _enable(term)
    after = _record(term, "s01")
    assert after.quiz_max == CH02_QUIZ and after.max_total == 40.0 + CH02_QUIZ
    assert after.quiz_points == 2.0 and after.final_total == 27.0
    assert after.quiz_pending == 1  # ch02.q1 has text; the blank written answers score 0 without a TA
    silent = _record(term, "s03")  # no upload: 0 of the quiz too
    assert (silent.final_total, silent.max_total, silent.quiz_pending) == (0.0, 62.0, 0)
    assert term.service.exports.max_total("hw2") == 62.0
    assert "62" in term.service.exports.canvas_csv("hw2").splitlines()[1]  # points possible


def _grade_q1(term: Term) -> dict[str, int]:
    """s01 and s02 wrote the same answer up to spacing, case and punctuation; s03 another one."""
    texts = {
        "s01": "类型是 ClosedJaxpr。",
        "s02": "类型是closedjaxpr",
        "s03": "是一个 Jaxpr 对象,有 constvars",
    }
    ids = {}
    for sid, text in texts.items():
        attempt = upload_quiz(term, sid, "hw2", HW2_POINTS, {"ch02.q1": text})
        ids[sid] = _answers(term, attempt)["ch02.q1"].id
    return ids


def test_grading_a_group_and_editing_an_item_rescores_every_total(any_term: Term) -> None:
    term = any_term
    _enable(term)
    ids = _grade_q1(term)
    key = term.service.assignments["hw2"]
    question = quiz_ledger.questions_of(key, ("ch02",))[0]
    now = term.now[0]
    with term.service.engine.begin() as conn:
        rubric_grading.ensure_items(conn, "hw2", question, "anna", now)
        items = rubric_grading.items(conn, "hw2", "ch02.q1")
        group = [ids["s01"], ids["s02"], ids["s03"]]
        assert rubric_grading.toggle(conn, ids["s01"], items[0].id, "anna", now)
        assert rubric_grading.apply_to_group(conn, ids["s01"], [ids["s01"], ids["s02"]], "anna", now) == 1
        rubric_grading.toggle(conn, ids["s03"], items[0].id, "anna", now)
        rubric_grading.toggle(conn, ids["s03"], items[1].id, "anna", now)
        rubric_grading.set_comment(conn, ids["s03"], "constvars 说对了", "anna", now)
        assert rubric_grading.progress(conn, group).graded == 3
    totals = {sid: _record(term, sid).final_total for sid in ids}
    assert totals == {"s01": 26.0, "s02": 26.0, "s03": 27.0}
    assert all(_record(term, sid).quiz_pending == 0 for sid in ids)
    with term.service.engine.begin() as conn:
        changed = rubric_grading.edit_item(conn, items[0].id, 0.5, items[0].description, "anna", now)
    assert changed == ["s01", "s02", "s03"]
    totals = {sid: _record(term, sid).final_total for sid in ids}
    assert totals == {"s01": 25.5, "s02": 25.5, "s03": 26.5}
    rows = term.csv_rows(term.service.exports.assignment_grades_csv("hw2"))
    assert {sid: rows[sid]["final_total"] for sid in ids} == {"s01": "25.50", "s02": "25.50", "s03": "26.50"}
    assert rows["s01"]["max_total"] == "62.00"
    main = term.csv_rows(term.service.exports.summary_csv())
    assert main["s03"]["hw2"] == "26.50"
    with term.service.engine.connect() as conn:  # the LMS score (AGS scoreGiven, scoreMaximum)
        score = lti_outbox.final_score(conn, term.service.assignments["hw2"], "s03")
        assert score == lti_outbox.LmsScore(given=26.5, maximum=62.0)
    entries = [e for e in audit.entries(term.service.engine) if e.action == "rubric_item"]
    rescored = {e.student_id: (e.old["points"], e.new["points"]) for e in entries if e.student_id}
    assert rescored == {"s01": (1.0, 0.5), "s02": (1.0, 0.5), "s03": (2.0, 1.5)}


def test_two_tas_never_grade_one_answer_at_once(any_term: Term) -> None:
    term = any_term
    ids = _grade_q1(term)
    question = quiz_ledger.questions_of(term.service.assignments["hw2"], ("ch02",))[0]
    now = term.now[0]
    with term.service.engine.begin() as conn:
        rubric_grading.ensure_items(conn, "hw2", question, "anna", now)
        item = rubric_grading.items(conn, "hw2", "ch02.q1")[0]
        assert rubric_grading.take_lease(conn, ids["s01"], "anna", now) == "anna"
        assert rubric_grading.take_lease(conn, ids["s01"], "bo", now + 1) == "anna"
        with pytest.raises(rubric_grading.LeaseHeld):
            rubric_grading.toggle(conn, ids["s01"], item.id, "bo", now + 1)
        assert rubric_grading.leased_by_others(conn, list(ids.values()), "bo", now + 1) == {
            ids["s01"]: "anna"
        }
        # anna's group grading (from her graded answer) skips the answer bo holds
        rubric_grading.grade_none(conn, ids["s01"], "anna", now + 2)
        assert rubric_grading.take_lease(conn, ids["s02"], "bo", now + 2) == "bo"
        assert rubric_grading.apply_to_group(conn, ids["s01"], [ids["s02"]], "anna", now + 2) == 0
        later = now + rubric_grading.LEASE_S + 5  # anna's lease ran out
        assert rubric_grading.toggle(conn, ids["s01"], item.id, "bo", later)
        assert rubric_grading.gradings(conn, [ids["s01"]])[ids["s01"]].graded_by == "bo"


def test_each_ta_has_an_own_deterministic_order() -> None:
    ids = list(range(1, 41))
    anna = rubric_grading.order_for("anna", "ch02.q1", ids)
    assert anna == rubric_grading.order_for("anna", "ch02.q1", list(reversed(ids)))
    assert sorted(anna) == ids and anna != ids
    assert anna != rubric_grading.order_for("bo", "ch02.q1", ids)


@given(
    st.text(max_size=40), st.lists(st.sampled_from([" ", "\n", "\t", "。", ",", ".", "!", "、", "(", ")"]))
)
def test_grouping_ignores_whitespace_punctuation_and_case(text: str, noise: list[str]) -> None:
    noisy = "".join(noise) + text.upper() + "".join(noise)
    if quiz_answers.normalise(text.upper()) == quiz_answers.normalise(text):
        assert quiz_answers.group_key("written", "answered", noisy) == quiz_answers.group_key(
            "written", "answered", text
        )


def test_different_words_are_different_groups() -> None:
    key = lambda t: quiz_answers.group_key("written", "answered", t)  # noqa: E731
    assert key("x + y") != key("x < y") and key("会物化") != key("不会物化")
    assert key("Closed Jaxpr.") == key("closedjaxpr")


def test_the_student_sees_items_and_comments_only_after_release(term: Term) -> None:
    with term.service.engine.begin() as conn:
        quiz_ledger.enable(conn, "hw5", "anna", term.now[0])
    attempt = upload_quiz(term, "s01", "hw5", {"reduce_sum_rules": 10.0}, {"ch05.q2": "用 custom_vjp"})
    answer = next(
        a for a in _answers(term, attempt).values() if a.status == "answered" and a.kind == "written"
    )
    question = next(
        q
        for q in quiz_ledger.questions_of(term.service.assignments["hw5"], ("ch05",))
        if q.id == answer.question
    )
    now = term.now[0]
    with term.service.engine.begin() as conn:
        rubric_grading.ensure_items(conn, "hw5", question, "anna", now)
        item = rubric_grading.items(conn, "hw5", question.id)[0]
        rubric_grading.toggle(conn, answer.id, item.id, "anna", now)
        rubric_grading.set_comment(conn, answer.id, "SECRET-COMMENT", "anna", now)
    hw5 = term.service.assignments["hw5"]
    hidden = rubric_pages.student_quiz_view(term.service, hw5, "s01")
    assert hidden["questions"] == [] and hidden["message"] == rubric_pages.QUIZ_ZH["hidden"]
    assert "SECRET-COMMENT" not in json.dumps(hidden, default=str, ensure_ascii=False)
    doc = _record(term, "s01", "hw5").for_student().to_json()
    assert doc["quiz_points"] is None and doc["final_total"] is None
    term.service.grade_release.release("hw5", actor="anna")
    shown = rubric_pages.student_quiz_view(term.service, hw5, "s01")
    row = next(r for r in shown["questions"] if r["q"].id == question.id)
    assert row["comment"] == "SECRET-COMMENT" and [i.id for i in row["applied"]] == [item.id]
    assert row["points"] == item.points


def test_a_blank_quiz_needs_no_ta(term: Term) -> None:
    _enable(term)
    upload_quiz(term, "s02", "hw2", HW2_POINTS, {})
    record = _record(term, "s02")
    assert (record.quiz_points, record.quiz_pending, record.final_total) == (0.0, 0, 25.0)


def test_the_grading_page_never_scores_an_upload_the_grader_did_not(term: Term) -> None:
    """The quiz is scored once, by the grader (issue 42, section 2): an attempt recorded without the
    grader's quiz scores keeps every question pending when a TA opens the grading page; the page
    does not read the upload to score it (it did before: its 8 answers were read there)."""
    _enable(term)
    data = quiz_notebook("ch02", {"ch02.q5": "不会物化"})
    att = term.service.intake.submit("s01", [("ch02_performance.ipynb", data)], "hw2")
    claimed = term.service.queue.claim_next("w")
    assert claimed is not None
    from helpers.ledger_term import outcome

    assert term.service.queue.finish_graded("w", att.id, outcome("s01", "hw2", HW2_POINTS, term.out_dir))
    assert _record(term, "s01").quiz_pending == 8  # no quiz scores from the grader: every question pending
    found = rubric_pages.counted_answers(term.service, term.service.assignments["hw2"])
    assert found == [] and _record(term, "s01").quiz_pending == 8
    with term.service.engine.connect() as conn:
        n = conn.execute(sa.select(sa.func.count()).select_from(qt.quiz_answers)).scalar_one()
    assert n == 0


def test_hw2_is_visible_after_due(term: Term) -> None:
    """Control for the hidden case above: an `after_due` assignment shows the quiz once due."""
    _enable(term)
    upload_quiz(term, "s01", "hw2", HW2_POINTS, {"ch02.q3": letters_for("ch02.q3", "s01", right=True)})
    term.set_time(HW2_LATE_UNTIL + timedelta(minutes=1))  # a choice's points wait until uploads close
    view = rubric_pages.student_quiz_view(term.service, term.service.assignments["hw2"], "s01")
    row = next(r for r in view["questions"] if r["q"].id == "ch02.q3")
    assert row["points"] == 2.0 and view["record"].quiz_points == 2.0


def _stored(answer_id: int, sid: str, question: str, **kw: Any) -> quiz_answers.StoredAnswer:
    base: dict[str, Any] = {
        "attempt_id": answer_id,
        "kind": "choice",
        "status": "answered",
        "letters": (),
        "chosen": (),
        "text": "",
        "group_key": "",
        "points": None,
        "max_points": 2.0,
    }
    return quiz_answers.StoredAnswer(id=answer_id, student_id=sid, question=question, **(base | kw))


def test_item_analysis_of_a_choice_and_a_written_question() -> None:
    assert KEY is not None
    choice, written = KEY.question("ch02.q3"), KEY.question("ch02.q1")
    assert choice is not None and written is not None
    right = sorted(choice.correct)
    wrong = next(i for i in range(len(choice.options)) if i not in choice.correct)
    totals = {"a": 60.0, "b": 50.0, "c": 20.0, "d": 10.0}
    answers = [
        _stored(1, "a", "ch02.q3", chosen=tuple(right), points=2.0),
        _stored(2, "b", "ch02.q3", chosen=tuple(right), points=2.0),
        _stored(3, "c", "ch02.q3", chosen=(wrong,), points=0.0),
        _stored(4, "d", "ch02.q3", chosen=(wrong,), points=0.0),
    ]
    stats = question_stats(choice, answers, {}, totals)
    assert (stats.n, stats.difficulty) == (4, 0.5)
    assert stats.discrimination is not None and stats.discrimination > 0.8  # the strong chose right
    counts = {o.index: (o.chosen, o.correct) for o in stats.options}
    assert counts[wrong] == (2, False) and all(counts[i] == (2, True) for i in right)
    texts = [
        _stored(5, "a", "ch02.q1", kind="written", points=None, max_points=3.0),
        _stored(6, "b", "ch02.q1", kind="written", points=None, max_points=3.0),  # not graded yet
        _stored(7, "c", "ch02.q1", kind="written", status="blank", points=None, max_points=3.0),
    ]
    stats = question_stats(written, texts, {5: 3.0}, totals)
    assert (stats.n, stats.difficulty, stats.options) == (2, 0.5, ())  # the blank one counts as 0
    assert stats.discrimination == pytest.approx(1.0)


def test_a_student_asks_for_a_regrade_of_a_quiz_question(term: Term) -> None:
    from autograder.service.domain.core import Refusal
    from autograder.service.domain.review import grade_review

    upload_quiz(term, "s01", "hw2", HW2_POINTS, {"ch02.q1": "ClosedJaxpr"})
    term.set_time(HW2_DUE + timedelta(minutes=1))  # hw2's grades show after its due date
    with pytest.raises(Refusal):  # the quiz is not graded by the service: not a question to ask about
        grade_review.open_request(term.service, "hw2", "s01", "ch02.q1", "请复核")
    _enable(term)
    request_id = grade_review.open_request(term.service, "hw2", "s01", "ch02.q1", "我写了 ClosedJaxpr")
    found = grade_review.request_of(term.service, request_id, "s01")
    assert found.exercise == "ch02.q1"
    with pytest.raises(Refusal):  # another chapter's question is not this assignment's
        grade_review.open_request(term.service, "hw2", "s01", "ch05.q2", "?")
    with pytest.raises(Refusal):  # more than the question's 3 points (an override of it is checked)
        grade_review.resolve_request(term.service, request_id, "anna", "见评分细则", 4.0)
    resolved = grade_review.resolve_request(term.service, request_id, "anna", "已按评分细则重新评分", None)
    assert resolved.status == "resolved"


def test_a_resubmitted_identical_answer_keeps_its_grade(term: Term) -> None:
    _enable(term)
    first = upload_quiz(term, "s01", "hw2", HW2_POINTS, {"ch02.q1": "ClosedJaxpr", "ch02.q2": "看 as_text"})
    question = quiz_ledger.questions_of(term.service.assignments["hw2"], ("ch02",))[0]
    answers = _answers(term, first)
    with term.service.engine.begin() as conn:
        rubric_grading.ensure_items(conn, "hw2", question, "anna", term.now[0])
        item = rubric_grading.items(conn, "hw2", "ch02.q1")[0]
        rubric_grading.toggle(conn, answers["ch02.q1"].id, item.id, "anna", term.now[0])
        rubric_grading.set_comment(conn, answers["ch02.q1"].id, "好", "anna", term.now[0])
    assert _record(term, "s01").quiz_pending == 1  # ch02.q2 not graded
    term.set_time(term.now[0] + 60)
    second = upload_quiz(term, "s01", "hw2", HW2_POINTS, {"ch02.q1": "ClosedJaxpr", "ch02.q2": "看 compile"})
    record = _record(term, "s01")
    assert record.attempt_id == second and record.quiz_pending == 1  # only the changed answer waits
    with term.service.engine.connect() as conn:
        carried = rubric_grading.gradings(conn, [_answers(term, second)["ch02.q1"].id])
    assert [(g.applied, g.comment, g.graded_by) for g in carried.values()] == [
        (frozenset({item.id}), "好", "anna")
    ]
    assert record.quiz_points == 1.0
    entries = [
        e for e in audit.entries(term.service.engine) if e.action == "rubric_grade" and e.actor == "system"
    ]
    assert len(entries) == 1 and entries[0].attempt_id == second
