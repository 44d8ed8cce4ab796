"""Storing a graded attempt's quiz answers later, as a domain command (issue 42): answers whose
points join the ledger's total reach the LMS in the same transaction.

    read_unread(engine, assignment=..., chapters=..., counted={attempt id: student id}, blob=..., ...)

The quiz is scored once, by the grader, and the command that records a graded attempt stores its
answers in the grade's transaction (`attempt_queue.finish_graded`, `quiz_answers.record_graded`).
An attempt whose row holds the grader's quiz artefact but no stored answers (recorded by a service
before it stored them there) has them stored when a TA opens the quiz pages: the counted total may
move, so the answers and `lti_outbox.counted_grade_changed` share one transaction. The upload is
never read again to score it; an attempt without the artefact waits for a regrade. (`quiz_answers`
itself cannot import the outbox: the outbox reads the ledger, which reads the quiz's answers.)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

import sqlalchemy as sa

from autograder.service.domain.course import graded_artefacts
from autograder.service.domain.gradebook import lti_outbox
from autograder.service.domain.quiz import quiz_answers
from autograder.service.storage import db
from autograder.term.course import Assignment


def read_unread(
    engine: sa.Engine,
    *,
    assignment: Assignment,
    chapters: Sequence[str],
    counted: Mapping[int, str],
    blob: Callable[[str], bytes],
    scratch: Path,
    now: float,
) -> int:
    """Store the grader's answers of the counted graded attempts (`counted`: attempt id -> student
    id) that have none stored, each with the student's LMS score queued in the same transaction.
    Returns how many attempts were stored. (`chapters`, `scratch`: kept for the callers; the
    grader's artefact already holds the assignment's chapters.)"""
    del chapters, scratch
    with engine.connect() as conn:
        missing = sorted(set(counted) - quiz_answers.stored_attempts(conn, list(counted)))
        if not missing:
            return 0
        a = db.attempts.c
        stored = dict(conn.execute(sa.select(a.id, a.artefacts).where(a.id.in_(missing))).all())
    done = 0
    for attempt_id in missing:
        digest = graded_artefacts.digests(stored.get(attempt_id)).get("quiz")
        if digest is None:
            continue
        with engine.begin() as conn:
            if quiz_answers.record_graded(conn, attempt_id=attempt_id, assignment_id=assignment.id,
                                          student_id=counted[attempt_id], data=blob(digest), now=now):
                lti_outbox.counted_grade_changed(conn, assignment.id, counted[attempt_id])
                done += 1  # fmt: skip
    return done


__all__ = ["read_unread"]
