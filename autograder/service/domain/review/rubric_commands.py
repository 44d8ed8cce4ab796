"""The commands that change a written quiz answer's grade, one transaction each.

Every change to what a student earned is one command here: it runs `rubric_grading`'s step (which
writes the audit entry) and, in the same transaction, queues the LMS score
(`lti_outbox.counted_grade_changed`) of every student whose question points changed. The grading
page only parses the form, calls one command and renders its outcome.

    grade_answer(service, assignment, question, answer_id, step, ta) -> StepDone
    save_item(service, assignment, question, item_id, points, description, ta) -> students re-scored
    delete_item(service, assignment, question, item_id, ta) -> students re-scored
    deletion_preview(service, assignment, question, item_id) -> ItemDeletion (what the TA confirms)
    enable_quiz(service, assignment, ta) -> whether it was off

A step on one answer changes only that answer's student, except the two that say so: `g` (the
answer's group gets its grade; refused from an answer nobody graded, whose "grade" would wipe the
group's graded answers) and an item's edit or deletion (every answer carrying the item is re-scored).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

import sqlalchemy as sa

from autograder.quiz.key import QuizQuestion
from autograder.service.domain.core import Service
from autograder.service.domain.gradebook import quiz_ledger
from autograder.service.domain.gradebook.lti_outbox import counted_grade_changed
from autograder.service.domain.quiz import quiz_answers, rubric_grading
from autograder.service.domain.quiz.stored_answer import StoredAnswer
from autograder.term.course import Assignment

Action = Literal["toggle", "none", "comment", "group"]
ACTIONS: tuple[Action, ...] = ("toggle", "none", "comment", "group")


class NoSuchAnswer(LookupError):
    """The answer is not a written answer of the question in a counted attempt."""


@dataclass(frozen=True)
class Step:
    """One grading step on one answer, as the page's form asks for it."""

    action: Action
    item_id: int | None = None  # toggle: the rubric item
    comment: str = ""  # comment: the text the student reads after release


@dataclass(frozen=True)
class StepDone:
    """What a step did: the answers it graded and the students whose points changed (LMS queued)."""

    graded: int
    rescored: tuple[str, ...]
    skipped_held: int = 0  # group: answers another TA holds, left as they were


def counted_written(service: Service, assignment: Assignment, question: str) -> list[StoredAnswer]:
    """The written answers with text to the question in every student's counted, graded attempt
    (the grading queue's answers, in id order)."""
    counted = [
        r.attempt_id
        for r in service.exports.ledger.records(assignment.id)
        if r.attempt_id is not None and r.state == "graded"
    ]
    with service.engine.connect() as conn:
        answers = quiz_answers.of_attempts(conn, counted)
    return sorted(
        (a for a in answers if a.question == question and quiz_ledger.needs_grading(a)), key=lambda a: a.id
    )


def _points(conn: sa.Connection, answer_ids: Sequence[int]) -> dict[int, float | None]:
    return {i: rubric_grading.answer_points(conn, i) for i in answer_ids}


def _notify_changed(
    conn: sa.Connection, assignment_id: str, before: dict[int, float | None], students: dict[int, str]
) -> tuple[str, ...]:
    """Queue the LMS score of each student whose answer's points moved; returns them."""
    after = _points(conn, list(before))
    moved = sorted({students[i] for i in before if after[i] != before[i]})
    for student_id in moved:
        counted_grade_changed(conn, assignment_id, student_id)
    return tuple(moved)


def grade_answer(
    service: Service, assignment: Assignment, question: QuizQuestion, answer_id: int, step: Step, ta: str
) -> StepDone:
    """One step of a TA on one written answer of a counted attempt, in one transaction. Raises
    NoSuchAnswer, rubric_grading.LeaseHeld (nothing changed), RubricRefused (nothing changed;
    UngradedGroupSource for `g` on an answer nobody graded)."""
    answers = counted_written(service, assignment, question.id)
    current = next((a for a in answers if a.id == answer_id), None)
    if current is None:
        raise NoSuchAnswer(answer_id)
    group = [a for a in answers if a.group_key == current.group_key]
    touched = group if step.action == "group" else [current]
    students = {a.id: a.student_id for a in touched}
    now = service.clock()
    with service.engine.begin() as conn:
        before = _points(conn, list(students))
        graded, held = 1, 0
        if step.action == "toggle" and step.item_id is not None:
            rubric_grading.toggle(conn, answer_id, step.item_id, ta, now)
        elif step.action == "none":
            rubric_grading.grade_none(conn, answer_id, ta, now)
        elif step.action == "comment":
            rubric_grading.set_comment(conn, answer_id, step.comment, ta, now)
        elif step.action == "group":
            others = [a.id for a in touched if a.id != answer_id]
            graded = rubric_grading.apply_to_group(conn, answer_id, others, ta, now)
            held = len(others) - graded
        else:
            raise rubric_grading.RubricRefused(f"unknown grading step {step.action!r}")
        rescored = _notify_changed(conn, assignment.id, before, students)
    return StepDone(graded, rescored, held)


def save_item(
    service: Service,
    assignment: Assignment,
    question: str,
    item_id: int | None,
    points: float,
    description: str,
    ta: str,
) -> tuple[str, ...]:
    """Add a rubric item (`item_id` None) or edit one of the question's; an edit re-scores every
    answer carrying the item (audited per student) and queues those students' LMS scores, in the
    same transaction. Returns the students re-scored. RubricRefused: nothing changed."""
    now = service.clock()
    with service.engine.begin() as conn:
        if item_id is None:
            rubric_grading.add_item(conn, assignment.id, question, points, description, ta, now)
            return ()
        if item_id not in {i.id for i in rubric_grading.items(conn, assignment.id, question)}:
            raise rubric_grading.RubricRefused("no such rubric item for this question")
        changed = rubric_grading.edit_item(conn, item_id, points, description, ta, now)
        for student_id in changed:
            counted_grade_changed(conn, assignment.id, student_id)
    return tuple(changed)


@dataclass(frozen=True)
class ItemDeletion:
    """What deleting an item would do, for the TA's confirm step."""

    item: rubric_grading.Item
    answers: int  # answers that carry it (every attempt's, counted or not)
    students: int  # their students


def _item_of(conn: sa.Connection, assignment: Assignment, question: str, item_id: int) -> rubric_grading.Item:
    item = next((i for i in rubric_grading.items(conn, assignment.id, question) if i.id == item_id), None)
    if item is None:
        raise rubric_grading.RubricRefused("no such rubric item for this question")
    return item


def deletion_preview(service: Service, assignment: Assignment, question: str, item_id: int) -> ItemDeletion:
    """The item and how many answers (of how many students) carry it. RubricRefused: no such item."""
    with service.engine.connect() as conn:
        item = _item_of(conn, assignment, question, item_id)
        answers, students = rubric_grading.item_carriers(conn, item_id)
    return ItemDeletion(item, answers, students)


def delete_item(
    service: Service, assignment: Assignment, question: str, item_id: int, ta: str
) -> tuple[str, ...]:
    """Delete one of the question's rubric items, in one transaction: every answer carrying it is
    re-scored from the items it keeps (audited per student whose points moved, and once for the
    item), and those students' LMS scores are queued. Returns the students re-scored.
    RubricRefused: not an item of this question; nothing changed."""
    with service.engine.begin() as conn:
        _item_of(conn, assignment, question, item_id)
        changed = rubric_grading.delete_item(conn, item_id, ta, service.clock())
        for student_id in changed:
            counted_grade_changed(conn, assignment.id, student_id)
    return tuple(changed)


def enable_quiz(service: Service, assignment: Assignment, ta: str) -> bool:
    """Turn the assignment's quiz on (audited) and queue every student's LMS score with the quiz's
    points joined, in one transaction; False: it was on already."""
    with service.engine.begin() as conn:
        newly = quiz_ledger.enable(conn, assignment.id, ta, service.clock())
        if newly:
            for student in service.identity.students():
                counted_grade_changed(conn, assignment.id, student.student_id)
    return newly


__all__ = [
    "ACTIONS",
    "Action",
    "ItemDeletion",
    "NoSuchAnswer",
    "Step",
    "StepDone",
    "counted_written",
    "delete_item",
    "deletion_preview",
    "enable_quiz",
    "grade_answer",
    "save_item",
]
