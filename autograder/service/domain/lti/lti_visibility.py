"""When a score may go to the LMS: only once the student may see it in the service.

`grades_released` is the one rule the outbox asks: the students' rule (`term/visibility.py`) over
the assignment's `visibility`, the student's own due-at and the TA's release (`grade_releases`).
Releasing grades queues the held scores again (`grade_release.GradeRelease.release`).
"""

from __future__ import annotations

import time

import sqlalchemy as sa

from autograder.service.domain.course import extensions, grade_shown
from autograder.service.storage import db
from autograder.term.counting import deadlines_for
from autograder.term.course import Assignment
from autograder.term.visibility import grade_visibility


def grades_released(conn: sa.Connection, assignment: Assignment, student_id: str) -> bool:
    if assignment.visibility == "immediately":
        return True
    due = deadlines_for(assignment, extensions.of_student(conn, assignment.id, student_id)).due_at
    released = conn.execute(
        sa.select(db.grade_releases.c.released_at).where(db.grade_releases.c.assignment_id == assignment.id)
    ).scalar_one_or_none()
    kept = grade_shown.is_kept(conn, assignment.id, student_id)
    return grade_visibility(assignment, due, released, time.time(), kept=kept).visible
