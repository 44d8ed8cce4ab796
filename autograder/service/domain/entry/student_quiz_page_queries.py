"""What a student may read of their own quiz (the page `/assignments/{a}/quiz`, web/rubric_pages.py).

    student_quiz(service, assignment, student_id) -> StudentQuiz

The rules of what shows live here, not in the page: nothing while the quiz is off, while the ledger
hides the student's grade, or while no attempt counts; a question's points are a TA's override for
it when there is one, else the answer's (a blank or unreadable written answer scores 0, an ungraded
one has none yet); a choice question's points are withheld while the model answers are (they tell
which options are right) and its status says only that its form is valid (`CHOICE_FORM_OK`). The
answers, their gradings and the applied items are read on one connection; the page translates the
status keys and renders.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from autograder.quiz.key import QuizQuestion
from autograder.service.domain.core import Service
from autograder.service.domain.gradebook import quiz_ledger
from autograder.service.domain.gradebook.grade_record import GradeRecord
from autograder.service.domain.quiz import model_answers, quiz_answers, rubric_grading
from autograder.service.domain.quiz.stored_answer import StoredAnswer
from autograder.term.course import Assignment
from autograder.term.visibility import Visibility, answers_visibility

Shown = Literal["off", "hidden", "none", "shown"]
CHOICE_FORM_OK = "choice_form_ok"  # the status key of a choice answer whose points are withheld
MISSING = "missing"  # the status key of a question the attempt has no answer to


@dataclass(frozen=True)
class StudentQuizRow:
    """One question as the student reads it."""

    q: QuizQuestion
    answer: StoredAnswer | None
    chosen: tuple[tuple[str, str], ...]  # each letter beside the option it stood for, in their order
    points: float | None  # None: not shown (withheld, or not graded yet)
    applied: list[rubric_grading.Item]
    comment: str
    status: str  # a key: the answer's status, CHOICE_FORM_OK or MISSING


@dataclass(frozen=True)
class StudentQuiz:
    """`shown` says whether rows are shown ("shown") or why not; `answers` whether the model answers
    show and from when."""

    shown: Shown
    record: GradeRecord  # the student's view of their grade record
    rows: tuple[StudentQuizRow, ...] = ()
    answers: Visibility | None = None


def _points(
    q: QuizQuestion,
    answer: StoredAnswer | None,
    grading: rubric_grading.Grading | None,
    applied: list[rubric_grading.Item],
    overridden: dict[str, float | None],
) -> float | None:
    if q.id in overridden:  # a TA's points for the question (a resolved regrade request)
        return overridden[q.id]
    if answer is None:
        return None
    if q.kind == "choice" or not quiz_ledger.needs_grading(answer):
        return answer.points or 0.0  # a blank or unreadable written answer scores 0
    return rubric_grading.points_of(applied, q.points) if grading else None


def student_quiz(service: Service, assignment: Assignment, student_id: str) -> StudentQuiz:
    """What the student may read of their quiz now (see the module's rules)."""
    record = service.exports.ledger.record(assignment.id, student_id).for_student()
    with service.engine.connect() as conn:
        if not quiz_ledger.enabled(conn, assignment.id):
            return StudentQuiz("off", record)
        if record.hidden:
            return StudentQuiz("hidden", record)
        if record.attempt_id is None:
            return StudentQuiz("none", record)
        answers = {a.question: a for a in quiz_answers.of_attempts(conn, [record.attempt_id])}
        graded = rubric_grading.gradings(conn, [a.id for a in answers.values() if a.kind == "written"])
        items = rubric_grading.items_by_id(conn, (i for g in graded.values() for i in g.applied))
        published = model_answers.published_at(conn, assignment.id)
        shown = answers_visibility(model_answers.closes_at(conn, assignment), published, service.clock())
    questions = quiz_ledger.questions_of(assignment, service.releases.chapters(assignment))
    key = quiz_answers.key_of(assignment)
    overridden = {e.target: e.points for e in record.overrides}
    rows = []
    for q in questions:
        answer = answers.get(q.id)
        grading = graded.get(answer.id) if answer is not None else None
        applied = (
            sorted((items[i] for i in grading.applied if i in items), key=lambda i: i.position)
            if grading
            else []
        )
        points = _points(q, answer, grading, applied, overridden)
        status = answer.status if answer is not None else MISSING
        if q.kind == "choice" and not shown.visible and q.id not in overridden:
            points = None  # a choice question's points say which options are right
            if answer is not None and answer.status == "answered":
                status = CHOICE_FORM_OK
        chosen = quiz_answers.chosen_texts(q, answer, key.salt) if key is not None else ()
        comment = grading.comment if grading else ""
        rows.append(StudentQuizRow(q, answer, chosen, points, applied, comment, status))
    return StudentQuiz("shown", record, tuple(rows), shown)


__all__ = ["CHOICE_FORM_OK", "MISSING", "Shown", "StudentQuiz", "StudentQuizRow", "student_quiz"]
