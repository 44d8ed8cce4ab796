"""The gradebook of record (service/ledger.py): every export and view reads one record per
(assignment, student), so the numbers a course keeps agree with each other.

In-process service core on SQLite, graded through recorded results (helpers/ledger_term.py); each
test pins one wrong number the term walk-through found (issue 34, issue 32 §6).
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from autograder.service.domain.review import grade_review

from helpers.ledger_term import HW2_DUE, START, Term, make_term

HW2_POINTS = {"histogram": 10.0, "recompile": 5.0, "fusion": 10.0, "safe_distance": 0.0}  # 25 of 40
CH05 = ("reduce_sum_rules", "gammaln_callback", "silu_ffi", "ffi_lowering")


@pytest.fixture
def term(tmp_path: Path) -> Term:
    t = make_term(tmp_path)
    yield t
    t.service.close()


def _override(term: Term, aid: str, sid: str, target: str, points: float) -> None:
    grade_review.set_override(term.service, aid, sid, target, points, "corrected by hand", "ta-anna")


def test_assignment_grades_csv_shows_exercise_overrides_in_the_cells_and_the_total(term: Term) -> None:
    term.upload("s01", "hw2", HW2_POINTS)
    _override(term, "hw2", "s01", "fusion", 5.0)
    row = term.csv_rows(term.service.exports.assignment_grades_csv("hw2"))["s01"]
    assert row["fusion"] == "5.00"  # the TA's points, not the graded 10
    assert row["total"] == row["raw_total"] == row["final_total"] == "20.00"
    assert row["max_total"] == "40.00"


def test_main_grades_csv_applies_the_late_penalty_and_the_assignments_own_exercises(term: Term) -> None:
    term.set_time(HW2_DUE + timedelta(hours=2))  # late: factor 0.9
    term.upload("s01", "hw2", HW2_POINTS)
    main = term.csv_rows(term.service.exports.grades_csv())
    per_assignment = term.csv_rows(term.service.exports.assignment_grades_csv("hw2"))
    assert main["s01"]["total"] == "22.50" == per_assignment["s01"]["final_total"]
    assert main["s01"]["max_total"] == "40.00"
    silent = main["s03"]  # no upload: 0 of the assignment's 40, no cells for chapter 5
    assert (silent["total"], silent["max_total"], silent["status"]) == ("0.00", "40.00", "not_submitted")
    assert [silent[ex] for ex in CH05] == ["", "", "", ""]
    assert silent["histogram"] == "0.00"


def test_one_chapter_assignment_does_not_call_the_other_chapter_missing(term: Term) -> None:
    term.upload("s01", "hw2", HW2_POINTS)
    main = term.csv_rows(term.service.exports.grades_csv())["s01"]
    per_assignment = term.csv_rows(term.service.exports.assignment_grades_csv("hw2"))["s01"]
    assert main["status"] == per_assignment["status"] == "ok"  # not partial:not_submitted:ch05
    assert [main[ex] for ex in CH05] == ["", "", "", ""]


def test_lms_exports_and_summary_read_the_same_final_total(term: Term) -> None:
    term.set_time(HW2_DUE + timedelta(hours=2))
    term.upload("s01", "hw2", HW2_POINTS)
    _override(term, "hw2", "s01", "safe_distance", 10.0)  # 35 raw, x0.9 = 31.50
    record = term.service.exports.ledger.record("hw2", "s01")
    assert (record.raw_total, record.final_total, record.max_total) == (35.0, pytest.approx(31.5), 40.0)
    canvas = term.service.exports.canvas_csv("hw2").splitlines()
    assert canvas[1].endswith(",40.00") and canvas[2].endswith(",31.50")  # Points Possible, the score
    moodle = term.service.exports.moodle_csv("hw2").splitlines()
    assert "s01@example.edu,31.50,40.00" in moodle[1]  # Grade, Maximum Grade
    summary = term.csv_rows(term.service.exports.summary_csv())["s01"]
    assert summary["hw2"] == "31.50"
    assert term.csv_rows(term.service.exports.assignment_grades_csv("hw2"))["s01"]["final_total"] == "31.50"


def test_ags_score_reads_the_ledger(term: Term) -> None:
    from autograder.service.domain.gradebook.lti_outbox import final_score

    term.set_time(HW2_DUE + timedelta(hours=2))
    term.upload("s01", "hw2", HW2_POINTS)
    _override(term, "hw2", "s01", "safe_distance", 10.0)
    with term.service.engine.connect() as conn:
        score = final_score(conn, term.service.assignments["hw2"], "s01")
    assert score is not None
    assert (score.given, score.maximum) == (pytest.approx(31.5), 40.0)  # scoreGiven / scoreMaximum


def test_an_override_belongs_to_its_attempt_and_is_carried_only_by_a_ta(term: Term) -> None:
    first = term.upload("s02", "hw2", HW2_POINTS)
    _override(term, "hw2", "s02", "total", 38.0)
    assert term.service.exports.ledger.record("hw2", "s02").final_total == 38.0
    term.set_time(START + timedelta(minutes=10))
    second = term.upload("s02", "hw2", {"histogram": 10.0})  # `last`: the new upload counts
    record = term.service.exports.ledger.record("hw2", "s02")
    assert record.attempt_id == second and record.final_total == 10.0  # not the old 38
    assert [e.attempt_id for e in record.set_aside] == [first] and record.override_total is None
    row = term.csv_rows(term.service.exports.assignment_grades_csv("hw2"))["s02"]
    assert (row["override"], row["final_total"]) == ("", "10.00")
    assert grade_review.carry_overrides(term.service, "hw2", "s02", "ta-anna") == 1
    carried = term.service.exports.ledger.record("hw2", "s02")
    assert carried.final_total == 38.0 and carried.set_aside == ()
    entries = grade_review.student_audit(term.service, "s02")
    assert [e.action for e in entries if e.action == "override_carried"] == ["override_carried"]


def test_one_attempt_number_per_student_and_assignment(term: Term) -> None:
    term.upload("s01", "hw2", HW2_POINTS)
    term.upload("s02", "hw2", HW2_POINTS)  # another student's attempt between s01's two
    term.set_time(START + timedelta(minutes=5))
    term.upload("s01", "hw2", {"histogram": 10.0})
    term.set_time(HW2_DUE + timedelta(hours=1))  # `after_due`: the grades show from here
    grade = grade_review.student_grade(term.service, "hw2", "s01", for_student=True)
    assert grade.attempt_number == 2 and grade.to_json()["attempt_number"] == 2  # its database id is 3
    assert term.service.exports.ledger.record("hw2", "s02").attempt_number == 1


def test_hidden_grades_name_no_counted_attempt_and_no_score(term: Term) -> None:
    """issue 32 §6: under `best` with grades hidden, which attempt counts ranks the attempts."""
    term.upload("s01", "hw5", {"reduce_sum_rules": 10.0, "silu_ffi": 10.0})
    term.set_time(START + timedelta(minutes=5))
    term.upload("s01", "hw5", {"reduce_sum_rules": 10.0})
    doc = grade_review.student_grade(term.service, "hw5", "s01", for_student=True).to_json()
    assert doc["counted_attempt"] is None and doc["attempt_number"] is None and doc["grades_hidden"]
    assert doc["raw_total"] is None and doc["final_total"] is None and doc["total"] is None
    ta_view = grade_review.student_grade(term.service, "hw5", "s01", for_student=False).to_json()
    assert ta_view["attempt_number"] == 1 and ta_view["final_total"] == 20.0  # `best`: the first


def test_a_ta_regrade_under_hidden_grades_keeps_old_scores_out_of_the_students_audit(term: Term) -> None:
    term.upload("s01", "hw5", {"reduce_sum_rules": 10.0})
    assert term.service.queue.regrade("s01", actor="ta-anna") == 1
    regrades = [e for e in grade_review.student_audit(term.service, "s01") if e.action == "regrade"]
    assert len(regrades) == 1 and regrades[0].old is None and regrades[0].new is None


def test_a_regrade_of_every_assignment_stays_blank_while_one_of_them_is_hidden(term: Term) -> None:
    """The per-student regrade's one entry is named after the first attempt's assignment (hw2, shown)
    but its old scores include hw5's, still hidden."""
    term.upload("s01", "hw2", HW2_POINTS)
    term.upload("s01", "hw5", {"reduce_sum_rules": 10.0})
    term.set_time(HW2_DUE + timedelta(hours=1))  # hw2's grades show, hw5's wait for a release
    assert term.service.queue.regrade("s01", actor="ta-anna") == 2
    (entry,) = [e for e in grade_review.student_audit(term.service, "s01") if e.action == "regrade"]
    assert entry.assignment_id == "hw2" and entry.old is None and entry.new is None
