"""A student's grade as reviewed by the TAs: the counted attempt, its overrides, regrade requests.

The operations behind `/api/overrides`, `/api/regrade-requests` and their pages, on `Service` as it
is: they take an `assignment_id` (checked against the service's assignments) and an `actor` (a
TA's name, or "student:<id>"), and each runs in one transaction, the audit entry of a score
change included. Refusals are `Refusal`s with the student's Chinese text (messages.SERVICE_ZH).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from autograder.service.domain.core import Attempt, Refusal, Service
from autograder.service.domain.course import audit
from autograder.service.domain.gradebook import ledger, overrides, quiz_ledger
from autograder.service.domain.gradebook.lti_outbox import counted_grade_changed
from autograder.service.domain.review import message_caps, regrade_requests
from autograder.service.records import refusal
from autograder.states import AttemptState
from autograder.term.course import Assignment


def assignment_of(service: Service, assignment_id: str) -> Assignment:
    assignment = service.assignments.get(assignment_id)
    if assignment is None:
        raise refusal(404, "no_assignment", f"no assignment {assignment_id!r}")
    return assignment


def max_points(service: Service, assignment: Assignment) -> dict[str, float]:
    points = service.releases.of(assignment).points
    return {ex: float(points[ex]) for ex in assignment.exercises if ex in points}


def _known_student(service: Service, student_id: str) -> None:
    if service.identity.student(student_id) is None:
        raise refusal(404, "no_student", f"no student {student_id!r}")


@dataclass(frozen=True)
class StudentGrade:
    assignment_id: str
    student_id: str
    attempt: Attempt | None  # the counted attempt (None: no attempt)
    override: overrides.Override | None
    applied: overrides.Applied
    max_points: dict[str, float]
    hidden: bool = False  # the student's view of a grade their assignment does not show yet
    attempt_number: int | None = None  # the counted attempt's number among the student's (from 1)
    submitted: bool = False  # the student uploaded to the assignment (shown even while hidden)
    set_aside: tuple[overrides.Entry, ...] = ()  # overrides made on another attempt (not counted)
    late_penalty: float | None = None  # the ledger's, for the counted attempt
    final_total: float | None = None  # the ledger's: what the gradebook keeps
    max_total: float = 0.0  # the ledger's points possible (the release that graded the counted attempt)

    @property
    def graded(self) -> bool:
        return not self.hidden and self.attempt is not None and self.attempt.status == AttemptState.GRADED

    def to_json(self) -> dict[str, Any]:
        return {
            "assignment_id": self.assignment_id,
            "student_id": self.student_id,
            "counted_attempt": None if self.attempt is None else self.attempt.to_json(),
            "attempt_number": self.attempt_number,
            "grades_hidden": self.hidden,
            "exercises": self.applied.exercises,
            "raw_total": self.applied.raw_total,
            "total": self.applied.total,
            "max_total": self.max_total,
            "overrides": [] if self.override is None else [e.to_json() for e in self.override.entries],
            "set_aside_overrides": [e.to_json() for e in self.set_aside],
            "late_penalty": self.late_penalty,
            "final_total": self.final_total,
        }


def student_grade(
    service: Service, assignment_id: str, student_id: str, *, for_student: bool
) -> StudentGrade:
    """The student's counted attempt of the assignment with the overrides bound to it applied (raw
    scores, no late factor; the ledger's late penalty and final total beside them). For the
    student's own eyes (`for_student`), a grade their assignment does not show yet is the ledger's
    student view: no attempt named (under `best`, which attempt counts ranks them), no override
    (an override's points are a grade too), no score."""
    assignment = assignment_of(service, assignment_id)
    _known_student(service, student_id)
    record = service.exports.ledger.record(assignment.id, student_id)
    if for_student:
        record = record.for_student()
    hidden = record.hidden
    attempt = None
    if record.attempt_id is not None:
        attempt = service.attempt_reads.attempt(student_id, record.attempt_id)
    override = None
    if record.overrides:
        override = overrides.Override(
            exercise_scores={e.target: e.points for e in record.overrides if e.target != overrides.TOTAL},
            total=record.override_total,
            entries=record.overrides,
        )
    graded = attempt is not None and attempt.status == AttemptState.GRADED and not hidden
    applied = overrides.apply(attempt.exercises if graded and attempt else None, override)
    return StudentGrade(
        assignment.id, student_id, attempt, override, applied, max_points(service, assignment), hidden,
        attempt_number=record.attempt_number, submitted=record.submitted, set_aside=record.set_aside,
        late_penalty=record.late_penalty, final_total=record.final_total, max_total=record.max_total,
    )  # fmt: skip


# Audit actions whose old/new values are a grade: a student reads them only once the assignment's
# grades show (its visibility rule), like the grade itself.
GRADE_ACTIONS = frozenset(
    {"grading", "override", "override_removed", "override_carried", "regrade", "regrade_publish",
     "rubric_grade", "rubric_item"}  # a quiz answer's items, comment and points (rubric_grading.py)
)  # fmt: skip


def student_audit(service: Service, student_id: str) -> list[audit.Entry]:
    """The audit entries about the student, as the student may read them now: the values of a grade
    change of an assignment whose grades are still hidden are left out (the entry stays)."""
    shown = {aid: service.grade_release.of(student_id, aid).visible for aid in service.assignments}
    out = []
    for e in audit.entries(service.engine, student_id=student_id):
        # a per-student regrade requeues the attempts of every assignment under one entry (named
        # after the first): its old scores are shown only when every assignment's grades are
        hidden = not all(shown.values()) if e.action == "regrade" else not shown.get(e.assignment_id, True)
        if e.action in GRADE_ACTIONS and hidden:
            e = dataclasses.replace(e, detail="", old=None, new=None)
        out.append(e)
    return out


def set_override(
    service: Service,
    assignment_id: str,
    student_id: str,
    target: str,
    points: float,
    comment: str,
    actor: str,
) -> None:
    """Set one override on the student's grade (audited). 404 unknown student, 422 refused."""
    assignment = assignment_of(service, assignment_id)
    _known_student(service, student_id)
    counted = service.counting.counted_detail(student_id, assignment.id)
    try:
        with service.engine.begin() as conn:
            overrides.put(
                conn,
                assignment_id=assignment.id,
                student_id=student_id,
                target=target,
                points=points,
                comment=comment,
                attempt_id=None if counted is None else counted.attempt_id,
                actor=actor,
                now=service.clock(),
                max_points=max_points(service, assignment),
            )
            counted_grade_changed(conn, assignment.id, student_id)  # the LMS gets the new final score
    except overrides.OverrideError as exc:
        raise refusal(422, "bad_override", str(exc), why=str(exc)) from None


def remove_override(service: Service, assignment_id: str, student_id: str, target: str, actor: str) -> None:
    assignment = assignment_of(service, assignment_id)
    _known_student(service, student_id)
    with service.engine.begin() as conn:
        removed = overrides.remove(
            conn,
            assignment_id=assignment.id,
            student_id=student_id,
            target=target,
            actor=actor,
            now=service.clock(),
        )
        if removed:
            counted_grade_changed(conn, assignment.id, student_id)
    if not removed:
        raise refusal(404, "no_override", f"no override of {target!r} for {student_id!r}")


def carry_overrides(service: Service, assignment_id: str, student_id: str, actor: str) -> int:
    """A TA's explicit choice: the student's overrides made on other attempts count on the attempt
    that counts now (audited per override; `ledger.carry`). 409 when no attempt counts."""
    assignment = assignment_of(service, assignment_id)
    _known_student(service, student_id)
    counted = service.counting.counted_detail(student_id, assignment.id)
    if counted is None:
        raise refusal(409, "no_override", f"{student_id!r} has no counted attempt to carry overrides to")
    with service.engine.begin() as conn:
        n = ledger.carry(
            conn, assignment_id=assignment.id, student_id=student_id, to_attempt=counted.attempt_id,
            actor=actor, now=service.clock(),
        )  # fmt: skip
        if n:
            counted_grade_changed(conn, assignment.id, student_id)
    return n


# -- regrade requests


def _request_refusal(exc: regrade_requests.RequestError) -> Refusal:
    status = {"no_request": 404, "request_closed": 409, "request_open": 409}.get(exc.key, 422)
    if exc.key in message_caps.CAP_KEYS:
        return refusal(
            429, exc.key, str(exc), per_thread=message_caps.STUDENT_MESSAGES_PER_THREAD,
            per_day=message_caps.STUDENT_MESSAGES_PER_DAY,
        )  # fmt: skip
    return refusal(status, exc.key, str(exc), limit=regrade_requests.MAX_MESSAGE_CHARS)


def open_request(service: Service, assignment_id: str, student_id: str, exercise: str, message: str) -> int:
    """A student's request about one exercise of their counted, graded attempt."""
    grade = student_grade(service, assignment_id, student_id, for_student=True)
    if exercise not in grade.max_points and not _quiz_question(service, grade.assignment_id, exercise):
        raise refusal(422, "bad_exercise", f"no exercise {exercise!r}", exercise=exercise[:64])
    if not grade.graded or grade.attempt is None:
        raise refusal(409, "need_counted_graded", "no graded counted attempt to ask about")
    try:
        with service.engine.begin() as conn:
            return regrade_requests.open_request(
                conn,
                assignment_id=grade.assignment_id,
                student_id=student_id,
                attempt_id=grade.attempt.id,
                exercise=exercise,
                message=message,
                now=service.clock(),
            )
    except regrade_requests.RequestError as exc:
        raise _request_refusal(exc) from None


def _quiz_question(service: Service, assignment_id: str, question: str) -> bool:
    """A quiz question of the assignment whose quiz the service grades (a request about it is
    answered on its rubric grading page, or resolved with points: an override of that question)."""
    return question in quiz_points(service, assignment_of(service, assignment_id))


def quiz_points(service: Service, assignment: Assignment) -> dict[str, float]:
    """The points of each quiz question of the assignment while the service grades its quiz (an
    override's target and limit, like an exercise's); empty while the quiz is off."""
    with service.engine.connect() as conn:
        if not quiz_ledger.enabled(conn, assignment.id):
            return {}
    chapters = service.releases.chapters(assignment)
    return {q.id: float(q.points) for q in quiz_ledger.questions_of(assignment, chapters)}


def request_of(service: Service, request_id: int, student_id: str | None) -> regrade_requests.Request:
    """The request (only the student's own when `student_id` is given); 404 otherwise."""
    with service.engine.connect() as conn:
        found = (
            regrade_requests.get(conn, request_id, student_id=student_id) if 0 < request_id < 2**31 else None
        )
    if found is None:
        raise refusal(404, "no_request", f"no request {request_id}")
    return found


def post_message(service: Service, request_id: int, author: str, body: str, student_id: str | None) -> None:
    request_of(service, request_id, student_id)
    try:
        with service.engine.begin() as conn:
            regrade_requests.add_message(conn, request_id, author, body, service.clock())
    except regrade_requests.RequestError as exc:
        raise _request_refusal(exc) from None


def resolve_request(
    service: Service, request_id: int, actor: str, message: str, points: float | None
) -> regrade_requests.Request:
    """A TA's answer that closes the request; with `points`, an override of the exercise (or quiz
    question: it replaces that question's points in the quiz's share) whose comment is the answer.
    All in one transaction (the override's audit entry and the LMS score too)."""
    found = request_of(service, request_id, None)
    assignment = assignment_of(service, found.assignment_id)
    limits = {**max_points(service, assignment), **quiz_points(service, assignment)}
    now = service.clock()
    try:
        with service.engine.begin() as conn:
            regrade_requests.add_message(conn, request_id, actor, message, now)
            if points is not None:
                overrides.put(
                    conn,
                    assignment_id=assignment.id,
                    student_id=found.student_id,
                    target=found.exercise,
                    points=points,
                    comment=message,
                    attempt_id=found.attempt_id,
                    actor=actor,
                    now=now,
                    max_points=limits,
                )
                counted_grade_changed(conn, assignment.id, found.student_id)
            regrade_requests.resolve(conn, request_id, actor, now)
    except regrade_requests.RequestError as exc:
        raise _request_refusal(exc) from None
    except overrides.OverrideError as exc:
        raise refusal(422, "bad_override", str(exc), why=str(exc)) from None
    return request_of(service, request_id, None)


def audit_entries(service: Service, student_id: str | None) -> list[audit.Entry]:
    return audit.entries(service.engine, student_id=student_id)
