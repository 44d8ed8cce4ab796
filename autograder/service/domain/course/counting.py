"""A student's deadlines for an assignment (with their extension) and which of their attempts
counts: `term/counting.py`'s rules (deadlines, extensions, the late schedule, the policy) applied
to the stored attempts."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa

from autograder.service.domain.course import course_clock, extensions
from autograder.service.domain.course.assignment_lookup import AssignmentLookup
from autograder.service.domain.course.attempt_reads import AttemptReads
from autograder.service.domain.course.config import ServiceConfig
from autograder.states import AttemptState
from autograder.term.counting import Candidate, Counted, Deadlines, counted_attempt, deadlines_for


class Counting:
    def __init__(self, engine: sa.Engine, cfg: ServiceConfig, lookup: AssignmentLookup, reads: AttemptReads):
        self.engine, self.cfg, self.lookup, self.reads = engine, cfg, lookup, reads
        self.clock = course_clock.for_config(cfg)

    def deadlines(self, student_id: str, assignment_id: str | None = None) -> Deadlines:
        """The student's deadlines for an assignment (their extension's, if any)."""
        assignment = self.lookup.assignment(assignment_id)
        with self.engine.connect() as conn:
            ext = extensions.of_student(conn, assignment.id, student_id)
        return deadlines_for(assignment, ext)

    def local_time(self, t: float) -> str:
        """A time for students and TAs in the course's time zone, named, to the minute
        (`course_clock.py`: `2026-12-20T23:59 (Asia/Shanghai)`)."""
        return self.clock.show(t)

    def counted_detail_of(self, rows: list[Any], assignment_id: str | None = None) -> Counted | None:
        """The counted attempt among `rows` (one student's attempts of the assignment)."""
        if not rows:
            return None
        assignment = self.lookup.assignment(assignment_id)
        graded = AttemptState.GRADED
        candidates = [Candidate(r.id, r.submitted_at, r.score if r.status == graded else None) for r in rows]
        return counted_attempt(assignment, self.deadlines(rows[0].student_id, assignment.id), candidates)

    def counted_row(self, rows: list[Any], assignment_id: str | None = None) -> Any | None:
        """The row of the attempt that counts for a student."""
        detail = self.counted_detail_of(rows, assignment_id)
        return None if detail is None else next(r for r in rows if r.id == detail.attempt_id)

    def counted_detail(self, student_id: str, assignment_id: str | None = None) -> Counted | None:
        """The counted attempt of one student with its late factor (None: no attempt)."""
        rows = self.reads.rows_by_student(assignment_id).get(student_id, [])
        return self.counted_detail_of(rows, assignment_id)
