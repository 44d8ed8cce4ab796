"""Every view of the quiz machine (helpers/ledger_machine_quiz.py) compared with its oracle: the checks
that run after every step. A mixin of the machine: it reads `self.term`, `self.oracle`, `self.now`,
`self.comments`.
"""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest
import sqlalchemy as sa

from autograder.grade.reports import format_score
from autograder.service.domain.gradebook.lti_outbox import final_score as ags_score
from autograder.service.domain.quiz import model_answers
from autograder.service.domain.review import grade_review, line_comments
from autograder.service.storage.lti_tables import scores
from autograder.service.web import rubric_pages, term_pages, term_views

from helpers.ledger_machine import ASSIGNMENTS, STUDENTS, _parts_add_up, _rows

WRITTEN = {"hw2": "ch02.q1", "hw5": "ch05.q2"}  # the quiz questions the machine answers and grades
CHOICE = {"hw2": "ch02.q3", "hw5": "ch05.q1"}


class QuizViews:
    term: Any
    oracle: Any
    comments: dict[int, tuple[int, str, str, str]]

    @property
    def now(self) -> float:
        return float(self.term.now[0])

    def quiz_views_agree(self) -> None:
        service = self.term.service
        main = _rows(service.exports.grades_csv())
        summary = _rows(service.exports.summary_csv())
        for aid in ASSIGNMENTS:
            per = _rows(service.exports.assignment_grades_csv(aid))
            canvas = {r[2]: r for r in csv.reader(io.StringIO(service.exports.canvas_csv(aid)))}
            moodle = {r[2]: r for r in csv.reader(io.StringIO(service.exports.moodle_csv(aid)))}  # by email
            ta_rows = {
                r["student_id"]: r for r in term_pages._student_rows(service, service.assignments[aid])
            }
            quiz = list(csv.DictReader(io.StringIO(service.exports.quiz_csv(aid))))
            most = format_score(self.oracle.full_max(aid))
            assert canvas[""][:1] == ["Points Possible"] and canvas[""][-1] == most
            for sid in STUDENTS:
                text = format_score(self.oracle.final(aid, sid))
                self._record_agrees(aid, sid)
                row = per[sid]
                assert row["final_total"] == text == row["total"], (aid, sid, row, text)
                assert row["raw_total"] == format_score(self.oracle.raw(aid, sid)), (aid, sid, row)
                assert row["quiz_total"] == format_score(self.oracle.quiz_points(aid, sid)), (aid, sid, row)
                _parts_add_up(row)
                assert summary[sid][aid] == text and canvas[sid][-1] == text, (aid, sid)
                assert moodle[f"{sid}@example.edu"][-2:] == [text, most]
                assert ta_rows[sid]["final"] == text, (aid, sid, ta_rows[sid])
                if aid == "hw2":
                    assert main[sid]["total"] == text and main[sid]["max_total"] == most
                self._quiz_rows_agree(aid, sid, [r for r in quiz if r["student_id"] == sid])
                self._student_sees(aid, sid, text)
                self._comments_agree(aid, sid)
        self._outbox_agrees()

    def _record_agrees(self, aid: str, sid: str) -> None:
        o, service = self.oracle, self.term.service
        u = o.counted(aid, sid)
        record = service.exports.ledger.record(aid, sid)
        want = o.final(aid, sid)
        assert record.attempt_id == (None if u is None else u.id), (aid, sid)
        assert record.final_total == pytest.approx(want), (aid, sid, record.final_total, want)
        assert record.max_total == o.full_max(aid), (aid, sid, record.max_total)
        assert record.quiz_points == pytest.approx(o.quiz_points(aid, sid)), (aid, sid, record.quiz_points)
        assert record.quiz_pending == o.quiz_parts(aid, sid)[2], (aid, sid, record.quiz_pending)
        with service.engine.connect() as conn:
            ags = ags_score(conn, service.assignments[aid], sid)
        if u is None:
            assert ags is None, (aid, sid)
        else:
            assert ags is not None and (ags.given, ags.maximum) == (pytest.approx(want), o.full_max(aid))

    def _quiz_rows_agree(self, aid: str, sid: str, rows: list[dict[str, str]]) -> None:
        """The quiz export: a row per question of the counted upload, the points the ledger counts
        for it before the late factor (empty: a written answer waiting for a TA)."""
        o = self.oracle
        u = o.counted(aid, sid)
        if u is None:
            assert rows == [], (aid, sid)
            return
        assert len(rows) == 8 and {r["attempt_number"] for r in rows} == {str(self._number(aid, u.id))}
        by_q = {r["question"]: r for r in rows}
        choice, written, pending = o.quiz_parts(aid, sid)
        assert by_q[CHOICE[aid]]["points"] == format_score(choice), (aid, sid, by_q[CHOICE[aid]])
        got = by_q[WRITTEN[aid]]["points"]
        assert got == ("" if pending else format_score(written)), (aid, sid, by_q[WRITTEN[aid]])
        sheet = o.sheets[u.id]
        items = by_q[WRITTEN[aid]]["rubric_items"]
        assert (len(items.split("; ")) if items else 0) == len(sheet.graded or ()), (aid, sid, items)
        assert by_q[WRITTEN[aid]]["graded_by"] == ("" if sheet.graded is None else "ta-anna"), (aid, sid)

    def _number(self, aid: str, attempt: int) -> int:
        ups = sorted(u.id for u in self.oracle.cells[(aid, self._student_of(aid, attempt))].uploads)
        return ups.index(attempt) + 1

    def _student_of(self, aid: str, attempt: int) -> str:
        return next(s for s in STUDENTS if any(u.id == attempt for u in self.oracle.cells[(aid, s)].uploads))

    def _student_sees(self, aid: str, sid: str, text: str) -> None:
        """The student's JSON, score line and quiz page."""
        o, service = self.oracle, self.term.service
        doc = grade_review.student_grade(service, aid, sid, for_student=True).to_json()
        line = term_views.score_line(service, service.assignments[aid], sid)
        view = rubric_pages.student_quiz_view(service, service.assignments[aid], sid)
        u = o.counted(aid, sid)
        if u is None:
            assert line is None and view["questions"] == []
            return
        if not o.visible(aid, sid, self.now):
            assert doc["grades_hidden"] and doc["final_total"] is None and doc["exercises"] == {}
            assert line is not None and line.hidden and "最终得分" not in line.text
            assert view["questions"] == [], (aid, sid)
            return
        assert doc["final_total"] == pytest.approx(o.final(aid, sid)) and not doc["grades_hidden"]
        most = format_score(o.full_max(aid))
        assert line is not None and not line.hidden and f"最终得分 {text} / {most}" in line.text, line.text
        self._quiz_page_agrees(aid, sid, view)

    def _quiz_page_agrees(self, aid: str, sid: str, view: dict[str, Any]) -> None:
        o = self.oracle
        shown = o.answers_shown(aid, self.now)
        assert view["answers"]["shown"] is shown, (aid, sid)
        rows = {r["q"].id: r for r in view["questions"]}
        choice, written, pending = o.quiz_parts(aid, sid)
        overridden = set(o.bound(aid, sid))
        want_choice = choice if shown or CHOICE[aid] in overridden else None
        assert rows[CHOICE[aid]]["points"] == want_choice, (aid, sid, rows[CHOICE[aid]]["points"])
        assert rows[WRITTEN[aid]]["points"] == (None if pending else written), (aid, sid)

    def _comments_agree(self, aid: str, sid: str) -> None:
        """The TA sees every comment of an attempt; its student sees them once the grade shows."""
        service = self.term.service
        for u in self.oracle.cells[(aid, sid)].uploads:
            want = sorted(b for (a, _, _, b) in self.comments.values() if a == u.id)
            assert sorted(c.body for c in line_comments.of_attempt(service, u.id)) == want
            seen = line_comments.shown_to_student(service, sid, u.id)
            shows = self.oracle.visible(aid, sid, self.now)
            assert sorted(c.body for c in seen) == (want if shows else []), (aid, sid, u.id)

    def _outbox_agrees(self) -> None:
        """The LMS outbox holds each student's counted final score and maximum (nothing is sent)."""
        with self.term.service.engine.connect() as conn:
            rows = {(r.assignment_id, r.student_id): r for r in conn.execute(sa.select(scores))}
        for aid in ASSIGNMENTS:
            for sid in STUDENTS:
                row = rows.get((aid, sid))
                if self.oracle.counted(aid, sid) is None:
                    assert row is None, (aid, sid)
                    continue
                assert row is not None, (aid, sid)
                want = (pytest.approx(self.oracle.final(aid, sid)), self.oracle.full_max(aid))
                assert (row.score, row.max_score) == want, (aid, sid, row.score, row.max_score)

    def answers_agree(self) -> None:
        """Which model answers every student sees: those of an assignment no student can submit to
        any more, or whose answers a TA published; never while a student can still submit unless
        published."""
        service = self.term.service
        for aid in ASSIGNMENTS:
            still_open = [sid for sid in STUDENTS if self.now <= self.oracle.closing(aid, sid)]
            shown = model_answers.visibility(service, service.assignments[aid], self.now).visible
            assert shown == self.oracle.answers_shown(aid, self.now), (aid, still_open)
            assert not (shown and still_open) or aid in self.oracle.published, (aid, still_open)
