"""The gradebook of record against its model (helpers/ledger_machine.py): random term operations
on the in-process service core, and after every step every view compared with an oracle written from
the course rules.

- `test_every_view_equals_the_oracle`: the machine's EXAMPLES sequences on recorded gradings. They are
  about 100 s of one core and need nothing of the session, so they run as a command on the early lane
  (`python -m helpers.ledger_machine`, tests/helpers/early_lane.py) beside the other tests; the test
  reads how the command ended.
- Controls: an oracle made wrong on purpose disagrees with the service (the comparison checks
  something).
- A few sequences on real gradings: the examples' notebooks graded by the service's own worker code.
"""

from __future__ import annotations

import json
import re
import shutil
import sys
import tempfile
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import initialize, precondition, rule, run_state_machine_as_test

from autograder.service.records import Refusal

from helpers.batch_cli import SCALE, sandbox_prerequisites
from helpers.early_lane import EarlyLane, session_lane
from helpers.ledger_machine import (
    ASSIGNMENTS,
    CHEAPER,
    CHEAPER_RELEASE,
    EXAMPLES,
    OWN,
    STUDENTS,
    TermMachine,
    Upload,
    new_term,
)
from helpers.ledger_machine_quiz import EXAMPLES as QUIZ_EXAMPLES
from helpers.ledger_machine_quiz import QuizTermMachine
from helpers.ledger_machine_quiz import quiz_term as quiz_machine_term
from helpers.ledger_term import CHAPTER_OF, HW2_DUE, RELEASE, Term, make_term, release_with_points

LANE_KEY = "ledger-machine"
QUIZ_LANE_KEY = "ledger-machine-quiz"


def queue_early_work(lane: EarlyLane, items: list[pytest.Item]) -> None:
    """Both machines on the lane's second stream (`beside`): one core of Python on an in-memory
    database each, no sandbox and no cache, so they start with the session instead of waiting for
    the corpora and the hostile batch queued on the first stream before them."""
    if any(item.name == "test_every_view_equals_the_oracle" for item in items):
        work = str(lane.workdir(LANE_KEY))
        lane.add(LANE_KEY, [sys.executable, "-m", "helpers.ledger_machine", work], beside=True)
    if any(item.name == "test_every_view_with_the_quiz_equals_the_oracle" for item in items):
        work = str(lane.workdir(QUIZ_LANE_KEY))
        lane.add(QUIZ_LANE_KEY, [sys.executable, "-m", "helpers.ledger_machine_quiz", work], beside=True)


def test_every_view_equals_the_oracle(request: pytest.FixtureRequest) -> None:
    done = session_lane(request.config).result(LANE_KEY)
    assert done.returncode == 0, f"{done.stdout[-8000:]}\n{done.stderr[-8000:]}"
    ran = re.search(r"ledger machine: (\d+) sequences, (\d+) checks of every view", done.stdout)
    assert ran is not None, done.stdout[-2000:]
    sequences, checks = int(ran[1]), int(ran[2])
    assert sequences >= EXAMPLES and checks > sequences, done.stdout[-2000:]


@pytest.fixture(scope="module")
def term(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Term]:
    # The database lives in memory-backed storage when the machine has it: every step commits.
    shm = Path("/dev/shm")
    root = Path(tempfile.mkdtemp(prefix="ledger-stateful-", dir=shm)) if shm.is_dir() else None
    t = new_term(root or tmp_path_factory.mktemp("ledger-stateful"))
    yield t
    t.service.close()
    if root is not None:
        shutil.rmtree(root, ignore_errors=True)


def test_the_oracle_checks_something(term: Term) -> None:
    """Control: an oracle that forgets the late factor disagrees with the service at once."""
    TermMachine.term = term
    machine = TermMachine()
    term.set_time(HW2_DUE + timedelta(hours=2))
    machine.upload("hw2", "s01", [10.0, 10.0, 10.0, 10.0])
    machine.oracle.factor = lambda aid, sid, at: 1.0  # type: ignore[method-assign]
    with pytest.raises(AssertionError):
        machine.views_agree()


def test_the_oracle_checks_the_moved_maximum_and_kept_visibility(term: Term) -> None:
    """Controls: an oracle that keeps the old maximum after a published run, or that hides a grade
    again when an extension comes after it was shown, disagrees with the service."""
    TermMachine.term = term
    machine = TermMachine()
    machine.upload("hw2", "s01", [10.0, 10.0, 10.0, 10.0])
    machine.regrade_run("hw2", True)
    machine.views_agree()
    machine.oracle.max_total = lambda aid: 40.0  # type: ignore[method-assign]
    with pytest.raises(AssertionError):
        machine.views_agree()
    machine = TermMachine()
    machine.upload("hw2", "s01", [10.0, 10.0, 10.0, 10.0])
    term.set_time(HW2_DUE + timedelta(hours=2))  # `after_due`: shown
    machine.extension("hw2", "s01", 86400, False)
    machine.views_agree()
    machine.oracle.kept.clear()
    with pytest.raises(AssertionError):
        machine.views_agree()


# ---- a few sequences on real gradings ----------------------------------------------------------
#
# The sequences above record each upload's result. These grade real notebooks with the service's own
# worker code (the grade host, bwrap children, the result file): the examples' chapter notebooks,
# whose points per exercise examples/expected.json records (the batch's truth, test_end_to_end.py).
# Each distinct (notebook, assignment) is graded for real once; a later upload of the same bytes
# reuses that grading's outcome, so a few sequences cost four gradings.

REPO = RELEASE.parents[1]
EXPECTED = json.loads((REPO / "examples" / "expected.json").read_text(encoding="utf-8"))
BLANK = "s900_blank"  # the release's notebook as handed out: 0 points
REAL_UPLOADS = {"hw2": ("s001_all_correct", BLANK), "hw5": ("s001_all_correct", "s003_silu_compile_error")}


def _real_files(example: str, aid: str) -> list[tuple[str, bytes]]:
    name = json.loads((RELEASE / "manifest.json").read_text(encoding="utf-8"))["notebooks"][CHAPTER_OF[aid]]
    path = RELEASE / name if example == BLANK else REPO / "examples" / "submissions" / example / name
    return [(name, path.read_bytes())]


def _real_points(example: str, aid: str) -> dict[str, float]:
    if example == BLANK:
        return dict.fromkeys(OWN[aid], 0.0)
    scores = EXPECTED[example]["scores"]
    return {ex: float(scores[ex]) for ex in OWN[aid]}


class RealGradings:
    """Uploads graded by `worker.grade_attempt` in one grade host, once per distinct notebook."""

    def __init__(self, log_dir: Path) -> None:
        from autograder.service.app.worker import HostProcess

        self.host = HostProcess(log_dir / "host.log")
        self.outcomes: dict[tuple[str, str], object] = {}

    def upload(self, term: Term, sid: str, aid: str, example: str) -> int:
        from autograder.service.app.worker import grade_attempt

        att = term.service.intake.submit(sid, _real_files(example, aid), aid)
        claimed = term.service.queue.claim_next("w")
        assert claimed is not None and claimed.id == att.id
        if (example, aid) not in self.outcomes:
            self.outcomes[(example, aid)] = grade_attempt(term.service, claimed, self.host)
        assert term.service.queue.finish_graded("w", att.id, self.outcomes[(example, aid)])
        return int(att.id)


class RealTermMachine(TermMachine):
    gradings: RealGradings  # set by the test

    @initialize()
    def first_uploads(self) -> None:
        for aid in ASSIGNMENTS:
            for sid, example in zip(STUDENTS, REAL_UPLOADS[aid], strict=True):
                self._real_upload(aid, sid, example)

    def upload(self, aid: str, sid: str, marks: list[float]) -> None:  # not a rule here: no recorded uploads
        raise AssertionError("the real machine uploads real notebooks only")

    # after a published run the assignment's new uploads are graded under the moved release, which
    # the outcomes graded before do not show: only before a move
    @precondition(lambda self: not self.oracle.moved)
    @rule(aid=st.sampled_from(ASSIGNMENTS), sid=st.sampled_from(STUDENTS), pick=st.sampled_from([0, 1]))
    def real_upload(self, aid: str, sid: str, pick: int) -> None:
        self._real_upload(aid, sid, REAL_UPLOADS[aid][pick])

    def _real_upload(self, aid: str, sid: str, example: str) -> None:
        if self.now > self.oracle.closing(aid, sid):
            with pytest.raises(Refusal) as refused:
                self.gradings.upload(self.term, sid, aid, example)
            assert refused.value.http_status == 403
            return
        attempt = self.gradings.upload(self.term, sid, aid, example)
        self.oracle.cells[(aid, sid)].uploads.append(Upload(attempt, self.now, _real_points(example, aid)))


@pytest.fixture(scope="module")
def real_term(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Term]:
    if why := sandbox_prerequisites():
        pytest.skip(f"prerequisite missing: {why}")
    t = make_term(tmp_path_factory.mktemp("ledger-real"), STUDENTS, grade_args=("--timeout-scale", SCALE))
    RealTermMachine.cheaper = release_with_points(
        t.out_dir.parent, CHEAPER_RELEASE, {CHEAPER["hw2"]: 5, CHEAPER["hw5"]: 5}
    )
    yield t
    t.service.close()


def test_a_few_sequences_on_real_gradings_equal_the_oracle(real_term: Term, tmp_path: Path) -> None:
    RealTermMachine.term = real_term
    RealTermMachine.gradings = gradings = RealGradings(tmp_path)
    try:
        run_state_machine_as_test(
            RealTermMachine,
            settings=settings(
                max_examples=3,
                stateful_step_count=6,
                deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
                derandomize=True,
                database=None,
                phases=(Phase.generate,),
            ),
        )
    finally:
        gradings.host.kill()
    assert sorted(gradings.outcomes) == sorted((e, a) for a in ASSIGNMENTS for e in REAL_UPLOADS[a])


# ---- the quiz machine (helpers/ledger_machine_quiz.py) ----------------------------------------------


def test_every_view_with_the_quiz_equals_the_oracle(request: pytest.FixtureRequest) -> None:
    """The quiz machine's QUIZ_EXAMPLES sequences (half with hw5 shown on release, half shown
    immediately), run as a command on the early lane like the machine above."""
    done = session_lane(request.config).result(QUIZ_LANE_KEY)
    assert done.returncode == 0, f"{done.stdout[-8000:]}\n{done.stderr[-8000:]}"
    ran = re.search(r"quiz ledger machine: (\d+) sequences, (\d+) checks of every view", done.stdout)
    assert ran is not None, done.stdout[-2000:]
    sequences, checks = int(ran[1]), int(ran[2])
    assert sequences >= QUIZ_EXAMPLES and checks > sequences, done.stdout[-2000:]
    deleted = re.search(r"item deleted re-scoring answers (\d+)", done.stdout)  # the rule is reached
    assert deleted is not None and int(deleted[1]) > 0, done.stdout[-2000:]


@pytest.fixture(scope="module")
def quiz_term(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Term]:
    t = quiz_machine_term(tmp_path_factory.mktemp("ledger-quiz"))
    yield t
    t.service.close()


def _quiz_machine(term: Term) -> QuizTermMachine:
    QuizTermMachine.term, QuizTermMachine.modes = term, {"hw2": "after_due", "hw5": "on_release"}
    return QuizTermMachine()


def test_the_quiz_oracle_checks_carried_and_group_grades(quiz_term: Term) -> None:
    """Controls: an oracle that forgets the grade a word-for-word resubmission keeps, or the grade
    `g` gave the rest of a group, disagrees with the service."""
    machine = _quiz_machine(quiz_term)
    machine.upload("hw2", "s01", [10.0, 10.0, 10.0, 10.0], 0, True)
    machine.grade("hw2", [("s01", "item0")])
    machine.upload("hw2", "s01", [10.0, 10.0, 10.0, 10.0], 0, True)  # the same text: its grade is kept
    machine.views_agree()
    second = machine.oracle.counted("hw2", "s01")
    assert second is not None and machine.oracle.sheets[second.id].graded
    machine.oracle.sheets[second.id].graded = None
    with pytest.raises(AssertionError):
        machine.views_agree()
    machine = _quiz_machine(quiz_term)
    machine.upload("hw2", "s01", [10.0, 10.0, 10.0, 10.0], 0, False)
    machine.upload("hw2", "s02", [10.0, 10.0, 10.0, 10.0], 1, False)  # the same answer up to case
    machine.grade("hw2", [("s01", "item1"), ("s01", "group")])
    machine.views_agree()
    other = machine.oracle.counted("hw2", "s02")
    assert other is not None
    machine.oracle.sheets[other.id].graded = None
    with pytest.raises(AssertionError):
        machine.views_agree()


def test_the_quiz_oracle_checks_a_deleted_items_rescoring(quiz_term: Term) -> None:
    """Control: after a TA deletes an item an answer carried, the service re-scores the answer (still
    graded, the item's point gone), and an oracle that still counts the item disagrees with it."""
    machine = _quiz_machine(quiz_term)
    machine.upload("hw2", "s01", [10.0, 10.0, 10.0, 10.0], 0, True)
    machine.grade("hw2", [("s01", "item0")])
    item = sorted(machine.oracle.items["hw2"])[0]
    points = machine.oracle.items["hw2"][item]
    assert points > 0
    machine.delete_item("hw2", 0)
    machine.views_agree()
    counted = machine.oracle.counted("hw2", "s01")
    assert counted is not None
    sheet = machine.oracle.sheets[counted.id]
    assert sheet.graded == frozenset() and item not in machine.oracle.items["hw2"]
    machine.oracle.items["hw2"][item], sheet.graded = points, frozenset({item})
    with pytest.raises(AssertionError):
        machine.views_agree()


def test_the_quiz_oracle_checks_the_quiz_late_factor_and_early_answers(quiz_term: Term) -> None:
    """Controls: an oracle that adds the quiz's points without the late factor, or that forgets a
    TA published the model answers early, disagrees with the service."""
    machine = _quiz_machine(quiz_term)
    quiz_term.set_time(HW2_DUE + timedelta(hours=2))  # late: factor 0.9 on the exercises and the quiz
    machine.upload("hw2", "s01", [10.0, 10.0, 10.0, 10.0], 2, True)
    machine.views_agree()
    machine.oracle.quiz_points = lambda aid, sid: sum(machine.oracle.quiz_parts(aid, sid)[:2])  # type: ignore[method-assign]
    with pytest.raises(AssertionError):
        machine.views_agree()
    machine = _quiz_machine(quiz_term)
    machine.publish_answers("hw5")  # a week before hw5's due date
    machine.model_answers_wait()
    machine.oracle.published.clear()
    with pytest.raises(AssertionError):
        machine.model_answers_wait()
