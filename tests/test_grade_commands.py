"""Every change to a grade is one domain command (issue 42), on the in-process core.

A grading step on one answer changes only that answer's student, unless it is a step that says it
changes others (`g`, an item's edit); grading a group from an answer nobody graded is refused and
changes nothing. Exercise results are recorded (helpers/ledger_term.py), never graded.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from autograder.service.domain.course import audit, extensions
from autograder.service.domain.gradebook import quiz_ledger
from autograder.service.domain.identity import answer_handles, audit_names
from autograder.service.domain.quiz import model_answers, quiz_answers, rubric_grading
from autograder.service.domain.review import grade_review, rubric_commands
from autograder.service.web import rubric_pages
from autograder.term.counting import Extension, deadlines_for

from helpers.browserish import Browserish, Reply
from helpers.inprocess_site import serving_app
from helpers.ledger_term import HW2_DUE, HW2_LATE_UNTIL, HW5_DUE, Term, make_term
from helpers.quiz_term import KEY, letters_for, upload_quiz

HW2_POINTS = {"histogram": 10.0, "recompile": 5.0, "fusion": 10.0, "safe_distance": 0.0}  # 25 of 40


@pytest.fixture()
def term(tmp_path: Path) -> Term:
    return make_term(tmp_path, ("s01", "s02", "s03"))


def _q1_answers(term: Term) -> dict[str, int]:
    """s01 and s02 wrote the same answer up to spacing, case and punctuation (one group); s03 another."""
    with term.service.engine.begin() as conn:
        quiz_ledger.enable(conn, "hw2", "anna", term.now[0])
    texts = {"s01": "类型是 ClosedJaxpr。", "s02": "类型是closedjaxpr", "s03": "是一个 Jaxpr 对象"}
    ids = {}
    for sid, text in texts.items():
        attempt = upload_quiz(term, sid, "hw2", HW2_POINTS, {"ch02.q1": text})
        with term.service.engine.connect() as conn:
            ids[sid] = next(
                a.id for a in quiz_answers.of_attempts(conn, [attempt]) if a.question == "ch02.q1"
            )
    return ids


def _question(term: Term) -> Any:
    question = quiz_ledger.questions_of(term.service.assignments["hw2"], ("ch02",))[0]
    with term.service.engine.begin() as conn:
        rubric_grading.ensure_items(conn, "hw2", question, "anna", term.now[0])
    return question


def _items(term: Term) -> list[rubric_grading.Item]:
    with term.service.engine.connect() as conn:
        return rubric_grading.items(conn, "hw2", "ch02.q1")


def _points(term: Term, ids: dict[str, int]) -> dict[str, float | None]:
    with term.service.engine.connect() as conn:
        return {sid: rubric_grading.answer_points(conn, i) for sid, i in ids.items()}


def _step(term: Term, ids: dict[str, int], sid: str, step: rubric_commands.Step, ta: str = "anna") -> Any:
    hw2 = term.service.assignments["hw2"]
    return rubric_commands.grade_answer(term.service, hw2, _question(term), ids[sid], step, ta)


def test_grading_a_group_from_an_ungraded_answer_wipes_no_one(term: Term) -> None:
    ids = _q1_answers(term)
    items = _items_after_setup(term)
    _step(term, ids, "s01", rubric_commands.Step("toggle", item_id=items[0].id))
    _step(term, ids, "s01", rubric_commands.Step("toggle", item_id=items[1].id))
    _step(term, ids, "s01", rubric_commands.Step("comment", comment="constvars 说对了"))
    before = _points(term, ids)
    assert before == {"s01": 2.0, "s02": None, "s03": None}
    totals = {sid: term.service.exports.ledger.record("hw2", sid).final_total for sid in ids}
    entries = len(audit.entries(term.service.engine))
    with pytest.raises(rubric_grading.UngradedGroupSource):  # s02's answer has no grade to give
        _step(term, ids, "s02", rubric_commands.Step("group"))
    assert _points(term, ids) == before  # s01 keeps its 2 points; s02 stays not graded
    assert {sid: term.service.exports.ledger.record("hw2", sid).final_total for sid in ids} == totals
    assert len(audit.entries(term.service.engine)) == entries
    with term.service.engine.connect() as conn:
        assert rubric_grading.gradings(conn, [ids["s01"]])[ids["s01"]].comment == "constvars 说对了"


def _items_after_setup(term: Term) -> list[rubric_grading.Item]:
    _question(term)
    return _items(term)


def test_the_rubric_step_refuses_an_ungraded_group_source_too(term: Term) -> None:
    """The same rule one floor down: rubric_grading.apply_to_group never copies "no grade"."""
    ids = _q1_answers(term)
    items = _items_after_setup(term)
    now = term.now[0]
    with term.service.engine.begin() as conn:
        rubric_grading.toggle(conn, ids["s01"], items[0].id, "anna", now)
    with pytest.raises(rubric_grading.UngradedGroupSource), term.service.engine.begin() as conn:
        rubric_grading.apply_to_group(conn, ids["s02"], [ids["s01"]], "anna", now)
    assert _points(term, ids)["s01"] == 1.0


def test_grading_a_group_from_a_graded_answer_grades_the_group_only(term: Term) -> None:
    ids = _q1_answers(term)
    items = _items_after_setup(term)
    _step(term, ids, "s01", rubric_commands.Step("toggle", item_id=items[0].id))
    _step(term, ids, "s01", rubric_commands.Step("toggle", item_id=items[1].id))
    done = _step(term, ids, "s01", rubric_commands.Step("group"))
    assert (done.graded, done.rescored, done.skipped_held) == (1, ("s02",), 0)
    assert _points(term, ids) == {"s01": 2.0, "s02": 2.0, "s03": None}  # s03 is another group
    assert term.service.exports.ledger.record("hw2", "s02").final_total == 25.0 + 2.0
    grades = [e for e in audit.entries(term.service.engine) if e.action == "rubric_grade"]
    assert {e.student_id for e in grades if "graded with its group" in e.detail} == {"s02"}


def test_a_step_on_one_answer_moves_only_that_students_points(term: Term) -> None:
    ids = _q1_answers(term)
    items = _items_after_setup(term)
    _step(term, ids, "s01", rubric_commands.Step("toggle", item_id=items[0].id))
    _step(term, ids, "s01", rubric_commands.Step("group"))
    done = _step(term, ids, "s02", rubric_commands.Step("none"))
    assert done.rescored == ("s02",)
    assert _points(term, ids) == {"s01": 1.0, "s02": 0.0, "s03": None}
    with pytest.raises(rubric_commands.NoSuchAnswer):  # not an answer of the question's queue
        _step(term, {"nobody": 10**9}, "nobody", rubric_commands.Step("none"))


# ---- the pages, served in process on the term's own clock ----------------------------------------


@pytest.fixture()
def site(term: Term) -> Iterator[str]:
    """The service's web application on loopback (uvicorn in a thread), on `term`'s clock."""
    with serving_app(term.service) as url:
        yield url


def _ta(term: Term, url: str) -> Browserish:
    ta = Browserish(url)
    assert ta.log_in(_ta_token(term)).status == 303
    return ta


def _student(term: Term, url: str, sid: str) -> Browserish:
    student = Browserish(url)
    assert student.log_in(term.tokens[sid]).status == 303
    return student


def test_an_assignments_pages_list_only_its_own_regrade_requests(term: Term, site: str) -> None:
    term.upload("s01", "hw2", HW2_POINTS)
    term.upload("s01", "hw5", {"reduce_sum_rules": 10.0})
    term.set_time(HW2_DUE + timedelta(minutes=1))  # hw2's grades show after its due date
    asked = grade_review.open_request(term.service, "hw2", "s01", "histogram", "HW2-QUESTION 请复核")
    student, ta = _student(term, site, "s01"), _ta(term, site)
    assert "HW2-QUESTION" in student.get("/assignments/hw2").text
    assert "HW2-QUESTION" not in student.get("/assignments/hw5").text
    assert f"#{asked}" in ta.get("/ta/students/s01?assignment=hw2").text
    hw5 = ta.get("/ta/students/s01?assignment=hw5").text
    assert "Regrade requests (0)" in hw5 and f"/ta/request/{asked}" not in hw5
    assert f"/ta/request/{asked}" not in ta.get("/ta/requests?assignment=hw5").text
    assert f"/ta/request/{asked}" in ta.get("/ta/requests?assignment=hw2").text
    assert f"/ta/request/{asked}" in ta.get("/ta/requests").text  # the whole queue, each row's assignment
    for who in (term.tokens["s01"], _ta_token(term)):
        reply = _api(site, "GET", "/api/regrade-requests?assignment_id=hw5", who)
        assert reply.status == 200 and json.loads(reply.body) == []
        reply = _api(site, "GET", "/api/regrade-requests?assignment_id=hw2", who)
        assert [r["id"] for r in json.loads(reply.body)] == [asked]


def _ta_token(term: Term) -> str:
    return (term.service.cfg.data_dir / "ta-token").read_text().strip()


def _api(url: str, method: str, path: str, token: str, doc: Any = None) -> Reply:
    body = None if doc is None else json.dumps(doc).encode()
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
    return Browserish(url).request(method, path, body, headers)


def test_a_graded_attempt_whose_grade_is_hidden_says_one_thing(term: Term, site: str) -> None:
    attempt = term.upload("s01", "hw5", {"reduce_sum_rules": 10.0})  # hw5: shown on release only
    student = _student(term, site, "s01")
    page = student.get(f"/attempts/{attempt}").text
    state = re.search(r'id="attempt-state"[^>]*>([^<]*)<', page)
    hidden = re.search(r'id="grades-hidden">([^<]*)<', page)
    assert state is not None and hidden is not None
    assert state.group(1) == "已评分" and hidden.group(1).startswith("已评分。")
    assert "已收到" not in page and "正在批改" not in page
    polled = json.loads(student.get("/attempts.json").body)
    assert "已收到" not in json.dumps(polled, ensure_ascii=False)
    assert "已收到" not in student.get("/assignments/hw5").text


def _ask_about_q1(term: Term) -> int:
    """s01's graded hw2 upload with a written answer to ch02.q1 (hw2's grades show after its due
    date) and s01's request about ch02.q1."""
    with term.service.engine.begin() as conn:
        quiz_ledger.enable(conn, "hw2", "anna", term.now[0])
    upload_quiz(term, "s01", "hw2", HW2_POINTS, {"ch02.q1": "ClosedJaxpr,常量在 consts 里"})
    term.set_time(HW2_DUE + timedelta(minutes=1))
    asked = grade_review.open_request(term.service, "hw2", "s01", "ch02.q1", "我写了 ClosedJaxpr")
    return asked


def _thread_length(term: Term, request_id: int) -> int:
    return len(grade_review.request_of(term.service, request_id, None).messages)


def test_a_quiz_question_request_is_resolved_with_points_that_count(term: Term, site: str) -> None:
    asked = _ask_about_q1(term)
    assert term.service.exports.ledger.record("hw2", "s01").quiz_pending == 1
    ta = _ta(term, site)
    page = ta.get(f"/ta/request/{asked}")
    fields = {"csrf_token": page.csrf(), "message": "常量说对了,给 2.5 分", "points": "2.5", "resolve": "1"}
    assert ta.post_form(f"/ta/request/{asked}/answer", fields).status == 303
    record = term.service.exports.ledger.record("hw2", "s01")
    assert [(e.target, e.points) for e in record.overrides] == [("ch02.q1", 2.5)]
    assert (record.quiz_points, record.quiz_pending, record.final_total) == (2.5, 0, 25.0 + 2.5)
    assert record.raw_total == 25.0  # the exercises' share is untouched: the override is the quiz's
    assert grade_review.request_of(term.service, asked, None).status == "resolved"
    view = rubric_pages.student_quiz_view(term.service, term.service.assignments["hw2"], "s01")
    assert next(r for r in view["questions"] if r["q"].id == "ch02.q1")["points"] == 2.5


def test_a_refused_answer_keeps_what_the_ta_typed(term: Term, site: str) -> None:
    asked = _ask_about_q1(term)
    ta = _ta(term, site)
    csrf = ta.get(f"/ta/request/{asked}").csrf()
    before = _thread_length(term, asked)
    typed = {"csrf_token": csrf, "message": "TYPED-ANSWER 满分是 3", "points": "99", "resolve": "1"}
    refused = ta.post_form(f"/ta/request/{asked}/answer", typed)  # more than the question's 3 points
    assert refused.status == 422
    assert "TYPED-ANSWER 满分是 3</textarea>" in refused.text and 'value="99"' in refused.text
    assert 'role="alert"' in refused.text and "Nothing was saved" in refused.text
    reply = {"csrf_token": csrf, "message": "TYPED-REPLY", "points": "2"}  # reply only, points typed
    dropped = ta.post_form(f"/ta/request/{asked}/answer", reply)
    assert dropped.status == 422 and "TYPED-REPLY</textarea>" in dropped.text and 'value="2"' in dropped.text
    assert "press Resolve" in dropped.text
    assert _thread_length(term, asked) == before  # nothing was posted
    assert grade_review.request_of(term.service, asked, None).status == "open"
    assert term.service.exports.ledger.record("hw2", "s01").overrides == ()


def test_the_audit_log_keeps_anonymous_grading_anonymous_until_names_are_shown(term: Term, site: str) -> None:
    ids = _q1_answers(term)
    ta = _ta(term, site)
    page = ta.get("/ta/quiz/hw2/ch02.q1")
    action = re.search(r'action="(/ta/quiz/hw2/ch02\.q1/answers/([^"?]+))"', page.text)
    assert action is not None, page.text[:2000]
    handles = answer_handles.handles_for(term.service.cfg.data_dir)
    assert action.group(2) in {handles.of("hw2", i) for i in ids.values()}  # a keyed hash, not the row id
    for answer_id in ids.values():
        assert not re.search(rf"(answers/|at=){answer_id}(?![0-9a-f])", page.text)  # no row id
    item = re.search(r'name="item" value="(\d+)"', page.text)
    assert item is not None
    fields = {"csrf_token": page.csrf(), "action": "toggle", "item": item.group(1)}
    assert ta.post_form(action.group(1), fields).status == 303
    graded = [e for e in audit.entries(term.service.engine) if e.action == "rubric_grade"]
    assert len(graded) == 1 and graded[0].student_id in ids  # the log itself knows whose answer it was

    def grading_entries(reply: Reply) -> list[dict[str, Any]]:
        assert reply.status == 200
        return [e for e in json.loads(reply.body) if e["action"] == "rubric_grade"]

    token = _ta_token(term)
    anonymous = grading_entries(_api(site, "GET", "/api/audit", token))
    assert [(e["student_id"], e["attempt_id"]) for e in anonymous] == [(None, None)]
    assert grading_entries(_api(site, "GET", f"/api/audit?student_id={graded[0].student_id}", token)) == []
    csv_text = _api(site, "GET", "/api/audit.csv", token).text
    assert not [
        line for line in csv_text.splitlines() if "rubric_grade" in line and graded[0].student_id in line
    ]
    table = ta.get("/ta/audit").text
    assert 'id="audit-anonymous"' in table
    assert not [row for row in table.split("<tr") if "rubric_grade" in row and graded[0].student_id in row]
    assert not [e for e in audit.entries(term.service.engine) if e.action == "names_shown"]

    named = grading_entries(_api(site, "GET", "/api/audit?names=1", token))  # a reveal, recorded
    assert [e["student_id"] for e in named] == [graded[0].student_id]
    reveals = [e for e in audit.entries(term.service.engine) if e.action == "names_shown"]
    assert [e.detail for e in reveals] == [audit_names.REVEAL_DETAIL]
    shown = ta.get("/ta/audit").text
    assert 'id="audit-names-shown"' in shown
    assert [row for row in shown.split("<tr") if "rubric_grade" in row and graded[0].student_id in row]


def test_the_audit_page_reveals_names_by_an_audited_button(term: Term, site: str) -> None:
    ids = _q1_answers(term)
    items = _items_after_setup(term)
    _step(term, ids, "s02", rubric_commands.Step("toggle", item_id=items[0].id), ta="ta")
    ta = _ta(term, site)
    page = ta.get("/ta/audit")
    assert 'id="audit-show-names"' in page.text
    assert ta.post_form("/ta/audit/names", {"csrf_token": page.csrf()}).status == 303
    reveals = [e for e in audit.entries(term.service.engine) if e.action == "names_shown"]
    assert len(reveals) == 1 and reveals[0].detail == audit_names.REVEAL_DETAIL
    assert 'id="audit-names-shown"' in ta.get("/ta/audit").text


# ---- model answers while students can still submit -----------------------------------------------


def _quiz_page(student: Browserish, assignment: str) -> str:
    reply = student.get(f"/assignments/{assignment}/quiz")
    assert reply.status == 200
    return reply.text


def _model_lines(question: str) -> list[str]:
    assert KEY is not None
    q = KEY.question(question)
    assert q is not None
    return [q.model_answer.splitlines()[0], q.explanation.splitlines()[0]]


def test_model_answers_wait_until_no_student_can_submit(term: Term, site: str) -> None:
    with term.service.engine.begin() as conn:
        quiz_ledger.enable(conn, "hw2", "anna", term.now[0])
    right = letters_for("ch02.q3", "s01", right=True)
    upload_quiz(term, "s01", "hw2", HW2_POINTS, {"ch02.q1": "ClosedJaxpr", "ch02.q3": right})
    hw2 = term.service.assignments["hw2"]
    later = HW2_LATE_UNTIL + timedelta(days=1)
    extensions.grant(term.service.engine, hw2, "s02", Extension(later.timestamp()), "anna", term.now[0])
    secrets = _model_lines("ch02.q1") + _model_lines("ch02.q3")
    for moment in (HW2_DUE + timedelta(minutes=1), HW2_LATE_UNTIL + timedelta(minutes=1)):
        term.set_time(moment)  # s01's grade shows (after_due), but the late window or s02's extension is open
        page = _quiz_page(_student(term, site, "s01"), "hw2")  # a session lasts hours: log in again
        assert 'id="quiz-ch02.q3"' in page and 'id="answers-later"' in page
        assert not [t for t in secrets if t in page], moment
        view = rubric_pages.student_quiz_view(term.service, hw2, "s01")
        q3 = next(r for r in view["questions"] if r["q"].id == "ch02.q3")
        assert q3["points"] is None and q3["status"].startswith("格式正确")  # no per-question points
    term.set_time(later + timedelta(minutes=1))  # the last extension closed: nobody can submit
    page = _quiz_page(_student(term, site, "s01"), "hw2")
    assert all(t in page for t in secrets) and 'id="answers-later"' not in page
    view = rubric_pages.student_quiz_view(term.service, hw2, "s01")
    assert next(r for r in view["questions"] if r["q"].id == "ch02.q3")["points"] == 2.0


def test_a_ta_publishes_model_answers_early_by_an_audited_command(term: Term, site: str) -> None:
    with term.service.engine.begin() as conn:
        quiz_ledger.enable(conn, "hw5", "anna", term.now[0])
    upload_quiz(term, "s01", "hw5", {"reduce_sum_rules": 10.0}, {"ch05.q2": "用 custom_vjp"})
    term.service.grade_release.release("hw5", actor="anna")  # grades shown; hw5 is open for a week
    student, ta = _student(term, site, "s01"), _ta(term, site)
    secrets = _model_lines("ch05.q2")
    assert not [t for t in secrets if t in _quiz_page(student, "hw5")]
    page = ta.get("/ta/quiz?assignment=hw5")
    assert 'id="answers-hidden"' in page.text
    assert ta.post_form("/ta/quiz/hw5/publish-answers", {"csrf_token": page.csrf()}).status == 303
    assert all(t in _quiz_page(student, "hw5") for t in secrets)
    assert 'id="answers-shown"' in ta.get("/ta/quiz?assignment=hw5").text
    published = [e for e in audit.entries(term.service.engine) if e.action == "answers_published"]
    assert (
        len(published) == 1 and published[0].assignment_id == "hw5" and "still submit" in published[0].detail
    )
    again = _api(site, "POST", "/api/assignments/hw5/publish-quiz-answers", _ta_token(term))
    assert again.status == 200 and json.loads(again.body) == {"published": False, "visible": True}
    refused = _api(site, "POST", "/api/assignments/hw5/publish-quiz-answers", term.tokens["s01"])
    assert refused.status in (401, 403)


# ---- properties: a step moves only the points it says it moves; answers wait for the last upload --


STEP_KINDS = ("item1", "item2", "none", "comment", "group")


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    steps=st.lists(st.tuples(st.sampled_from(("s01", "s02", "s03")), st.sampled_from(STEP_KINDS)), max_size=8)
)
def test_no_grading_step_moves_points_it_does_not_name(
    tmp_path_factory: pytest.TempPathFactory, steps: list[tuple[str, str]]
) -> None:
    """s01 and s02 wrote one group's answer, s03 another: after every step, the only points that
    moved are the stepped answer's, or its group's for `g` from a graded answer; `g` from an answer
    nobody graded is refused and moves nothing; every student's total is 25 + their answer's points."""
    term = make_term(tmp_path_factory.mktemp("steps"), ("s01", "s02", "s03"))
    ids = _q1_answers(term)
    items = _items_after_setup(term)
    group = {"s01": {"s01", "s02"}, "s02": {"s01", "s02"}, "s03": {"s03"}}
    for sid, kind in steps:
        before = _points(term, ids)
        step = {
            "item1": rubric_commands.Step("toggle", item_id=items[0].id),
            "item2": rubric_commands.Step("toggle", item_id=items[1].id),
            "none": rubric_commands.Step("none"),
            "comment": rubric_commands.Step("comment", comment="看 constvars"),
            "group": rubric_commands.Step("group"),
        }[kind]
        if kind == "group" and before[sid] is None:
            with pytest.raises(rubric_grading.UngradedGroupSource):
                _step(term, ids, sid, step)
            assert _points(term, ids) == before
            continue
        done = _step(term, ids, sid, step)
        after = _points(term, ids)
        may_move = group[sid] if kind == "group" else {sid}
        assert {s for s in ids if after[s] != before[s]} <= may_move
        assert set(done.rescored) == {s for s in ids if after[s] != before[s]}
        if kind == "group":
            assert all(after[s] == after[sid] for s in group[sid])
        for s in ids:
            assert term.service.exports.ledger.record("hw2", s).final_total == 25.0 + (after[s] or 0.0)
    term.service.close()


@settings(max_examples=40, deadline=None)
@given(
    extra=st.lists(st.one_of(st.none(), st.integers(min_value=-48, max_value=200)), min_size=3, max_size=3),
    hours=st.integers(min_value=0, max_value=260),
    published=st.booleans(),
)
def test_model_answers_show_only_when_no_student_can_submit(
    extra: list[int | None], hours: int, published: bool
) -> None:
    """hw2 (due START+1h, closing START+72h) with an extension per student (hours after hw2's
    closing time, before it, or none): the model answers show iff a TA published them or every
    student's own closing time has passed (when every student has an earlier one, hw2's own does
    not count)."""
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        term = make_term(Path(folder), ("s01", "s02", "s03"))
        hw2 = term.service.assignments["hw2"]
        closes = dict.fromkeys(("s01", "s02", "s03"), HW2_LATE_UNTIL.timestamp())  # each student's own
        for sid, offset in zip(("s01", "s02", "s03"), extra, strict=True):
            if offset is None:
                continue
            until = HW2_LATE_UNTIL.timestamp() + offset * 3600.0  # earlier than hw2's own, or later
            due = min(until, (HW2_DUE).timestamp())
            extensions.grant(term.service.engine, hw2, sid, Extension(due, until), "anna", term.now[0])
            closes[sid] = until
        if published:
            model_answers.publish(term.service, hw2, "anna", term.now[0])
        now = HW2_DUE.timestamp() + hours * 3600.0
        can_submit = [sid for sid in ("s01", "s02", "s03") if now <= _closing(term, hw2, sid)]
        shown = model_answers.visibility(term.service, hw2, now).visible
        assert shown == (published or not can_submit)
        assert shown == (published or now > max(closes.values()))
        term.service.close()


def _closing(term: Term, assignment: Any, student_id: str) -> float:
    """The student's own last moment to upload, as the term's counting rule reads their deadlines."""
    with term.service.engine.connect() as conn:
        ext = extensions.of_student(conn, assignment.id, student_id)
    d = deadlines_for(assignment, ext)
    closing = d.late_until if d.late_until is not None else d.due_at
    assert closing is not None
    return closing


def test_an_immediately_visible_assignment_keeps_its_model_answers_until_uploads_close(
    tmp_path: Path,
) -> None:
    """hw5 made `immediately` in the course file: the grade shows right after the upload, a week
    before the due date, but the model answers and the choice questions' points do not."""
    from autograder.service.domain.core import Service

    first = make_term(tmp_path, ("s01", "s02"))
    first.service.close()
    course = tmp_path / "course.toml"
    text = course.read_text(encoding="utf-8")
    course.write_text(
        text.replace('visibility = "on_release"', 'visibility = "immediately"'), encoding="utf-8"
    )
    service = Service(first.service.cfg, clock=lambda: first.now[0])
    term = Term(service, first.now, first.out_dir, first.students, first.tokens)
    hw5 = service.assignments["hw5"]
    assert hw5.visibility == "immediately"
    with service.engine.begin() as conn:
        quiz_ledger.enable(conn, "hw5", "anna", term.now[0])
    right = letters_for("ch05.q1", "s01", right=True)
    upload_quiz(term, "s01", "hw5", {"reduce_sum_rules": 10.0}, {"ch05.q1": right, "ch05.q2": "custom_vjp"})
    view = rubric_pages.student_quiz_view(service, hw5, "s01")
    assert view["questions"] and not view["answers"]["shown"]  # the grade shows; the answers wait
    q1 = next(r for r in view["questions"] if r["q"].id == "ch05.q1")
    assert q1["points"] is None and q1["status"].startswith("格式正确")
    term.set_time(HW5_DUE + timedelta(minutes=1))  # hw5 has no late window: uploads close at its due date
    view = rubric_pages.student_quiz_view(service, hw5, "s01")
    assert view["answers"]["shown"]
    assert next(r for r in view["questions"] if r["q"].id == "ch05.q1")["points"] == 2.0
    service.close()
