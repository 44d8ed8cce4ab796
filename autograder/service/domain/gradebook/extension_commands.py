"""The commands that grant or remove extensions, one transaction each.

An extension can change a student's counted attempt and its late factor, so each command writes the
extension and its audit entry (`extensions`) and, in the same transaction, queues the student's
counted final score for the LMS (`lti_outbox.counted_grade_changed`, which queues nothing when the
score the LMS has is unchanged). Pages and the API only parse what the TA sent and call one of these.

    grant(service, assignment, student_id, ext, by, now)
    grant_many(service, assignment, {student_id: ext}, by, now)   all or none; KeyError: unknown id
    revoke(service, assignment, student_id, by, now) -> False: there was none

They live apart from `extensions` because the LMS outbox reads extensions (through
`lti_visibility`): `extensions` importing the outbox would close a cycle.
"""

from __future__ import annotations

from autograder.service.domain.course import extensions
from autograder.service.domain.course.service_database import HoldsDatabase
from autograder.service.domain.gradebook.lti_outbox import counted_grade_changed
from autograder.term.counting import Extension
from autograder.term.course import Assignment


def grant(
    service: HoldsDatabase, assignment: Assignment, student_id: str, ext: Extension, by: str, now: float
) -> None:
    """Set (or replace) the student's extension. Raises KeyError for an unknown student."""
    grant_many(service, assignment, {student_id: ext}, by, now)


def grant_many(
    service: HoldsDatabase, assignment: Assignment, granted: dict[str, Extension], by: str, now: float
) -> None:
    """Set these students' extensions and queue their LMS scores, all in one transaction."""
    with service.engine.begin() as conn:
        extensions.grant_many_in(conn, assignment, granted, by, now)
        for student_id in granted:
            counted_grade_changed(conn, assignment.id, student_id)


def revoke(service: HoldsDatabase, assignment: Assignment, student_id: str, by: str, now: float) -> bool:
    """Remove the student's extension and queue their LMS score (False: there was none)."""
    with service.engine.begin() as conn:
        if not extensions.revoke_in(conn, assignment, student_id, by, now):
            return False
        counted_grade_changed(conn, assignment.id, student_id)
        return True
