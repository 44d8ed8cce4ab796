"""Found by the quiz state machine (helpers/ledger_machine_quiz.py): after a published regrade run
moves an assignment with its quiz on to a release that has no quiz key beside it, the LMS is sent
another maximum than every page and CSV shows.

The ledger (`Ledger.record`, read by the pages and exports) joins the quiz read from the course
file's release, while `lti_outbox.final_score` (AGS `scoreGiven`/`scoreMaximum`) reads the whole
record again with the assignment's release replaced by the moved one, whose key is looked up beside
that folder. One record, two maxima: 57 on every page, 35 in the LMS. The outbox now reads the
exercises' points from the moved release and the quiz as the ledger joins it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from autograder.service.domain.gradebook import quiz_ledger
from autograder.service.domain.gradebook.lti_outbox import final_score

from helpers.ledger_term import Term, make_term, release_with_points
from helpers.quiz_term import upload_quiz


@pytest.fixture()
def term(tmp_path: Path) -> Term:
    return make_term(tmp_path, ("s01",))


def test_the_lms_gets_the_maximum_every_page_shows_after_a_move_to_a_release_without_a_key(
    term: Term,
) -> None:
    service = term.service
    with service.engine.begin() as conn:
        quiz_ledger.enable(conn, "hw5", "anna", term.now[0])
    upload_quiz(term, "s01", "hw5", {"reduce_sum_rules": 10.0}, {"ch05.q2": "custom_vjp"})
    cheaper = release_with_points(term.out_dir.parent, "2026-fall-cheaper", {"silu_ffi": 5})
    run = term.regrade_run("hw5", cheaper, {"s01": {"reduce_sum_rules": 10.0}})
    service.regrades.publish(run, "anna")
    record = service.exports.ledger.record("hw5", "s01")
    assert record.max_total == 35.0 + 22.0  # the exercises after the move, and the quiz
    with service.engine.connect() as conn:
        sent = final_score(conn, service.assignments["hw5"], "s01")
    assert sent is not None
    assert (sent.given, sent.maximum) == (record.final_total, record.max_total)
