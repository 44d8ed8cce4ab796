"""Visibility never moves backwards (issue 34 §3): a grade that was visible to its student stays
visible when an extension moves their due date later, until a TA un-releases the assignment (a new,
audited action). In-process core on SQLite, grading recorded (helpers/ledger_term.py).
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from autograder.service.domain.course import audit, extensions
from autograder.service.domain.review import grade_review
from autograder.term.counting import Extension

from helpers.ledger_term import HW2_DUE, Term, make_term

HW2_POINTS = {"histogram": 10.0, "recompile": 5.0, "fusion": 10.0, "safe_distance": 0.0}


@pytest.fixture
def term(tmp_path: Path) -> Term:
    t = make_term(tmp_path)
    yield t
    t.service.close()


def _extend(term: Term, sid: str, days: int) -> None:
    hw2 = term.service.assignments["hw2"]
    due = (HW2_DUE + timedelta(days=days)).timestamp()
    extensions.grant(term.service.engine, hw2, sid, Extension(due, None), "ta-anna", term.now[0])


def _student_sees(term: Term, aid: str, sid: str) -> bool:
    record = term.service.exports.ledger.record(aid, sid)
    view = grade_review.student_grade(term.service, aid, sid, for_student=True).to_json()
    api = term.service.grade_release.of(sid, aid).visible
    assert record.visible == api == (view["final_total"] is not None), (record, view, api)
    return record.visible


def _actions(term: Term) -> list[str]:
    return [e.action for e in audit.entries(term.service.engine)]


def test_an_extension_after_the_grade_was_shown_keeps_it_visible(term: Term) -> None:
    term.upload("s01", "hw2", HW2_POINTS)
    term.set_time(HW2_DUE + timedelta(hours=2))  # `after_due`: s01 reads the grade now
    assert _student_sees(term, "hw2", "s01")
    _extend(term, "s01", days=2)  # a later extension must not take the grade away again
    assert _student_sees(term, "hw2", "s01")
    assert "grade_kept_shown" in _actions(term)


def test_an_extension_before_the_grade_showed_still_hides_it_until_the_new_due_date(term: Term) -> None:
    term.upload("s01", "hw2", HW2_POINTS)
    _extend(term, "s01", days=2)  # before the due date: nothing was shown yet
    term.set_time(HW2_DUE + timedelta(hours=2))
    assert not _student_sees(term, "hw2", "s01")  # the student still works: hidden checks stay hidden
    assert "grade_kept_shown" not in _actions(term)


def test_un_release_hides_released_and_kept_grades_again_and_is_audited(term: Term) -> None:
    term.upload("s01", "hw5", {"reduce_sum_rules": 10.0})
    term.service.grade_release.release("hw5", actor="ta-anna")
    assert _student_sees(term, "hw5", "s01")
    assert term.service.grade_release.unrelease("hw5", actor="ta-bob")
    assert not _student_sees(term, "hw5", "s01")
    assert not term.service.grade_release.unrelease("hw5", actor="ta-bob")  # nothing left to hide
    term.upload("s02", "hw2", HW2_POINTS)
    term.set_time(HW2_DUE + timedelta(hours=2))
    _extend(term, "s02", days=2)
    assert _student_sees(term, "hw2", "s02")
    assert term.service.grade_release.unrelease("hw2", actor="ta-bob")
    assert not _student_sees(term, "hw2", "s02")  # back to the rule: hidden until s02's own due date
    entries = [e for e in audit.entries(term.service.engine) if e.action == "unpublish"]
    assert [(e.actor, e.assignment_id) for e in entries] == [("ta-bob", "hw5"), ("ta-bob", "hw2")]
