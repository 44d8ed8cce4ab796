"""One way back from grading (issue 42, section 2): the grade host's result file lists every artefact
the service keeps (feedback, the grader's log, fingerprints, quiz scores), each with its size and
sha256; the worker proves them (`worker.read_outcome`, grade/result_file.py `read_graded`) and the
command that records the grade copies them into the blob store, in one transaction with the grade,
its audit entry, the grader's quiz answers and the LMS score. Nothing reads the grading folder after
it, and the quiz is scored once, by the grader.

The batch folders here are what the grade host leaves (its gradebook, the student's folder, and
`result_file.write`, the host's own writer); the worker's own `read_outcome` reads them and the
queue's `finish_graded` records them, as a worker does after its host ran.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from autograder.exercises.base import ExerciseScore
from autograder.exercises.base import TestResult as Check
from autograder.grade import result_file
from autograder.grade.gradebook import Gradebook, safe_id
from autograder.grade.run.behaviour_read import ExerciseBehaviour, write_behaviour
from autograder.model import ReleaseInfo, StudentResult
from autograder.service.app.worker import GradeRunFailed, read_outcome, scope_of
from autograder.service.domain.entry import similarity_report
from autograder.service.domain.gradebook import lti_outbox, quiz_ledger, quiz_reading
from autograder.service.domain.quiz import quiz_answers
from autograder.service.domain.review import attempt_review
from autograder.service.storage import db
from autograder.service.storage import quiz_tables as qt
from autograder.states import AttemptState

from helpers.ledger_term import Term, make_term, release_with_points
from helpers.quiz_term import grader_quiz, letters_for, quiz_notebook

HASH = "cd" * 32
HW2_POINTS = {"histogram": 10.0, "recompile": 5.0, "fusion": 10.0, "safe_distance": 0.0}
FEEDBACK = "<html><body>反馈 of the graded try</body></html>"


@pytest.fixture
def term(tmp_path: Path) -> Term:
    t = make_term(tmp_path, ("s01", "s02"))
    yield t
    t.service.close()


def host_out(
    out: Path,
    sid: str,
    release: ReleaseInfo,
    points: dict[str, float],
    files: dict[str, bytes] | None = None,
    feedback: str = FEEDBACK,
) -> Path:
    """A finished batch folder as the grade host leaves it for one student: gradebook, the student's
    folder (feedback, results.json and `files`), and OUT/result.json from the host's own writer."""
    out.mkdir(parents=True)
    scores = {
        ex: ExerciseScore(ex, p, release.points[ex], (Check(f"{ex}: all", p, release.points[ex], "", True),),
                          "ok", "")
        for ex, p in points.items()
    }  # fmt: skip
    with Gradebook(out / "gradebook.sqlite") as gb:
        gb.receive(sid, 1.0)
        gb.mark_parsed(sid, HASH, 2.0)
        gb.mark_running(sid, 3.0)
        gb.record_result(StudentResult(sid, HASH, release.version, scores, "ok"), scope="", graded_at=4.0)
    folder = out / safe_id(sid)
    folder.mkdir()
    (folder / "feedback.html").write_text(feedback, encoding="utf-8")
    log = {
        "output": "graded by the test host",
        "tests": [
            {"name": "histogram: all", "status": "passed", "score": 10, "max_score": 10, "output": "ok"}
        ],
    }
    (folder / "results.json").write_text(json.dumps(log), encoding="utf-8")
    for name, data in (files or {}).items():
        (folder / name).write_bytes(data)
    result_file.write(out, sid, tuple(points))
    return out


def graded_upload(
    term: Term, sid: str, data: bytes, files: dict[str, bytes] | None = None
) -> tuple[int, Any]:
    """An hw2 upload of `sid` graded through the worker's read of its host's folder; (attempt, outcome)."""
    service = term.service
    att = service.intake.submit(sid, [("ch02_performance.ipynb", data)], "hw2")
    claimed = service.queue.claim_next("w")
    assert claimed is not None and claimed.id == att.id
    assignment = service.assignments["hw2"]
    release, scope = service.releases.of(assignment), scope_of(service, assignment)
    out = host_out(term.out_dir.parent / f"host-{att.id}", sid, release, HW2_POINTS, files)
    done = read_outcome(out, sid, release, scope)
    assert service.queue.finish_graded("w", att.id, done)
    shutil.rmtree(out)  # the grading folder is gone (cleaned, or on another machine)
    return int(att.id), done


def test_feedback_log_and_maxima_are_kept_when_the_grading_folder_is_gone(term: Term) -> None:
    """Before: the feedback page, the TA's log and the maxima were read from `attempts.out_dir`; a
    graded attempt whose folder was removed had no feedback (None) and an empty log."""
    attempt, _ = graded_upload(term, "s01", quiz_notebook("ch02", {}))
    service = term.service
    assert service.attempt_reads.feedback_html("s01", attempt) == FEEDBACK
    assert service.attempt_reads.feedback_html("s02", attempt) is None  # not another student's
    assert service.attempt_reads.exercise_maxima("s01", attempt) == {ex: 10.0 for ex in HW2_POINTS}
    review = attempt_review.review(service, attempt, named=True)
    assert review is not None and review.has_feedback
    assert "graded by the test host" in review.build_log and "histogram: all" in review.build_log


def test_the_regrade_diff_shows_both_feedback_pages_when_the_folders_are_gone(
    term: Term, tmp_path: Path
) -> None:
    """Before: `regrades.feedback_html` read both sides from their grading folders."""
    attempt, _ = graded_upload(term, "s01", quiz_notebook("ch02", {}))
    cheaper = release_with_points(tmp_path / "releases", "2026-fall-fusion5", {"fusion": 5})
    service = term.service
    run = service.regrades.start("hw2", cheaper, "counted", "ta-anna")
    job = service.regrade_queue.claim_next("w")
    assert job is not None and job.attempt.id == attempt
    release = ReleaseInfo.load(job.release)
    out = host_out(
        tmp_path / "regrade-out", "s01", release, {**HW2_POINTS, "fusion": 5.0}, feedback="<p>again</p>"
    )
    assert service.regrade_queue.finish_graded("w", job.result_id, read_outcome(out, "s01", release, ()))
    shutil.rmtree(out)
    assert service.regrades.feedback_html(run, attempt, "old") == FEEDBACK
    assert service.regrades.feedback_html(run, attempt, "new") == "<p>again</p>"


def test_the_similarity_report_reads_fingerprints_after_the_grading_folders_are_gone(
    term: Term, tmp_path: Path
) -> None:
    """Before: the report read each attempt's `behaviour.json` from `out_dir`; with the folders
    removed, no fingerprint was compared."""
    fingerprints = {}
    for sid in ("s01", "s02"):
        folder = tmp_path / "fp" / sid
        folder.mkdir(parents=True)
        write_behaviour(
            folder, sid, {"histogram": ExerciseBehaviour((("abs", "sin", "tanh"),), ("w-7f",), "c")}
        )
        fingerprints[sid] = (folder / "behaviour.json").read_bytes()
        graded_upload(term, sid, quiz_notebook("ch02", {}), {"behaviour.json": fingerprints[sid]})
    counted = similarity_report.counted_graded(term.service, "hw2")
    assert [c.attempt.student_id for c in counted] == ["s01", "s02"]
    report = similarity_report.compute(term.service, counted, "hw2")
    pairs = {(m.a, m.b): m.channels for m in report.units["histogram"].pairs}
    assert "wrong values" in pairs.get(("s01", "s02"), ())  # the fingerprints' shared rare wrong value


def test_an_artefact_whose_sha256_is_not_the_listed_one_is_a_grader_fault(tmp_path: Path) -> None:
    """Before: the worker only checked that feedback.html existed; a changed file was kept."""
    release = ReleaseInfo.load(Path(__file__).resolve().parents[1] / "assignments" / "2026-fall")
    out = host_out(tmp_path / "out", "s01", release, {"histogram": 3.0})
    read_outcome(out, "s01", release, ("histogram",))  # as written: accepted
    (out / "s01" / "feedback.html").write_text(FEEDBACK.replace("反馈", "改过"), encoding="utf-8")
    with pytest.raises(GradeRunFailed, match="artefact_mismatch"):
        read_outcome(out, "s01", release, ("histogram",))
    doc = json.loads((out / result_file.RESULT_FILE).read_text(encoding="utf-8"))
    del doc["artefacts"]["feedback_html"]  # a graded attempt without its feedback page
    (out / result_file.RESULT_FILE).write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(GradeRunFailed, match="artefact_missing"):
        read_outcome(out, "s01", release, ("histogram",))


def test_an_artefact_over_its_cap_is_a_grader_fault_whatever_the_file_says(tmp_path: Path) -> None:
    release = ReleaseInfo.load(Path(__file__).resolve().parents[1] / "assignments" / "2026-fall")
    out = host_out(tmp_path / "out", "s01", release, {"histogram": 3.0})
    big = b"x" * (result_file.ARTEFACT_CAPS["results_json"] + 1)
    (out / "s01" / "results.json").write_bytes(big)
    doc = json.loads((out / result_file.RESULT_FILE).read_text(encoding="utf-8"))
    doc["artefacts"]["results_json"] |= {"bytes": 10, "sha256": hashlib.sha256(big[:10]).hexdigest()}
    (out / result_file.RESULT_FILE).write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(GradeRunFailed, match="artefact_too_large"):
        read_outcome(out, "s01", release, ("histogram",))


def test_the_quiz_score_is_the_graders_not_a_second_reading_of_the_upload(term: Term) -> None:
    """The grade host scored ch02.q3 right (2 points: say the key was corrected after grading); the
    upload read again with today's key scores it 0. Before: the worker's quiz was thrown away and
    the upload read again (here by the grading page's read of unread answers): 0 points."""
    with term.service.engine.begin() as conn:
        assert quiz_ledger.enable(conn, "hw2", "anna", term.now[0])
    data = quiz_notebook("ch02", {"ch02.q3": letters_for("ch02.q3", "s01", right=False)})
    service = term.service
    att = service.intake.submit("s01", [("ch02_performance.ipynb", data)], "hw2")
    claimed = service.queue.claim_next("w")
    assert claimed is not None
    doc = json.loads(grader_quiz(service, claimed, "hw2"))  # the host's own scoring of the upload
    q3 = next(q for q in doc["questions"] if q["question"] == "ch02.q3")
    assert q3["points"] == 0.0  # what reading the upload gives today
    q3["points"] = 2.0  # what the grader gave when it graded
    assignment = service.assignments["hw2"]
    release = service.releases.of(assignment)
    quiz = json.dumps(doc).encode()
    out = host_out(term.out_dir.parent / "quiz-out", "s01", release, HW2_POINTS, {"quiz_scores.json": quiz})
    assert service.queue.finish_graded(
        "w", att.id, read_outcome(out, "s01", release, scope_of(service, assignment))
    )
    quiz_reading.read_unread(service.engine, assignment=assignment, chapters=("ch02",),
                             counted={att.id: "s01"}, blob=service.blobs.get,
                             scratch=service.cfg.spool_dir, now=term.now[0])  # fmt: skip
    with service.engine.connect() as conn:
        stored = {a.question: a for a in quiz_answers.of_attempts(conn, [att.id])}
    assert stored["ch02.q3"].points == 2.0
    assert service.exports.ledger.record("hw2", "s01").quiz_points == 2.0


def test_quiz_scores_outside_the_key_are_a_grader_fault(term: Term) -> None:
    service = term.service
    assignment = service.assignments["hw2"]
    release = service.releases.of(assignment)
    bad = result_file.quiz_doc([{"question": "ch02.q3", "kind": "choice", "status": "answered",
                                 "max_points": 2.0, "points": 7.0, "letters": ["A"], "chosen": [0],
                                 "text": "", "reason_zh": ""}])  # fmt: skip
    out = host_out(term.out_dir.parent / "bad-quiz", "s01", release, HW2_POINTS,
                   {"quiz_scores.json": json.dumps(bad).encode()})  # fmt: skip
    with pytest.raises(GradeRunFailed, match="artefact_quiz"):
        read_outcome(out, "s01", release, scope_of(service, assignment))


def test_the_lms_notice_is_queued_in_the_grades_transaction(
    term: Term, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Recording a graded attempt is one command: the LMS notice runs on the grade's own connection
    (the attempt already reads graded there), and a failure after it leaves neither the grade nor
    the notice. Before: the worker queued the notice in a transaction of its own after the grade
    was committed, so a failure there left a grade the LMS never heard of."""
    seen: list[str] = []
    real = lti_outbox.counted_grade_changed

    def notice_then_fail(conn: Any, assignment_id: str, student_id: str) -> int:
        assert isinstance(conn, sa.Connection)
        a = db.attempts.c
        seen.append(conn.execute(sa.select(a.status).where(a.student_id == student_id)).scalar_one())
        real(conn, assignment_id, student_id)
        raise RuntimeError("the database went away after the LMS notice")

    monkeypatch.setattr(lti_outbox, "counted_grade_changed", notice_then_fail)
    service = term.service
    att = service.intake.submit("s01", [("ch02_performance.ipynb", quiz_notebook("ch02", {}))], "hw2")
    claimed = service.queue.claim_next("w")
    assert claimed is not None
    assignment = service.assignments["hw2"]
    release = service.releases.of(assignment)
    out = host_out(term.out_dir.parent / "notify-out", "s01", release, HW2_POINTS)
    done = read_outcome(out, "s01", release, scope_of(service, assignment))
    with pytest.raises(RuntimeError, match="after the LMS notice"):
        service.queue.finish_graded("w", att.id, done)
    assert seen == [AttemptState.GRADED]
    with service.engine.connect() as conn:
        row = conn.execute(sa.select(db.attempts).where(db.attempts.c.id == att.id)).one()
        audited = conn.execute(sa.select(sa.func.count()).select_from(db.audit_log)
                               .where(db.audit_log.c.attempt_id == att.id,
                                      db.audit_log.c.action == "grading")).scalar_one()  # fmt: skip
        answers = conn.execute(sa.select(sa.func.count()).select_from(qt.quiz_answers)).scalar_one()
    assert (row.status, row.score, row.artefacts, audited, answers) == (
        AttemptState.RUNNING,
        None,
        None,
        0,
        0,
    )
    monkeypatch.setattr(lti_outbox, "counted_grade_changed", real)
    assert service.queue.finish_graded("w", att.id, done)  # the retry records it all


def test_releasing_grades_queues_the_lms_scores_in_the_release_transaction(
    term: Term, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before: `release` committed, then queued each student's LMS score with the engine; a failure
    there left the grades released and the LMS not told."""
    graded_upload(term, "s01", quiz_notebook("ch02", {}))

    def fail(conn: Any, assignment_id: str, student_id: str) -> int:
        assert isinstance(conn, sa.Connection)
        raise RuntimeError("the LMS outbox failed")

    monkeypatch.setattr(lti_outbox, "counted_grade_changed", fail)
    with pytest.raises(RuntimeError, match="outbox failed"):
        term.service.grade_release.release("hw2", actor="ta-anna")
    assert term.service.grade_release.released_at("hw2") is None


@pytest.mark.slow
def test_a_real_grade_host_scores_the_quiz_once_and_hands_back_every_artefact(term: Term) -> None:
    """The whole worker path with its real grade host (`jaxgrade grade` on the released chapter-2
    notebook with two quiz answers): the host scores the quiz and lists its artefacts; the recorded
    attempt keeps them in the blob store, so its grading folder can go."""
    import threading

    from autograder.service.app.worker import Worker

    service = term.service
    with service.engine.begin() as conn:
        assert quiz_ledger.enable(conn, "hw2", "anna", term.now[0])
    answers = {"ch02.q3": letters_for("ch02.q3", "s01", right=True), "ch02.q5": "不会物化"}
    att = service.intake.submit("s01", [("ch02_performance.ipynb", quiz_notebook("ch02", answers))], "hw2")
    worker = Worker(service, "real-host", threading.Event())
    claimed = service.queue.claim_next(worker.worker_id)
    assert claimed is not None and claimed.id == att.id
    try:
        worker.grade(claimed)
    finally:
        worker.host.kill()
    with service.engine.connect() as conn:
        row = conn.execute(sa.select(db.attempts).where(db.attempts.c.id == att.id)).one()
        stored = {a.question: a for a in quiz_answers.of_attempts(conn, [att.id])}
    assert row.status == AttemptState.GRADED, row.error
    assert {"feedback_html", "results_json", "quiz", "maxima"} <= set(json.loads(row.artefacts))
    assert stored["ch02.q3"].points == 2.0 and stored["ch02.q5"].text == "不会物化"
    shutil.rmtree(service.cfg.attempts_dir / str(att.id))  # every try's folder, result file included
    html = service.attempt_reads.feedback_html("s01", att.id)
    assert html is not None and "<html" in html
