"""The service's queue leases, its shared log-in throttle and its one result contract, in process
(real SQLite and a throwaway PostgreSQL, no HTTP, no grading): what several `jaxgrade serve`
processes on one database rely on.

- Start-up (another process starting) takes back only expired leases, never live work.
- `finish_*` writes only for the worker that holds the lease; the heartbeat renews it.
- Every claim is recorded in `gradings` with how it ended.
- The log-in throttle counts failures in the database: one process's count holds in another.
- The worker reads a grading's result from the grade host's result file, not the gradebook or grades.csv.
- Only leases.py grants, renews or ends a lease.
- Upload rules come from intake; attempt-state labels agree with the status texts.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import sqlalchemy as sa

from autograder.service.domain.core import Service
from autograder.service.domain.course.config import ServiceConfig
from autograder.service.storage import db
from autograder.states import AttemptState

from helpers.databases import db_args, postgres  # noqa: F401 (postgres: the PostgreSQL server fixture)
from helpers.paths import RELEASE
from helpers.served import MALFORMED, write_roster

LEASE_S = 30.0


@pytest.fixture(params=["sqlite", "postgresql"])
def db_kind(request: pytest.FixtureRequest) -> str:
    return str(request.param)


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def two_services(tmp_path: Path, db_kind: str, request: pytest.FixtureRequest, clock: Clock) -> list[Service]:
    args = db_args(db_kind, request)
    cfg = ServiceConfig(
        data_dir=tmp_path / "data",
        release=RELEASE,
        roster=write_roster(tmp_path / "roster.csv", ("p1", "p2")),
        db_url=args[1] if args else None,
        max_attempts_per_hour=50,
        lease_s=LEASE_S,
        max_tries=2,
    )
    first = Service(cfg, clock=clock)
    return [first, Service(ServiceConfig(**{**cfg.__dict__, "roster": None}), clock=clock)]


def gradings(service: Service) -> list[tuple[int, str, str | None]]:
    g = db.gradings.c
    with service.engine.connect() as conn:
        rows = conn.execute(sa.select(g.attempt_id, g.worker, g.outcome).order_by(g.id)).all()
    return [(r.attempt_id, r.worker, r.outcome) for r in rows]


def test_a_starting_process_leaves_live_leases_alone_and_takes_back_expired_ones(
    db_kind: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    clock = Clock()
    a, b = two_services(tmp_path, db_kind, request, clock)
    att = a.intake.submit("p1", [("x.ipynb", MALFORMED)])
    claimed = a.queue.claim_next("A/worker-1")
    assert claimed is not None and claimed.id == att.id and claimed.worker == "A/worker-1"
    restarted = Service(b.cfg, clock=clock)  # a third process starting while A grades
    assert restarted.student_views.attempt("p1", att.id).status == AttemptState.RUNNING  # type: ignore[union-attr]
    assert b.queue.claim_next("B/worker-1") is None  # A's attempt is not B's to grade
    clock.now += LEASE_S * 0.9
    assert a.queue.extend_lease("A/worker-1", att.id)  # the heartbeat
    clock.now += LEASE_S * 0.9  # past the first lease, inside the renewed one
    assert b.queue.requeue_expired() == 0 and b.queue.claim_next("B/worker-1") is None
    clock.now += LEASE_S  # A stopped beating (killed): its lease runs out
    again = b.queue.claim_next("B/worker-1")
    assert again is not None and again.id == att.id and again.tries == 2
    from helpers.service_core import graded_outcome as _outcome

    assert not a.queue.finish_graded("A/worker-1", att.id, _outcome(80.0, tmp_path))  # A lost the lease
    assert not a.queue.extend_lease("A/worker-1", att.id)
    assert b.student_views.attempt("p1", att.id).status == AttemptState.RUNNING  # type: ignore[union-attr]
    assert b.queue.finish_graded("B/worker-1", att.id, _outcome(10.0, tmp_path))
    done = b.student_views.attempt("p1", att.id)
    assert done is not None and done.status == AttemptState.GRADED and done.score == 10.0
    assert gradings(b) == [(att.id, "A/worker-1", "lease_expired"), (att.id, "B/worker-1", "graded")]
    for s in (a, b, restarted):
        s.close()


def test_an_attempt_that_keeps_losing_its_worker_ends_in_grader_error(
    db_kind: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    clock = Clock()
    a, b = two_services(tmp_path, db_kind, request, clock)
    att = a.intake.submit("p2", [("x.ipynb", MALFORMED)])
    for name in ("A/w", "B/w"):  # max_tries=2: two workers die on it
        assert a.queue.claim_next(name) is not None
        clock.now += LEASE_S + 1
    assert b.queue.requeue_expired() == 1
    final = b.student_views.attempt("p2", att.id)
    assert final is not None and final.status == AttemptState.GRADER_ERROR and final.score is None
    assert [o for _, _, o in gradings(b)] == ["lease_expired", "lease_expired"]
    assert "lease expired" in b.exports.dashboard()["grader_errors"][0]["error"]
    for s in (a, b):
        s.close()


def test_the_login_throttle_is_shared_by_processes(
    db_kind: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    clock = Clock()
    a, b = two_services(tmp_path, db_kind, request, clock)
    for _ in range(a.login_throttle.limit):
        assert not b.login_throttle.blocked("192.0.2.7")
        a.login_throttle.failed("192.0.2.7")
    assert b.login_throttle.blocked("192.0.2.7") and not b.login_throttle.blocked("192.0.2.8")
    clock.now += a.login_throttle.window_s + 1
    assert not b.login_throttle.blocked("192.0.2.7")
    b.login_throttle.failed("192.0.2.8")  # old rows go as new ones come
    with a.engine.connect() as conn:
        left = conn.execute(sa.select(db.login_failures.c.client)).scalars().all()
    assert left == ["192.0.2.8"]
    for s in (a, b):
        s.close()


def test_the_worker_reads_the_result_file_not_the_gradebook_nor_grades_csv(tmp_path: Path) -> None:
    """The grade host's result file is the only thing the worker reads: a batch folder whose
    grades.csv says something else and whose gradebook is gone still gives the result file's
    outcome, and a folder without the file is a grader fault that says so."""
    from autograder.grade import result_file
    from autograder.grade.gradebook import Gradebook, safe_id
    from autograder.model import ReleaseInfo, StudentResult
    from autograder.service.app.worker import GradeRunFailed, read_outcome

    release = ReleaseInfo.load(RELEASE)
    out = tmp_path / "out"
    out.mkdir()
    sid = "r01"
    with Gradebook(out / "gradebook.sqlite") as gb:
        gb.receive(sid, 1.0)
        gb.mark_parsed(sid, "0" * 64, 2.0)
        gb.mark_running(sid, 3.0)
        result = StudentResult(sid, "0" * 64, release.version, {}, "malformed:not_json", (), (), ())
        gb.record_result(result, scope="", graded_at=4.0)
    (out / safe_id(sid)).mkdir()
    (out / safe_id(sid) / "feedback.html").write_text("<html></html>")
    (out / "grades.csv").write_text("student_id,nonsense\nr01,99\n")  # written for people only
    result_file.write(out, sid)  # what the grade host does after its batch
    (out / "gradebook.sqlite").unlink()
    got = read_outcome(out, sid, release)
    assert got.grade_status == "malformed:not_json" and got.score == 0.0
    (out / result_file.RESULT_FILE).unlink()
    with pytest.raises(GradeRunFailed, match="result_missing"):
        read_outcome(out, sid, release)


def test_a_result_outside_the_release_points_is_a_grader_fault(tmp_path: Path) -> None:
    from autograder.exercises.base import ExerciseScore
    from autograder.grade import result_file
    from autograder.grade.gradebook import Gradebook, safe_id
    from autograder.model import ReleaseInfo, StudentResult
    from autograder.service.app.worker import GradeRunFailed, read_outcome

    release = ReleaseInfo.load(RELEASE)
    out = tmp_path / "out"
    out.mkdir()
    ex = next(iter(release.points))
    too_much = ExerciseScore(ex, release.points[ex] + 5, release.points[ex] + 5, (), "ok", "")
    with Gradebook(out / "gradebook.sqlite") as gb:
        gb.receive("r02", 1.0)
        gb.mark_parsed("r02", "1" * 64, 2.0)
        gb.mark_running("r02", 3.0)
        gb.record_result(
            StudentResult("r02", "1" * 64, release.version, {ex: too_much}, "ok", (), (), ()),
            scope="",
            graded_at=4.0,
        )
    (out / safe_id("r02")).mkdir()
    (out / safe_id("r02") / "feedback.html").write_text("<html></html>")
    result_file.write(out, "r02")
    with pytest.raises(GradeRunFailed, match="jaxgrade-result/1: result_mismatch"):
        read_outcome(out, "r02", release)


def test_upload_rules_are_intakes() -> None:
    from autograder.grade.intake import DEFAULT_LIMITS, EXTRA_SUFFIXES
    from autograder.service.domain.intake import upload_rules
    from autograder.service.records import Refusal

    assert set(upload_rules.UPLOAD_SUFFIXES) == {".ipynb", ".zip", *EXTRA_SUFFIXES}
    assert (
        ServiceConfig(data_dir=Path("x"), release=RELEASE).max_upload_bytes
        == DEFAULT_LIMITS.max_student_bytes
    )
    ok = upload_rules.check_files(
        [("a.ipynb", b"{}"), ("kernel.h", b"int x;")], max_files=20, max_upload_bytes=2**30
    )
    assert [n for n, _ in ok] == ["a.ipynb", "kernel.h"]  # a header intake reads as an extra file
    big = b" " * (DEFAULT_LIMITS.max_notebook_bytes + 1)
    with pytest.raises(Refusal) as refused:
        upload_rules.check_files([("a.ipynb", big)], max_files=20, max_upload_bytes=2**30)
    assert refused.value.http_status == 413
    with pytest.raises(ValueError, match="intake"):
        ServiceConfig(data_dir=Path("x"), release=RELEASE, max_upload_bytes=2**30).check()


def test_attempt_labels_agree_with_status_texts_and_the_client_knows_the_states() -> None:
    from autograder.commands import submit as submit_client
    from autograder.messages import ATTEMPT_STATE_ZH, STATUS_ZH
    from autograder.service.web import page_kit

    assert set(page_kit.STATE_LABELS) == {str(s) for s in AttemptState} == set(ATTEMPT_STATE_ZH)
    for state, (label, _css) in page_kit.STATE_LABELS.items():
        if state in STATUS_ZH:
            assert label == STATUS_ZH[state], state  # one text for one state
    assert set(submit_client.FINISHED) == {str(s) for s in AttemptState if s.finished}
    assert submit_client.GRADER_ERROR == AttemptState.GRADER_ERROR


def test_refusal_texts_live_in_messages() -> None:
    import re

    service = Path(__file__).resolve().parents[1] / "autograder" / "service"
    for name in (
        "domain/core",
        "domain/identity/identity",
        "domain/intake/upload_intake",
        "domain/course/assignment_lookup",
        "domain/intake/upload_rules",
        "web/uploads",
        "web/api",
        "web/pages",
        "domain/queue/attempt_queue",
    ):
        src = (service / f"{name}.py").read_text()
        assert not re.search(r"Refusal\(\s*\d", src), f"{name}.py builds a refusal text of its own"
        assert not re.search(r"error=\"[^\"]*[\u4e00-\u9fff]", src), f"{name}.py has a Chinese error text"


def test_only_leases_py_grants_or_ends_a_lease() -> None:
    """The claim (a lease granted), the heartbeat and a holder's finish are written in leases.py
    only: no other service module passes `lease_until` a value or `held_by` to an UPDATE itself."""
    import ast

    service = Path(__file__).resolve().parents[1] / "autograder" / "service"
    # rubric_grading.py holds a TA's lease on one quiz answer (table rubric_leases), a person's hold
    # on a page, not the worker queue's lease on an attempt or a regrade result
    not_queue_leases = {"leases.py", "rubric_grading.py"}
    found = []
    for path in sorted(service.rglob("*.py")):
        if path.name in not_queue_leases or "migrations" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.keyword) and node.arg == "lease_until":
                if not (isinstance(node.value, ast.Constant) and node.value.value is None):
                    found.append(f"{path.name}:{node.value.lineno}: lease_until=")
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
                continue
            if node.func.attr == "where" and any("held_by" in ast.unparse(a) for a in node.args):
                found.append(f"{path.name}:{node.lineno}: where(held_by(...))")
    assert found == []
