"""When a score may go to the LMS: only once the student may see it in the service.

`grades_released` is the one rule the outbox asks; it follows the assignment's `visibility`
(term/course.py). "on_release" has no release record in this branch yet: until the integrator
points this function at it, such grades are held (never sent early).
"""

from __future__ import annotations

import time

import sqlalchemy as sa

from autograder.service import extensions
from autograder.term.counting import deadlines_for
from autograder.term.course import Assignment


def grades_released(conn: sa.Connection, assignment: Assignment, student_id: str) -> bool:
    if assignment.visibility == "immediately":
        return True
    if assignment.visibility == "after_due":
        due = deadlines_for(assignment, extensions.of_student(conn, assignment.id, student_id)).due_at
        return due is None or time.time() > due
    return False
