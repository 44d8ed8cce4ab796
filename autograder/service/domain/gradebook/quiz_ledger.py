"""The quiz's share of the ledger's records (issue 29): quiz points join the exercise points.

    enabled(conn, assignment_id) / enable(conn, assignment_id, ta, now)
    tallies(conn, assignment, attempt_ids) -> {attempt id: QuizTally}
    join(conn, assignment, records) -> records with the quiz fields and totals filled in

An assignment's quiz counts once a TA turned it on (audited): before that its records are the
exercise records exactly. Once on, every record carries

- `quiz_max`: the points of the quiz questions of the assignment's chapters, from the release's key,
  added to `max_total` (points possible, in every CSV and AGS `scoreMaximum`);
- `quiz_points`: the counted attempt's choice points plus the points of its graded written answers
  (rubric_grading.py), times the attempt's late factor (the quiz is part of the upload), added to
  `final_total` (after a TA's total override, which stands for the exercises);
- `quiz_pending`: the counted attempt's written answers with text that no TA graded yet (or every
  question, while its answers are not read yet): the grade is incomplete until it is 0. A blank,
  missing or unreadable written answer scores 0 without a TA.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

import sqlalchemy as sa

from autograder.quiz.key import QuizQuestion
from autograder.service.domain.course import audit
from autograder.service.domain.gradebook.grade_record import GradeRecord
from autograder.service.domain.quiz import quiz_answers, rubric_grading
from autograder.service.storage import quiz_tables as qt
from autograder.term.course import Assignment


@dataclass(frozen=True)
class QuizTally:
    points: float  # choice points + graded written points (before the late factor)
    max_points: float
    pending: int  # written answers not graded yet
    choice: float = 0.0  # the choice questions' share of `points`
    written: float = 0.0  # the graded written answers' share of `points`


def enabled(conn: sa.Connection, assignment_id: str) -> bool:
    q = qt.quiz_assignments.c
    return (
        conn.execute(sa.select(q.assignment_id).where(q.assignment_id == assignment_id)).first() is not None
    )


def enable(conn: sa.Connection, assignment_id: str, ta: str, now: float) -> bool:
    """Turn the assignment's quiz on (its points join the grades from now on); False: it was on."""
    if enabled(conn, assignment_id):
        return False
    conn.execute(
        qt.quiz_assignments.insert().values(assignment_id=assignment_id, enabled_by=ta, enabled_at=now)
    )
    audit.record(
        conn,
        actor=ta,
        action="quiz_enabled",
        assignment_id=assignment_id,
        student_id=None,
        detail=f"assignment {assignment_id}: quiz points join the grades",
        old=None,
        new={"quiz": True},
        at=now,
    )
    return True


def questions_of(assignment: Assignment, chapters: Sequence[str]) -> list[QuizQuestion]:
    key = quiz_answers.key_of(assignment)
    return [] if key is None else [q for q in key.questions if q.chapter in chapters]


def max_points(assignment: Assignment, chapters: Sequence[str]) -> float:
    return float(sum(q.points for q in questions_of(assignment, chapters)))


def tallies(
    conn: sa.Connection, assignment: Assignment, chapters: Sequence[str], attempt_ids: Sequence[int]
) -> dict[int, QuizTally]:
    questions = questions_of(assignment, chapters)
    wanted = {q.id for q in questions}
    total_max = float(sum(q.points for q in questions))
    answers = [a for a in quiz_answers.of_attempts(conn, attempt_ids) if a.question in wanted]
    written = rubric_grading.written_points(conn, answers)
    out: dict[int, QuizTally] = {}
    for attempt_id in attempt_ids:
        own = [a for a in answers if a.attempt_id == attempt_id]
        if not own:  # not read yet (graded before the quiz was read): nothing counts, all pending
            out[attempt_id] = QuizTally(0.0, total_max, len(questions))
            continue
        choice = float(sum(a.points or 0.0 for a in own if a.kind == "choice"))
        graded = float(sum(written.get(a.id, 0.0) for a in own if a.kind == "written"))
        pending = sum(1 for a in own if needs_grading(a) and a.id not in written)
        out[attempt_id] = QuizTally(choice + graded, total_max, pending, choice, graded)
    return out


def needs_grading(answer: quiz_answers.StoredAnswer) -> bool:
    """A written answer a TA grades: one with text (a blank, missing, unreadable or conflicting one
    scores 0 without a person, as in the batch's packet)."""
    return answer.kind == "written" and answer.status == "answered"


def join(
    conn: sa.Connection, assignment: Assignment, chapters: Sequence[str], records: list[GradeRecord]
) -> list[GradeRecord]:
    """The records with the quiz's points joined (unchanged while the assignment's quiz is off)."""
    if not records or not enabled(conn, assignment.id):
        return records
    ids = [r.attempt_id for r in records if r.attempt_id is not None]
    found = tallies(conn, assignment, chapters, ids)
    questions = questions_of(assignment, chapters)
    quiz_max = float(sum(q.points for q in questions))
    out = []
    for r in records:
        tally = found.get(r.attempt_id) if r.attempt_id is not None else None
        if tally is None:  # no attempt counts: the quiz scores 0, as the exercises do
            tally = QuizTally(0.0, quiz_max, 0)
        tally = _overridden(conn, questions, r, tally)
        points = round(tally.points * r.factor, 6)
        out.append(
            replace(
                r,
                quiz_points=points,
                quiz_choice=tally.choice,
                quiz_written=tally.written,
                quiz_max=quiz_max,
                quiz_pending=tally.pending,
                final_total=None if r.final_total is None else r.final_total + points,
                max_total=r.max_total + quiz_max,
            )
        )
    return out


def _overridden(
    conn: sa.Connection, questions: Sequence[QuizQuestion], record: GradeRecord, tally: QuizTally
) -> QuizTally:
    """The tally with the record's overrides of quiz questions (a resolved regrade request's points):
    each replaces that question's points, before the late factor like an exercise's, and a written
    answer it overrides no longer waits for a TA."""
    ids = {q.id for q in questions}
    wanted = {e.target: e.points for e in record.overrides if e.target in ids}
    if not wanted or record.attempt_id is None:
        return tally
    answers = [a for a in quiz_answers.of_attempts(conn, [record.attempt_id]) if a.question in wanted]
    written = rubric_grading.written_points(conn, answers)
    delta = {"choice": 0.0, "written": 0.0}
    pending = tally.pending
    for a in answers:
        had = (a.points or 0.0) if a.kind == "choice" else written.get(a.id, 0.0)
        delta["choice" if a.kind == "choice" else "written"] += wanted[a.question] - had
        if needs_grading(a) and a.id not in written:
            pending -= 1
    return replace(
        tally,
        points=tally.points + delta["choice"] + delta["written"],
        pending=pending,
        choice=tally.choice + delta["choice"],
        written=tally.written + delta["written"],
    )


__all__ = ["QuizTally", "enable", "enabled", "join", "max_points", "needs_grading", "questions_of", "tallies"]
