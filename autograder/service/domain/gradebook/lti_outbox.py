"""The score outbox: counted final scores on their way to the LMS gradebooks (LTI AGS).

`counted_grade_changed(conn_or_engine, assignment_id, student_id)` is the one entry point: call it
whenever a student's counted grade of an assignment may have changed (after grading, an extension,
an override, a published regrade, a grade release). It computes the final score now and, for every
LMS course the student is a member of, stores it in `lti_scores`; nothing goes over the network in
the caller. A score equal to the one the LMS already has is not queued (idempotent); a score whose
grades are not released yet (visibility.py) is `held`, or, when the LMS already shows a score for it
(a TA un-released the grades), queued to be withdrawn there (`lti_withdrawal.py`).

`Sender` (one thread per service process) posts due rows: each row is claimed first
(`claimed_until`), so two processes never send one row at once; a failure is retried with
exponential backoff (`JAXGRADE_LTI_RETRY_S` * 2**tries, at most `MAX_BACKOFF_S`) and after
`MAX_TRIES` the row is `failed` with the LMS's answer until a TA retries it. Line items are made
by the same thread: one per (course, assignment), created on the platform and remembered in
`lti_line_items` by the id the platform answered. A line item already on the platform is never
adopted, whatever its tag: anyone who can make one in the course could make one tagged
`jaxgrade:<id>` and receive the scores.

Scores go to the LMS user linked to the student's account on that platform (lti/links.py) and to
no other member of the course with that account: a row whose `sub` is not the linked one is not sent.
Every request goes through the guarded client of the platform (lti/outbound.py, lti/net_guard.py).
"""

from __future__ import annotations

import dataclasses
import json
import logging
import os
import threading
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from pylti1p3.assignments_grades import AssignmentsGradesService
from pylti1p3.exception import LtiException
from pylti1p3.grade import Grade
from pylti1p3.lineitem import LineItem

from autograder.model import ReleaseInfo
from autograder.service.domain.course import release_moves
from autograder.service.domain.course.assignments import Releases
from autograder.service.domain.lti import links as account_links
from autograder.service.domain.lti import lti_visibility as visibility
from autograder.service.domain.lti import lti_withdrawal
from autograder.service.domain.lti.connector import service_connector
from autograder.service.domain.lti.context_binding import bound_courses, context_is_bound
from autograder.service.domain.lti.courses import Course
from autograder.service.domain.lti.net_guard import origin_of
from autograder.service.domain.lti.platforms import find_platform, origins
from autograder.service.storage import db
from autograder.service.storage.lti_tables import contexts, line_items, links, members, scores
from autograder.states import LtiScoreState
from autograder.term.course import Assignment
from autograder.term.late import parse_policy

log = logging.getLogger(__name__)
PENDING, SENT, FAILED, HELD = (
    LtiScoreState.PENDING,
    LtiScoreState.SENT,
    LtiScoreState.FAILED,
    LtiScoreState.HELD,
)
MAX_TRIES = 8
MAX_BACKOFF_S = 3600.0
CLAIM_S = 120.0
WAKE = threading.Event()  # set when this process queued a score: the sender does not wait for its tick


def retry_base_s() -> float:
    return float(os.environ.get("JAXGRADE_LTI_RETRY_S", "30"))


def tick_s() -> float:
    return float(os.environ.get("JAXGRADE_LTI_TICK_S", "10"))


def tag_of(assignment_id: str) -> str:
    return f"jaxgrade:{assignment_id}"


# ---- queueing ----------------------------------------------------------------------------------


def _assignment(conn: sa.Connection, assignment_id: str) -> Assignment | None:
    r = conn.execute(sa.select(db.assignments).where(db.assignments.c.id == assignment_id)).first()
    if r is None:
        return None
    steps = json.loads(r.late_policy)
    return Assignment(
        id=r.id, title=r.title, release=Path(r.release), exercises=tuple(json.loads(r.exercises)),
        opens_at=r.opens_at, due_at=r.due_at, late_until=r.late_until,
        late_policy=parse_policy(steps) if steps is not None else None,
        counting=r.counting, visibility=r.visibility,
    )  # fmt: skip


_RELEASES = Releases()  # each release's manifest, read once per process


@dataclass(frozen=True)
class LmsScore:
    """The score sent to the LMS: AGS `scoreGiven` out of `scoreMaximum`."""

    given: float  # the counted attempt's final total (late factor and overrides applied)
    maximum: float


def final_score(conn: sa.Connection, assignment: Assignment, student_id: str) -> LmsScore | None:
    """The final score and maximum of the student's counted attempt as the gradebook of record has
    them (`ledger.py`); None while it has no graded score."""
    from autograder.service.domain.gradebook.ledger import (  # the ledger reads the service's parts
        read,
        released_at,
    )

    # A published regrade run may have moved the exercises' release; the quiz (its key) stays the one
    # the ledger joins for every page, the course's assignment's, so the LMS gets the pages' numbers.
    stored = release_moves.current(conn, assignment.id)
    moved = assignment if stored is None else dataclasses.replace(assignment, release=Path(stored))
    release = _RELEASES.of(moved)
    points = {ex: float(release.points[ex]) for ex in assignment.exercises if ex in release.points}
    record = read(
        conn, assignment, student_id, points=points, chapters=_RELEASES.chapters(moved),
        released_at=released_at(conn, assignment.id), now=time.time(),
        whole_release=_RELEASES.whole_release(moved),
    )  # fmt: skip
    if record.attempt_id is None or record.final_total is None:
        return None
    return LmsScore(given=record.final_total, maximum=record.max_total)


def counted_grade_changed(
    conn_or_engine: sa.Connection | sa.Engine, assignment_id: str, student_id: str
) -> int:
    """Queue the student's counted final score of the assignment for every LMS course they are in
    (see the module docstring); returns how many rows are now waiting to be sent."""
    if isinstance(conn_or_engine, sa.Engine):
        with conn_or_engine.begin() as conn:
            return counted_grade_changed(conn, assignment_id, student_id)
    conn = conn_or_engine
    linked = (
        (links.c.issuer == contexts.c.issuer)
        & (links.c.student_id == members.c.student_id)
        & (links.c.sub == members.c.sub)
    )  # the account's one LMS user on the platform: no other member of the course gets its scores
    targets = conn.execute(
        sa.select(members.c.context, members.c.sub)
        .join(contexts, contexts.c.id == members.c.context)
        .join(links, linked)
        .where(members.c.student_id == student_id, contexts.c.ags.is_not(None), context_is_bound())
    ).all()
    assignment = _assignment(conn, assignment_id) if targets else None
    score = final_score(conn, assignment, student_id) if assignment is not None else None
    if score is None:
        return 0
    held = not visibility.grades_released(conn, assignment, student_id)
    queued = sum(_queue(conn, t.context, t.sub, assignment_id, student_id, score, held) for t in targets)
    if queued:
        WAKE.set()
    return queued


def _queue(
    conn: sa.Connection, course: int, sub: str, assignment_id: str, student_id: str,
    score: LmsScore, held: bool,
) -> int:  # fmt: skip
    s = scores.c
    key = (s.context == course) & (s.assignment_id == assignment_id) & (s.student_id == student_id)
    row = conn.execute(sa.select(scores).where(key)).first()
    status = PENDING if not held else lti_withdrawal.held_status(row)
    if row is not None and row.score == score.given and row.max_score == score.maximum and row.sub == sub:
        in_lms = status == PENDING and row.status == SENT and row.sent_score == score.given
        if row.status == status or in_lms:
            return 0  # already waiting, or already in the LMS: the same score is never sent twice
    values = {
        "sub": sub, "score": score.given, "max_score": score.maximum, "changed_at": time.time(),
        "status": status, "tries": 0, "not_before": 0.0, "last_error": None,
    }  # fmt: skip
    if row is None:
        conn.execute(
            scores.insert().values(
                context=course, assignment_id=assignment_id, student_id=student_id, **values
            )
        )
    else:
        conn.execute(scores.update().where(key).values(**values))
    return 0 if status == HELD else 1


def retry_failed(engine: sa.Engine) -> int:
    """A TA's "retry now": every failed row, and every pending one waiting for its backoff, is due."""
    with engine.begin() as conn:
        n = conn.execute(
            scores.update()
            .where(scores.c.status.in_((FAILED, PENDING)))
            .values(status=PENDING, tries=0, not_before=0.0)
        ).rowcount
        n += lti_withdrawal.retry_failed(conn)
    WAKE.set()
    return int(n)


# ---- sending -----------------------------------------------------------------------------------


def _ags(engine: sa.Engine, course: Course) -> AssignmentsGradesService | None:
    platform = find_platform(engine, course.issuer, course.client_id)
    if platform is None or not course.ags:
        return None
    return AssignmentsGradesService(service_connector(engine, platform), course.ags)  # type: ignore[arg-type]


def _error(exc: Exception) -> str:
    response = getattr(exc, "response", None)
    body = f": {response.text[:500]}" if response is not None and response.text else ""
    return f"{type(exc).__name__}: {exc}{body}"[:2000]


def line_item_url(engine: sa.Engine, course: Course, assignment_id: str, title: str, maximum: float) -> str:
    """The course's line item of the assignment: remembered, else created on the platform (and
    remembered by the id it answered). Raises the library's exception when the platform fails."""
    key = (line_items.c.context == course.id) & (line_items.c.assignment_id == assignment_id)
    with engine.connect() as conn:
        known = conn.execute(sa.select(line_items.c.url).where(key)).scalar_one_or_none()
    if known:
        return str(known)
    with engine.begin() as conn:
        if engine.dialect.name == "postgresql":
            # Several service processes share PostgreSQL: the course's row lock makes a second process
            # wait here until the first has created and remembered the line item, then find it
            # remembered (else two processes that look at the same moment would both create one).
            # SQLite serves one process, and a lock held across the LMS call would stall its writers.
            conn.execute(sa.select(contexts.c.id).where(contexts.c.id == course.id).with_for_update())
            known = conn.execute(sa.select(line_items.c.url).where(key)).scalar_one_or_none()
            if known:
                return str(known)
        url = _create(engine, course, assignment_id, title, maximum)
        if conn.execute(sa.select(line_items.c.url).where(key)).first() is None:
            conn.execute(
                line_items.insert().values(
                    context=course.id, assignment_id=assignment_id, url=url, created_at=time.time()
                )
            )
    return url


def _create(engine: sa.Engine, course: Course, assignment_id: str, title: str, maximum: float) -> str:
    """A new line item on the platform (never one found there: see the module docstring); its id."""
    platform = find_platform(engine, course.issuer, course.client_id)
    ags = _ags(engine, course)
    if ags is None or platform is None:
        raise ValueError(f"course {course.title}: no registered platform {course.issuer} or no AGS endpoint")
    wanted = LineItem().set_tag(tag_of(assignment_id)).set_resource_id(assignment_id)
    item = ags.create_lineitem(wanted.set_label(title).set_score_maximum(maximum or 1.0))
    url = item.get_id()
    if not url or not isinstance(url, str):
        raise LtiException("the platform answered a line item without an id")
    if origin_of(url) not in origins(platform):
        raise LtiException(
            f"the platform answered a line item id {url[:200]!r} at an origin not registered for it"
        )
    return url


def _post(engine: sa.Engine, course: Course, row: Any) -> None:
    with engine.connect() as conn:
        title = conn.execute(
            sa.select(db.assignments.c.title).where(db.assignments.c.id == row.assignment_id)
        ).scalar_one_or_none()
        linked_sub = account_links.linked_sub(conn, course.issuer, row.student_id)
    if linked_sub != row.sub:
        raise LtiException(
            f"the LMS user {row.sub!r} is not the one linked to {row.student_id!r} on {course.issuer} "
            f"({linked_sub or 'none is linked'}); the score is not sent to it"
        )
    url = line_item_url(engine, course, row.assignment_id, title or row.assignment_id, row.max_score)
    ags = _ags(engine, course)
    assert ags is not None
    if row.status == lti_withdrawal.WITHDRAW:
        grade = lti_withdrawal.hidden_grade(row)
    else:
        grade = (
            Grade()
            .set_score_given(row.score)
            .set_score_maximum(row.max_score or 1.0)
            .set_timestamp(datetime.fromtimestamp(row.changed_at, UTC).isoformat())
            .set_activity_progress("Completed")
            .set_grading_progress("FullyGraded")
            .set_user_id(row.sub)
        )
    ags.put_grade(grade, LineItem({"id": url}))


def send_due(engine: sa.Engine, now: float | None = None) -> int:
    """Post every due row once (claimed first); returns how many were sent."""
    now = time.time() if now is None else now
    s = scores.c
    due = (
        s.status.in_((PENDING, lti_withdrawal.WITHDRAW))
        & (s.not_before <= now)
        & (s.claimed_until.is_(None) | (s.claimed_until < now))
    )
    by_id = {c.id: c for c in bound_courses(engine)}
    with engine.connect() as conn:
        rows = conn.execute(
            sa.select(scores).where(due & s.context.in_(list(by_id))).order_by(s.id).limit(50)
        ).all()
    sent = 0
    for row in rows:
        with engine.begin() as conn:
            won = conn.execute(
                scores.update().where(due & (s.id == row.id) & (s.changed_at == row.changed_at))
                .values(claimed_until=now + CLAIM_S)
            ).rowcount  # fmt: skip
        if won != 1:
            continue
        try:
            _post(engine, by_id[row.context], row)
        except Exception as exc:  # the platform's refusal or absence: retried with backoff
            _failed(engine, row, _error(exc))
            continue
        with engine.begin() as conn:
            same = s.changed_at == row.changed_at  # a newer score queued meanwhile stays pending
            done = (
                lti_withdrawal.withdrawn_values()
                if row.status == lti_withdrawal.WITHDRAW
                else {"status": SENT, "sent_score": row.score}
            )
            conn.execute(
                scores.update().where((s.id == row.id) & same)
                .values(**done, sent_at=time.time(), last_error=None)
            )  # fmt: skip
            conn.execute(scores.update().where(s.id == row.id).values(claimed_until=None))
        sent += 1
    return sent


def _failed(engine: sa.Engine, row: Any, error: str) -> None:
    tries = row.tries + 1
    backoff = min(MAX_BACKOFF_S, retry_base_s() * 2 ** (tries - 1))
    log.warning(
        "LTI score for %s (%s) not sent (try %d): %s", row.student_id, row.assignment_id, tries, error
    )
    if row.status == lti_withdrawal.WITHDRAW:
        gave_up, retrying = lti_withdrawal.WITHDRAW_FAILED, lti_withdrawal.WITHDRAW
    else:
        gave_up, retrying = FAILED, PENDING
    with engine.begin() as conn:
        conn.execute(
            scores.update()
            .where((scores.c.id == row.id) & (scores.c.changed_at == row.changed_at))
            .values(
                status=gave_up if tries >= MAX_TRIES else retrying, tries=tries,
                not_before=time.time() + backoff, last_error=error, claimed_until=None,
            )
        )  # fmt: skip


def assignment_max(release: str, exercises_json: str) -> float:
    """The assignment's total points (its exercises of the release; all of them when none are named)."""
    try:
        points = ReleaseInfo.load(Path(release)).points
    except Exception:  # no release folder (yet): the LMS gets a maximum when the first score comes
        return 1.0
    chosen = json.loads(exercises_json) or list(points)
    return float(sum(points.get(ex, 0) for ex in chosen)) or 1.0


def ensure_line_items(engine: sa.Engine) -> None:
    """A line item for every assignment in every course that lets the tool create them."""
    with engine.connect() as conn:
        known = {(r.context, r.assignment_id) for r in conn.execute(sa.select(line_items))}
        a_ = db.assignments.c
        wanted = conn.execute(sa.select(a_.id, a_.title, a_.release, a_.exercises)).all()
    for course in bound_courses(engine):
        scope = (course.ags or {}).get("scope", [])
        if not course.ags or "https://purl.imsglobal.org/spec/lti-ags/scope/lineitem" not in scope:
            continue
        for a in wanted:
            if (course.id, a.id) not in known:
                try:
                    line_item_url(engine, course, a.id, a.title, assignment_max(a.release, a.exercises))
                except Exception as exc:
                    log.warning(
                        "LTI line item for %s in %s not made: %s", a.id, course.context_id, _error(exc)
                    )


class Sender(threading.Thread):
    """This process's sender: line items, then due scores, every tick or as soon as a score is queued."""

    def __init__(self, engine: sa.Engine) -> None:
        super().__init__(name="lti-outbox", daemon=True)
        self.engine = engine
        self.stop_event = threading.Event()

    def run(self) -> None:
        while not self.stop_event.is_set():
            try:
                ensure_line_items(self.engine)
                send_due(self.engine)
            except Exception:
                log.exception("LTI outbox")
            WAKE.wait(self.next_wait())
            WAKE.clear()

    def next_wait(self) -> float:
        """Until the next tick, or sooner when a retry falls due before it."""
        with self.engine.connect() as conn:
            soonest = conn.execute(
                sa.select(sa.func.min(scores.c.not_before)).where(
                    scores.c.status.in_((PENDING, lti_withdrawal.WITHDRAW))
                )
            ).scalar()
        wait = tick_s() if soonest is None else min(tick_s(), max(0.05, soonest - time.time()))
        return wait

    def stop(self) -> None:
        self.stop_event.set()
        WAKE.set()
