"""Grade visibility as the service applies it: who may see an assignment's scores and feedback now,
and the TA's "release grades" and "un-release grades".

The rule is `term/visibility.py`; this part reads what it needs (the `grade_releases` row, the
student's own deadlines) and hides an attempt's grade fields from a student until then. Every
student-facing read (API, pages, feedback) goes through `student_view` / `feedback_allowed`; the
TA's exports and pages read the database directly and always see everything.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import sqlalchemy as sa

from autograder.messages import service_message
from autograder.service.domain.course import audit, grade_shown
from autograder.service.domain.course.assignment_lookup import AssignmentLookup
from autograder.service.domain.course.counting import Counting
from autograder.service.records import Attempt
from autograder.service.storage import db
from autograder.states import AttemptState
from autograder.term.visibility import Visibility, grade_visibility


class GradeRelease:
    def __init__(
        self, engine: sa.Engine, lookup: AssignmentLookup, counting: Counting, clock: Callable[[], float]
    ):
        self.engine, self.lookup, self.counting, self.clock = engine, lookup, counting, clock

    def released_at(self, assignment_id: str) -> float | None:
        with self.engine.connect() as conn:
            return conn.execute(
                sa.select(db.grade_releases.c.released_at).where(
                    db.grade_releases.c.assignment_id == assignment_id
                )
            ).scalar_one_or_none()

    def release(self, assignment_id: str, *, actor: str) -> bool:
        """Show the assignment's grades to its students from now on (False: released before)."""
        assignment = self.lookup.assignment(assignment_id)
        with self.engine.begin() as conn:
            known = conn.execute(
                sa.select(db.grade_releases.c.assignment_id).where(
                    db.grade_releases.c.assignment_id == assignment.id
                )
            ).first()
            if known is not None:
                return False
            now = self.clock()
            conn.execute(
                db.grade_releases.insert().values(
                    assignment_id=assignment.id, released_at=now, released_by=actor
                )
            )
            audit.record(
                conn,
                actor=actor,
                action="publish",
                assignment_id=assignment.id,
                student_id=None,
                detail=f"grades of {assignment.id} released",
                old="hidden",
                new="released",
                at=now,
            )
            self._send_held_scores(conn, assignment.id)  # in the release's transaction: one command
        return True

    def unrelease(self, assignment_id: str, *, actor: str) -> bool:
        """Hide the assignment's grades again (audited "unpublish"): its release is withdrawn and
        every grade kept visible after an extension (`grade_shown.py`) follows the rule again.
        False: nothing was released or kept. A score the LMS shows for a grade now hidden is
        withdrawn there (`lti_withdrawal.py`); the outbox sends nothing new while it is hidden."""
        assignment = self.lookup.assignment(assignment_id)
        with self.engine.begin() as conn:
            g = db.grade_releases.c
            before = conn.execute(sa.select(g.released_at).where(g.assignment_id == assignment.id)).first()
            removed = conn.execute(
                db.grade_releases.delete().where(g.assignment_id == assignment.id)
            ).rowcount
            kept = grade_shown.clear(conn, assignment.id)
            if not removed and not kept:
                return False
            audit.record(
                conn,
                actor=actor,
                action="unpublish",
                assignment_id=assignment.id,
                student_id=None,
                detail=f"grades of {assignment.id} un-released ({kept} kept-visible grade(s) hidden again)",
                old="released" if before is not None else "kept",
                new="hidden",
                at=self.clock(),
            )
            # now hidden: withdrawn from the LMS where it shows them, in the same transaction
            self._send_held_scores(conn, assignment.id)
        return True

    @staticmethod
    def _send_held_scores(conn: sa.Connection, assignment_id: str) -> None:
        """Queue every student's score for the LMS again: a visible one is sent, a hidden one held,
        or withdrawn where the LMS shows it (`lti_outbox.counted_grade_changed` decides), in the
        caller's transaction (the release or un-release it follows)."""
        from autograder.service.domain.gradebook.lti_outbox import (
            counted_grade_changed,  # the LMS part is optional here
        )

        a = db.attempts.c
        students = conn.execute(sa.select(a.student_id).where(a.assignment_id == assignment_id).distinct())
        for student_id in [r.student_id for r in students]:
            counted_grade_changed(conn, assignment_id, student_id)

    def of(self, student_id: str, assignment_id: str | None) -> Visibility:
        assignment = self.lookup.assignment(assignment_id)
        if assignment.visibility == "immediately":
            return Visibility(True, None)
        due = self.counting.deadlines(student_id, assignment.id).due_at
        with self.engine.connect() as conn:
            kept = grade_shown.is_kept(conn, assignment.id, student_id)
        return grade_visibility(assignment, due, self.released_at(assignment.id), self.clock(), kept=kept)

    def note(self, visibility: Visibility, *, graded: bool = False) -> str:
        """What a student reads instead of the score: "已评分。成绩将在助教公布后显示。" for a graded
        attempt ("已收到,正在批改。…" before): the one hidden-grade message every client shows."""
        if visibility.shown_from is not None:
            when = service_message("grades_at", when=self.counting.local_time(visibility.shown_from))
        else:
            when = service_message("grades_on_release")
        return service_message("grades_graded_hidden" if graded else "grades_pending") + when

    def student_views(self, attempts: list[Attempt]) -> list[Attempt]:
        """The attempts as their student may see them now: grade fields empty (and `grades_hidden`
        set) until the assignment's grades are visible to that student."""
        seen: dict[tuple[str, str | None], Visibility] = {}
        out = []
        for attempt in attempts:
            key = (attempt.student_id, attempt.assignment_id or None)
            if key not in seen:
                seen[key] = self.of(*key)
            out.append(attempt if seen[key].visible else self._hidden(attempt, seen[key]))
        return out

    def _hidden(self, attempt: Attempt, visibility: Visibility) -> Attempt:
        return dataclasses.replace(
            attempt,
            score=None,
            max_score=None,
            grade_status=None,
            exercises={},
            grades_hidden=self.note(visibility, graded=attempt.status == AttemptState.GRADED),
        )
