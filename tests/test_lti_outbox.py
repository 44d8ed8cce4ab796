"""The score outbox's rules, on a real service database (in-process `Service`, no network): what
`counted_grade_changed` queues, that an unchanged score is never queued again, that a score whose
grades are not released is held, and that a failed send is retried later with its error kept.
(The sending itself, against a real platform, is tests/test_lti.py.)"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
import sqlalchemy as sa

from autograder.service.domain.core import GradedOutcome, Service
from autograder.service.domain.course.config import ServiceConfig
from autograder.service.domain.gradebook import lti_outbox as outbox
from autograder.service.domain.lti import context_binding
from autograder.service.storage import db
from autograder.service.storage import lti_tables as tables

from helpers.paths import RELEASE

ROSTER = "student_id,name\ns1,A\ns2,B\n"


@pytest.fixture
def service(tmp_path: Path) -> Service:
    (tmp_path / "roster.csv").write_text(ROSTER, encoding="utf-8")
    s = Service(
        ServiceConfig(data_dir=tmp_path / "data", release=RELEASE, roster=tmp_path / "roster.csv", workers=0)
    )
    ags = {"lineitems": "http://127.0.0.1:9/ags/lineitems", "scope": []}
    with s.engine.begin() as conn:
        course = conn.execute(
            tables.contexts.insert().values(
                issuer="http://127.0.0.1:9", client_id="c", deployment_id="d", context_id="k", title="K",
                ags=json.dumps(ags), nrps_url=None, updated_at=time.time(),
            )
        ).inserted_primary_key[0]  # fmt: skip
        conn.execute(
            tables.members.insert().values(context=course, sub="u1", student_id="s1", updated_at=0.0)
        )
        conn.execute(  # the account's LMS user on the platform (links.py): the one scores go to
            tables.links.insert().values(
                issuer="http://127.0.0.1:9", student_id="s1", sub="u1", linked_by="lms_id", linked_at=0.0
            )
        )
    context_binding.bind(s.engine, context_binding.ContextKey("http://127.0.0.1:9", "d", "k"), "test")
    return s


def grade(service: Service, student_id: str, score: float) -> None:
    service.intake.submit(student_id, [("x.ipynb", b"{}")])
    claimed = service.queue.claim_next("test")
    assert claimed is not None
    service.queue.finish_graded("test", claimed.id, GradedOutcome(score, 80.0, "ok", {}, {}, (), ""))


def rows(service: Service) -> list[sa.Row]:
    with service.engine.connect() as conn:
        return list(conn.execute(sa.select(tables.scores)))


def test_queued_once_per_score_and_again_when_it_changes(service: Service) -> None:
    assert outbox.counted_grade_changed(service.engine, "a1", "s1") == 0  # nothing graded yet
    grade(service, "s1", 10.0)  # recording the grade queued its score, in the same command
    assert outbox.counted_grade_changed(service.engine, "a1", "s1") == 0  # the same score is waiting
    (row,) = rows(service)
    assert (row.status, row.score, row.max_score, row.sub) == ("pending", 10.0, 80.0, "u1")
    with service.engine.begin() as conn:  # as the sender leaves it after the LMS took it
        conn.execute(tables.scores.update().values(status="sent", sent_score=10.0))
    assert outbox.counted_grade_changed(service.engine, "a1", "s1") == 0  # the LMS has it: not again
    grade(service, "s1", 20.0)  # the newest attempt counts ("last"): queued as it is recorded
    assert outbox.counted_grade_changed(service.engine, "a1", "s1") == 0
    (row,) = rows(service)
    assert (row.status, row.score, row.sent_score) == ("pending", 20.0, 10.0)
    grade(service, "s2", 5.0)  # not in any LMS course: nothing to send
    assert outbox.counted_grade_changed(service.engine, "a1", "s2") == 0


def test_scores_are_held_until_grades_are_released(service: Service) -> None:
    with service.engine.begin() as conn:
        conn.execute(db.assignments.update().values(visibility="on_release"))
    grade(service, "s1", 10.0)
    assert outbox.counted_grade_changed(service.engine, "a1", "s1") == 0
    (row,) = rows(service)
    assert row.status == "held"
    assert outbox.send_due(service.engine) == 0  # never sent early
    assert service.grade_release.release("a1", actor="ta") is True  # a TA releases them: the score goes out
    (row,) = rows(service)
    assert row.status == "pending" and row.score == 10.0


def test_a_failed_send_is_retried_later_with_its_error(
    service: Service, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("JAXGRADE_LTI_RETRY_S", "30")
    grade(service, "s1", 10.0)
    outbox.counted_grade_changed(service.engine, "a1", "s1")
    assert outbox.send_due(service.engine) == 0  # no platform registered for the course's issuer
    (row,) = rows(service)
    assert row.status == "pending" and row.tries == 1 and "no registered platform" in (row.last_error or "")
    assert row.not_before > time.time() + 20 and row.claimed_until is None
    assert outbox.send_due(service.engine) == 0 and rows(service)[0].tries == 1  # not due yet
    assert outbox.retry_failed(service.engine) == 1  # a TA's "retry now"
    outbox.send_due(service.engine)
    assert rows(service)[0].tries == 1  # tried again at once, failed again (counted afresh)


def test_a_score_the_lms_shows_is_withdrawn_when_its_grade_is_hidden_again(service: Service) -> None:
    """lti_withdrawal.py: un-released, a sent score is queued as a withdrawal, not merely held; one
    never sent is held; a withdrawal that gives up is retried as a withdrawal, never as the score."""
    grade(service, "s1", 10.0)  # queued by the command that records it
    assert [r.status for r in rows(service)] == ["pending"]
    with service.engine.begin() as conn:  # as the sender leaves it after the LMS took it
        conn.execute(tables.scores.update().values(status="sent", sent_score=10.0))
        conn.execute(db.assignments.update().values(visibility="on_release"))
    assert outbox.counted_grade_changed(service.engine, "a1", "s1") == 1  # due: a withdrawal
    (row,) = rows(service)
    assert (row.status, row.score, row.sent_score) == ("withdraw", 10.0, 10.0)
    assert outbox.counted_grade_changed(service.engine, "a1", "s1") == 0  # already waiting
    with service.engine.begin() as conn:  # the platform refused it MAX_TRIES times
        conn.execute(tables.scores.update().values(tries=outbox.MAX_TRIES - 1))
    assert outbox.send_due(service.engine) == 0  # no platform registered for the course's issuer
    assert rows(service)[0].status == "withdraw_failed"
    assert outbox.retry_failed(service.engine) == 1
    assert rows(service)[0].status == "withdraw"
    with service.engine.begin() as conn:  # as the sender leaves it after the LMS took the withdrawal
        conn.execute(tables.scores.update().values(status="held", sent_score=None))
    assert outbox.counted_grade_changed(service.engine, "a1", "s1") == 0  # nothing in the LMS: held
    assert rows(service)[0].status == "held"
    assert service.grade_release.release("a1", actor="ta") is True
    assert rows(service)[0].status == "pending"  # shown again: the score goes out again


def test_a_grade_hidden_while_its_score_is_being_posted_is_withdrawn(service: Service) -> None:
    """A TA un-releases while the sender's post of the score is in flight (claimed, outcome not yet
    recorded): the platform may already show the score, and the sender records nothing on a row that
    changed meanwhile, so the row is queued as a withdrawal, not held (a full-suite run once left the
    score in the LMS this way)."""
    grade(service, "s1", 10.0)
    with service.engine.begin() as conn:  # the sender's claim, as send_due takes it before posting
        conn.execute(tables.scores.update().values(claimed_until=time.time() + 60))
        conn.execute(db.assignments.update().values(visibility="on_release"))
    assert outbox.counted_grade_changed(service.engine, "a1", "s1") == 1  # due once the claim ends
    (row,) = rows(service)
    assert (row.status, row.sent_score) == ("withdraw", None)
    with service.engine.begin() as conn:  # the sender clears its claim; its "sent" matches no row
        conn.execute(tables.scores.update().values(claimed_until=None))
    assert outbox.counted_grade_changed(service.engine, "a1", "s1") == 0  # already waiting
    assert rows(service)[0].status == "withdraw"

