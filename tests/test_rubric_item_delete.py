"""Deleting a rubric item (issue 42 §1): one domain command, one transaction. The item and its
applications go; every answer that carried it is re-scored from the items it keeps (still graded);
the item's deletion and each re-scored student are audited; each student whose counted score changed
gets their LMS score queued; no one else moves. The TA's grading page deletes it through a confirm
page (CSRF like its neighbours), and the student's quiz page shows the new total.
Exercise results are recorded (helpers/ledger_term.py), never graded: these tests are about the quiz.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
import sqlalchemy as sa

from autograder.service.domain.course import audit
from autograder.service.domain.gradebook import quiz_ledger
from autograder.service.domain.quiz import quiz_answers, rubric_grading
from autograder.service.domain.review import rubric_commands
from autograder.service.storage import quiz_tables as qt
from autograder.service.storage.lti_tables import bindings, contexts, links, members, scores

from helpers.browserish import Browserish
from helpers.databases import postgres  # noqa: F401 (the session's PostgreSQL server fixture)
from helpers.inprocess_site import serving_app
from helpers.ledger_term import HW2_DUE, Term, make_term
from helpers.quiz_term import upload_quiz

HW2_POINTS = {"histogram": 10.0, "recompile": 5.0, "fusion": 10.0, "safe_distance": 0.0}  # 25 of 40
STUDENTS = ("s01", "s02", "s03")
ISSUER = "https://lms.example.edu"


@pytest.fixture()
def term(tmp_path: Path) -> Term:
    return make_term(tmp_path, STUDENTS)


@pytest.fixture(params=["sqlite", "postgresql"])
def linked_term(request: pytest.FixtureRequest, tmp_path: Path) -> Term:
    """The term on SQLite and on a throwaway PostgreSQL database, with the roster linked to an LMS
    course (the outbox's rows are the LMS scores)."""
    if request.param == "sqlite":
        term = make_term(tmp_path, STUDENTS)
    else:
        term = make_term(tmp_path, STUDENTS, database_url=request.getfixturevalue("postgres").new_database())
    _link_students(term)
    return term


def _link_students(term: Term) -> None:
    """One bound LMS course with AGS whose members are the roster, each linked to their account: a
    counted score change queues an outbox row (no sender runs)."""
    now = term.now[0]
    ags = json.dumps({"lineitems": f"{ISSUER}/lineitems", "scope": []})
    key = {"issuer": ISSUER, "deployment_id": "d1", "context_id": "c1"}
    with term.service.engine.begin() as conn:
        course = conn.execute(
            contexts.insert().values(**key, client_id="tool", title="JAX", ags=ags, updated_at=now)
        ).inserted_primary_key[0]
        conn.execute(bindings.insert().values(**key, bound_by="cli", bound_at=now))
        for sid in STUDENTS:
            conn.execute(
                members.insert().values(context=course, sub=f"sub-{sid}", student_id=sid, updated_at=now)
            )
            conn.execute(
                links.insert().values(
                    issuer=ISSUER, student_id=sid, sub=f"sub-{sid}", linked_by="launch", linked_at=now
                )
            )


def _graded_q1(term: Term) -> tuple[dict[str, int], list[rubric_grading.Item]]:
    """ch02.q1 graded: s01 and s02 (one group) carry item 1; s03 carries item 2 only."""
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
    hw2 = term.service.assignments["hw2"]
    question = quiz_ledger.questions_of(hw2, ("ch02",))[0]
    with term.service.engine.begin() as conn:
        rubric_grading.ensure_items(conn, "hw2", question, "anna", term.now[0])
        items = rubric_grading.items(conn, "hw2", "ch02.q1")
    for sid, step in (
        ("s01", rubric_commands.Step("toggle", item_id=items[0].id)),
        ("s01", rubric_commands.Step("group")),
        ("s03", rubric_commands.Step("toggle", item_id=items[1].id)),
    ):
        rubric_commands.grade_answer(term.service, hw2, question, ids[sid], step, "anna")
    return ids, items


def _finals(term: Term) -> dict[str, float | None]:
    return {sid: term.service.exports.ledger.record("hw2", sid).final_total for sid in STUDENTS}


def _outbox(term: Term) -> dict[str, float]:
    with term.service.engine.connect() as conn:
        rows = conn.execute(sa.select(scores).where(scores.c.assignment_id == "hw2")).all()
    return {r.student_id: r.score for r in rows}


def test_deleting_an_item_rescores_its_carriers_audits_and_queues_their_lms_scores(linked_term: Term) -> None:
    term = linked_term
    ids, items = _graded_q1(term)
    gone, kept = items[0], items[1]
    assert (gone.points, kept.points) == (1.0, 1.0)
    assert _finals(term) == {"s01": 26.0, "s02": 26.0, "s03": 26.0}
    assert _outbox(term) == {"s01": 26.0, "s02": 26.0, "s03": 26.0}
    hw2 = term.service.assignments["hw2"]
    preview = rubric_commands.deletion_preview(term.service, hw2, "ch02.q1", gone.id)
    assert (preview.item, preview.answers, preview.students) == (gone, 2, 2)

    changed = rubric_commands.delete_item(term.service, hw2, "ch02.q1", gone.id, "bob")

    assert changed == ("s01", "s02")
    assert _finals(term) == {"s01": 25.0, "s02": 25.0, "s03": 26.0}  # s03 did not carry it
    assert _outbox(term) == {"s01": 25.0, "s02": 25.0, "s03": 26.0}  # queued in the command
    with term.service.engine.connect() as conn:
        assert [i.id for i in rubric_grading.items(conn, "hw2", "ch02.q1")] == [i.id for i in items[1:]]
        assert rubric_grading.items_by_id(conn, [gone.id]) == {}
        marks = conn.execute(sa.select(qt.rubric_marks).where(qt.rubric_marks.c.item_id == gone.id)).all()
        assert marks == []
        graded = rubric_grading.gradings(conn, list(ids.values()))
        points = {sid: rubric_grading.answer_points(conn, i) for sid, i in ids.items()}
    assert set(graded) == set(ids.values())  # still graded: 0 points, as "no item applies"
    assert points == {"s01": 0.0, "s02": 0.0, "s03": 1.0}
    entries = [e for e in audit.entries(term.service.engine) if (e.action, e.actor) == ("rubric_item", "bob")]
    item_entry = [e for e in entries if e.student_id is None]
    assert len(item_entry) == 1 and item_entry[0].new is None
    assert item_entry[0].old == {
        "question": "ch02.q1", "position": gone.position, "points": 1.0, "description": gone.description
    }  # fmt: skip
    assert "deleted" in item_entry[0].detail
    rescored = {e.student_id: (e.old["points"], e.new["points"]) for e in entries if e.student_id}
    assert rescored == {"s01": (1.0, 0.0), "s02": (1.0, 0.0)}


def test_deleting_an_item_of_another_question_or_none_is_refused_and_changes_nothing(term: Term) -> None:
    _ids, items = _graded_q1(term)
    hw2, hw5 = term.service.assignments["hw2"], term.service.assignments["hw5"]
    finals, entries = _finals(term), len(audit.entries(term.service.engine))
    for assignment, question, item_id in (
        (hw2, "ch02.q2", items[0].id),  # the item is ch02.q1's
        (hw5, "ch02.q1", items[0].id),  # and hw2's
        (hw2, "ch02.q1", 999_999),
    ):
        with pytest.raises(rubric_grading.RubricRefused):
            rubric_commands.delete_item(term.service, assignment, question, item_id, "bob")
    assert _finals(term) == finals and len(audit.entries(term.service.engine)) == entries
    with term.service.engine.connect() as conn:
        assert rubric_grading.items(conn, "hw2", "ch02.q1") == items


@pytest.fixture()
def site(term: Term) -> Iterator[str]:
    with serving_app(term.service) as url:
        yield url


def _log_in(site: str, token: str) -> Browserish:
    client = Browserish(site)
    assert client.log_in(token).status == 303
    return client


def test_a_ta_deletes_an_item_on_the_rubric_page_and_the_student_sees_the_new_total(
    term: Term, site: str
) -> None:
    _ids, items = _graded_q1(term)
    gone = items[0]
    term.set_time(HW2_DUE + timedelta(minutes=1))  # hw2's grades show after its due date
    ta = _log_in(site, (term.service.cfg.data_dir / "ta-token").read_text().strip())
    student = _log_in(site, term.tokens["s01"])

    def student_quiz_total() -> str:
        page = student.get("/assignments/hw2/quiz")
        assert page.status == 200
        found = re.search(r'id="quiz-counted">([^<]*)<', page.text)
        assert found is not None, page.text[:2000]
        return found.group(1)

    assert student_quiz_total() == "1"
    page = ta.get("/ta/quiz/hw2/ch02.q1")
    action = re.search(rf'action="(/ta/quiz/hw2/ch02\.q1/items/{gone.id}/delete[^"]*)"', page.text)
    assert action is not None, page.text[:3000]
    assert f'id="delete-{gone.position}"' in page.text
    assert ta.post_form(action.group(1), {"csrf_token": "forged"}).status == 403
    confirm = ta.post_form(action.group(1), {"csrf_token": page.csrf()})  # the Delete button
    assert confirm.status == 200 and 'id="delete-item-confirm"' in confirm.text
    assert "2 answer(s) of" in confirm.shown and gone.description in confirm.shown
    assert student_quiz_total() == "1"  # nothing deleted before the confirm
    form = re.search(r'<form method="post" action="([^"]+)" id="delete-item-form">', confirm.text)
    assert form is not None
    done = ta.post_form(form.group(1).replace("&amp;", "&"), {"csrf_token": confirm.csrf(), "confirm": "1"})
    assert done.status == 303 and "notice=deleted" in done.headers["location"]
    assert student_quiz_total() == "0"
    assert f'id="delete-{gone.position}"' not in ta.get("/ta/quiz/hw2/ch02.q1").text
    gone_again = ta.post_form(action.group(1), {"csrf_token": page.csrf(), "confirm": "1"})
    assert gone_again.status == 404
