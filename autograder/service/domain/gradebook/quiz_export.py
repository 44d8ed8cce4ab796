"""The quiz's per-question reads of an assignment: the export's rows (`Exports.quiz_csv`,
`GET .../quiz.csv`) and the item analysis of its questions (`/ta/items`).

    rows(conn, assignment, chapters, records) -> [QuizExportRow]
    item_stats(conn, assignment, chapters, records) -> [QuestionStats]

One row per roster student and quiz question of the assignment's chapters, read from the counted
attempt the ledger's records name (no attempt: no rows). `points` is what the ledger counts for the
question before the late factor (`quiz_ledger.tallies` and its overrides sum the same numbers): a
TA's points for the question (a resolved regrade request's override), else a choice question's
score, a graded written answer's rubric points, 0 for a written answer with no text, empty for one
nobody graded yet. Never the student's text: the export is for the gradebook, not for reading answers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import sqlalchemy as sa

from autograder.grade.reports import format_score
from autograder.service.domain.gradebook import quiz_ledger
from autograder.service.domain.gradebook.grade_record import GradeRecord
from autograder.service.domain.quiz import quiz_answers, quiz_item_stats, rubric_grading
from autograder.term.course import Assignment

QUIZ_COLUMNS = (
    "student_id", "attempt_number", "question", "kind", "status", "points", "max_points",
    "rubric_items", "graded_by",
)  # fmt: skip


@dataclass(frozen=True)
class QuizExportRow:
    student_id: str
    attempt_number: int
    question: str
    kind: str  # "choice" | "written"
    status: str  # the answer's status (answered, blank, missing, unreadable, conflict)
    points: float | None  # None: a written answer not graded yet
    max_points: float
    rubric_items: tuple[str, ...]  # "<key> <+points> <description>" of each applied item
    graded_by: str  # the TA who graded a written answer, "auto" for a choice question

    def cells(self) -> list[str]:
        return [
            self.student_id, str(self.attempt_number), self.question, self.kind, self.status,
            "" if self.points is None else format_score(self.points), format_score(self.max_points),
            "; ".join(self.rubric_items), self.graded_by,
        ]  # fmt: skip


def rows(
    conn: sa.Connection, assignment: Assignment, chapters: Sequence[str], records: Sequence[GradeRecord]
) -> list[QuizExportRow]:
    questions = quiz_ledger.questions_of(assignment, chapters)
    counted = {r.attempt_id: r for r in records if r.attempt_id is not None and r.state == "graded"}
    answers = {(a.attempt_id, a.question): a for a in quiz_answers.of_attempts(conn, list(counted))}
    written = [a for a in answers.values() if a.kind == "written"]
    graded = rubric_grading.gradings(conn, [a.id for a in written])
    items = rubric_grading.items_by_id(conn, (i for g in graded.values() for i in g.applied))
    points = rubric_grading.written_points(conn, written)
    out = []
    for attempt_id, record in sorted(counted.items(), key=lambda kv: kv[1].student_id):
        overridden = {e.target: e.points for e in record.overrides}  # the overrides that count
        for q in questions:
            answer = answers.get((attempt_id, q.id))
            grading = graded.get(answer.id) if answer is not None else None
            marks = grading.applied if grading else frozenset()
            applied = sorted((items[i] for i in marks if i in items), key=lambda i: i.position)
            if q.id in overridden:
                got: float | None = overridden[q.id]
            elif answer is None:
                got = None
            elif answer.kind == "choice":
                got = answer.points or 0.0
            elif answer.id in points:
                got = points[answer.id]
            else:
                got = None if quiz_ledger.needs_grading(answer) else 0.0
            out.append(
                QuizExportRow(
                    student_id=record.student_id,
                    attempt_number=record.attempt_number or 0,
                    question=q.id,
                    kind=q.kind,
                    status="not_read" if answer is None else answer.status,
                    points=got,
                    max_points=float(q.points),
                    rubric_items=tuple(f"{i.position} {i.points:+g} {i.description}" for i in applied),
                    graded_by="auto" if q.kind == "choice" else (grading.graded_by if grading else ""),
                )
            )
    return out


def item_stats(
    conn: sa.Connection, assignment: Assignment, chapters: Sequence[str], records: Sequence[GradeRecord]
) -> list[quiz_item_stats.QuestionStats]:
    """Difficulty and discrimination of each quiz question over the counted graded attempts (the
    ledger's records, whose final totals the discrimination is against); [] while the quiz is off."""
    if not quiz_ledger.enabled(conn, assignment.id):
        return []
    counted = [r.attempt_id for r in records if r.attempt_id is not None and r.state == "graded"]
    totals = {r.student_id: r.final_total for r in records if r.final_total is not None}
    answers = quiz_answers.of_attempts(conn, counted)
    written = rubric_grading.written_points(conn, answers)
    return [
        quiz_item_stats.question_stats(q, [a for a in answers if a.question == q.id], written, totals)
        for q in quiz_ledger.questions_of(assignment, chapters)
    ]


__all__ = ["QUIZ_COLUMNS", "QuizExportRow", "item_stats", "rows"]
