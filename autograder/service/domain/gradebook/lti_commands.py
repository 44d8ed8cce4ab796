"""The LTI commands that tell the LMS a student's grades: a student's launch and "Sync roster".

A launch that finds (or first links) the student's account records the course membership and, in
the same transaction, queues the student's counted final score of every assignment
(`lti_outbox.counted_grade_changed`), so grades made before the LMS knew the student reach its
gradebook. The web layer only validates the launch and calls `student_launch`.

    student_launch(service, issuer, who, match_on, course) -> links.Resolution
    sync_roster(service) -> roster_sync.SyncResult

`sync_roster` queues the synced students' scores in one transaction after `roster_sync.sync` has
written the roster course by course: the sync lives in `domain.lti`, which the outbox imports, so
it cannot call the outbox itself. A score missed by a crash between the two is queued again by the
student's next launch, grade change or sync.
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa

from autograder.service.domain.course.service_database import HoldsDatabase
from autograder.service.domain.gradebook.lti_outbox import counted_grade_changed, retry_failed
from autograder.service.domain.lti import courses, links, matching, roster_sync
from autograder.service.storage import db

LAUNCH_ACTOR = "lti-launch"  # a first link's audit actor: no person of this service made it


def _queue_every_assignment(conn: sa.Connection, student_id: str) -> None:
    for assignment_id in conn.execute(sa.select(db.assignments.c.id)).scalars().all():
        counted_grade_changed(conn, assignment_id, student_id)


def student_launch(
    service: HoldsDatabase, issuer: str, who: matching.Identifiers, match_on: str, course: int | None
) -> links.Resolution:
    """Resolve (or link) the launching learner's account, record the course membership and queue
    their scores, in one transaction. An unmatched learner changes nothing here."""
    with service.engine.begin() as conn:
        found = links.resolve(conn, issuer, who, match_on, LAUNCH_ACTOR)
        if found.student_id is None:
            return found
        if course is not None:
            courses.add_member(conn, course, who.sub, found.student_id)
        _queue_every_assignment(conn, found.student_id)  # the LMS learns grades made before this launch
    return found


def sync_roster(service: Any) -> roster_sync.SyncResult:
    """Sync the roster from every bound course, then queue the grades of every synced student."""
    result = roster_sync.sync(service)
    with service.engine.begin() as conn:
        for student_id in (*result.added, *result.updated):
            _queue_every_assignment(conn, student_id)
    return result


def retry_scores(service: HoldsDatabase) -> int:
    """Send the failed and waiting scores again now (the TA's "retry"); returns how many."""
    return retry_failed(service.engine)
