"""A published regrade run that changes point values moves its assignment to the run's release
(service/domain/course/release_moves.py): new uploads are graded under it, and every maximum a course
keeps (the ledger's record, Canvas and Moodle "Points Possible", the LTI line item's maximum and
AGS `scoreMaximum`) is the new release's. A cancelled run moves nothing; a restart keeps the move.

In-process service core on SQLite, grading recorded (helpers/ledger_term.py); issue 34's
"fusion worth 5 instead of 10" walk-through.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import sqlalchemy as sa

from autograder.service.app import worker
from autograder.service.domain.gradebook import lti_outbox
from autograder.service.storage import db

from helpers.ledger_term import Term, make_term, release_with_points

HW2_POINTS = {"histogram": 10.0, "recompile": 5.0, "fusion": 10.0, "safe_distance": 0.0}


@pytest.fixture
def term(tmp_path: Path) -> Term:
    t = make_term(tmp_path)
    yield t
    t.service.close()


@pytest.fixture
def cheaper_fusion(tmp_path: Path) -> Path:
    return release_with_points(tmp_path / "releases", "2026-fall-fusion5", {"fusion": 5})


def _stored_max(term: Term, aid: str) -> float:
    a = db.assignments.c
    with term.service.engine.connect() as conn:
        row = conn.execute(sa.select(a.release, a.exercises).where(a.id == aid)).one()
    return lti_outbox.assignment_max(row.release, row.exercises)


def _claimed_release(term: Term, sid: str) -> str:
    """The release a worker grades the student's next upload to hw2 under."""
    from helpers.served import MALFORMED

    term.service.intake.submit(sid, [("nb.ipynb", MALFORMED)], "hw2")
    claimed = term.service.queue.claim_next("w")
    assert claimed is not None
    return term.service.releases.of(worker.assignment_of(term.service, claimed)).version


def test_a_published_run_with_changed_points_moves_every_maximum_and_later_uploads(
    term: Term, cheaper_fusion: Path
) -> None:
    term.upload("s01", "hw2", HW2_POINTS)
    run = term.regrade_run("hw2", cheaper_fusion, {"s01": {**HW2_POINTS, "fusion": 5.0}})
    term.service.regrades.publish(run, "ta-anna")
    record = term.service.exports.ledger.record("hw2", "s01")
    assert (record.raw_total, record.max_total) == (20.0, 35.0)  # not 20 of 40
    assert record.points_possible["fusion"] == 5.0
    assert term.service.exports.canvas_csv("hw2").splitlines()[1].endswith(",35.00")  # Points Possible
    assert "s01@example.edu,20.00,35.00" in term.service.exports.moodle_csv("hw2")
    assert _stored_max(term, "hw2") == 35.0  # the LTI line item's maximum
    with term.service.engine.connect() as conn:
        score = lti_outbox.final_score(conn, term.service.assignments["hw2"], "s01")
        assert score == lti_outbox.LmsScore(given=20.0, maximum=35.0)
    silent = term.csv_rows(term.service.exports.grades_csv())["s03"]
    assert silent["max_total"] == "35.00"
    assert _claimed_release(term, "s02") == "2026-fall-fusion5"  # a new upload: the run's release
    assert _stored_max(term, "hw5") == 40.0 and term.service.exports.max_total("hw5") == 40.0


def test_a_cancelled_run_moves_nothing(term: Term, cheaper_fusion: Path) -> None:
    term.upload("s01", "hw2", HW2_POINTS)
    run = term.regrade_run("hw2", cheaper_fusion, {"s01": {**HW2_POINTS, "fusion": 5.0}})
    term.service.regrades.cancel(run, "ta-anna")
    assert term.service.exports.ledger.record("hw2", "s01").max_total == 40.0
    assert _stored_max(term, "hw2") == 40.0
    assert _claimed_release(term, "s02") == "2026-fall"


def test_a_restart_keeps_the_move_until_the_course_file_names_another_release(
    tmp_path: Path, cheaper_fusion: Path
) -> None:
    from autograder.service.domain.core import Service

    term = make_term(tmp_path)
    term.upload("s01", "hw2", HW2_POINTS)
    term.service.regrades.publish(term.regrade_run("hw2", cheaper_fusion, {"s01": HW2_POINTS}), "ta-anna")
    cfg = term.service.cfg
    term.service.close()
    again = Service(cfg, clock=lambda: term.now[0])
    try:
        assert again.releases.of(again.assignments["hw2"]).version == "2026-fall-fusion5"
        assert again.exports.max_total("hw2") == 35.0
        moves = [e for e in again.exports.ledger.engine.connect().execute(
            sa.select(db.audit_log.c.action)).scalars() if e == "release_moved"]  # fmt: skip
        assert moves == ["release_moved"]
    finally:
        again.close()


def test_publishing_keeps_a_result_graded_again_after_the_run_started(
    term: Term, cheaper_fusion: Path
) -> None:
    """Publishing compared only the attempt's status: a TA's per-student regrade that finished after
    the run started was overwritten by the run's older candidate."""
    from helpers.ledger_term import outcome

    attempt = term.upload("s01", "hw2", HW2_POINTS)
    run = term.service.regrades.start("hw2", cheaper_fusion, "counted", "ta-anna")
    term.set_time(term.now[0] + 60)
    assert term.service.queue.regrade("s01", actor="ta-bob") == 1  # graded again, after the run started
    claimed = term.service.queue.claim_next("w")
    assert claimed is not None and claimed.id == attempt
    newer = {**HW2_POINTS, "safe_distance": 10.0}
    assert term.service.queue.finish_graded("w", attempt, outcome("s01", "hw2", newer, term.out_dir))
    job = term.service.regrade_queue.claim_next("w")
    assert job is not None
    assert term.service.regrade_queue.finish_graded(
        "w", job.result_id, outcome("s01", "hw2", HW2_POINTS, term.out_dir)
    )
    published = term.service.regrades.publish(run, "ta-anna")
    assert published.replaced == [] and published.skipped == [attempt]
    assert term.service.exports.ledger.record("hw2", "s01").raw_exercises["safe_distance"] == 10.0


def test_a_counted_run_regrades_the_attempt_that_counts_by_the_assignments_own_policy(
    term: Term, cheaper_fusion: Path
) -> None:
    """hw5 counts the `best` attempt; the run took each student's counted attempt by the first
    assignment's policy (hw2, `last`). Found by the stateful test."""
    best = term.upload("s02", "hw5", {"reduce_sum_rules": 10.0, "gammaln_callback": 10.0})
    term.set_time(term.now[0] + 60)
    term.upload("s02", "hw5", {"reduce_sum_rules": 10.0})
    run = term.service.regrades.start("hw5", cheaper_fusion, "counted", "ta-anna")
    assert [d.attempt_id for d in term.service.regrades.diff(run)] == [best]
