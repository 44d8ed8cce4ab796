"""A chapter whose notebook intake left out for its size, beside a chapter it graded, is labelled as
what it is (issue 43, section 4): handed in but refused as too large (`partial:too_large:<chapter>`,
with the cap in the student's message), never `partial:not_submitted:<chapter>`; and its quiz answers
read as refused with intake's reason, never as answers the student did not write. Real intake, the
committed release's quiz key; one real `jaxgrade grade` run in the bwrap sandbox (one exercise)."""

from __future__ import annotations

import csv
import io
import json
import zipfile
from pathlib import Path

import pytest

from autograder.grade.intake import discover, intake_student
from autograder.grade.intake_read import DEFAULT_LIMITS
from autograder.messages import Status
from autograder.quiz.grading_key import load_key
from autograder.quiz.score import score_submission
from autograder.service.domain.quiz.quiz_answers import read_files
from jaxcourse.quiz_answers import AnswerStatus

from helpers.batch_cli import grade, sandbox_prerequisites
from helpers.oversized_notebook import oversized_notebook
from helpers.paths import RELEASE, REPO

CAP_MB = f"{DEFAULT_LIMITS.max_notebook_bytes / 2**20:g} MB"
CH05 = REPO / "examples" / "submissions" / "s001_all_correct" / "ch05_interop.ipynb"


def mixed_hand_in(subs: Path, packing: str) -> None:
    """s01: an oversized chapter-2 notebook beside a normal chapter-5 one, packed as `packing`."""
    subs.mkdir(parents=True)
    big, ch05 = oversized_notebook(), CH05.read_bytes()
    if packing == "folder":
        (subs / "s01").mkdir()
        (subs / "s01" / "ch02_performance.ipynb").write_bytes(big)
        (subs / "s01" / "ch05_interop.ipynb").write_bytes(ch05)
    elif packing == "zip":
        with zipfile.ZipFile(subs / "s01.zip", "w", zipfile.ZIP_DEFLATED) as z:
            z.writestr("hw/ch02_performance.ipynb", big)
            z.writestr("hw/ch05_interop.ipynb", ch05)
    else:  # `s01.ipynb` (its name names no chapter: it counts for the one still missing) and `s01/`
        (subs / "s01.ipynb").write_bytes(big)
        (subs / "s01").mkdir()
        (subs / "s01" / "ch05_interop.ipynb").write_bytes(ch05)


@pytest.mark.parametrize("packing", ["folder", "zip", "alone_beside_folder"])
def test_intake_records_the_chapter_left_out_for_its_size(tmp_path: Path, packing: str) -> None:
    mixed_hand_in(tmp_path / "subs", packing)
    sub = intake_student("s01", discover(tmp_path / "subs").students["s01"], release_version="2026-fall")
    assert sub.status == Status.OK and set(sub.notebooks) == {"ch05"}, (sub.status, sub.problems_zh)
    assert set(sub.too_large_zh) == {"ch02"}, sub.too_large_zh
    assert "太大" in sub.too_large_zh["ch02"] and CAP_MB in sub.too_large_zh["ch02"], sub.too_large_zh


def test_a_chapter_simply_not_handed_in_has_no_too_large_label(tmp_path: Path) -> None:
    (tmp_path / "subs" / "s01").mkdir(parents=True)
    (tmp_path / "subs" / "s01" / "ch05_interop.ipynb").write_bytes(CH05.read_bytes())
    sub = intake_student("s01", discover(tmp_path / "subs").students["s01"], release_version="2026-fall")
    assert sub.status == Status.OK and sub.too_large_zh == {}


def test_the_quiz_reads_the_left_out_chapter_as_refused_and_the_other_as_written(tmp_path: Path) -> None:
    key = load_key(RELEASE)
    assert key is not None
    mixed_hand_in(tmp_path / "subs", "folder")
    sub = intake_student("s01", discover(tmp_path / "subs").students["s01"], release_version="2026-fall")
    scores = score_submission(key, sub, "s01")
    ch02 = [s for s in scores if s.question.startswith("ch02.")]
    ch05 = [s for s in scores if s.question.startswith("ch05.")]
    assert ch02 and {s.status for s in ch02} == {AnswerStatus.UNREADABLE}, {s.status for s in ch02}
    assert all(CAP_MB in s.reason_zh for s in ch02), ch02[0].reason_zh
    assert ch05 and AnswerStatus.UNREADABLE not in {s.status for s in ch05}


def test_the_batch_labels_the_chapter_too_large_in_grades_feedback_and_quiz(tmp_path: Path) -> None:
    """`jaxgrade grade` for real (bwrap sandbox, one chapter-5 exercise to keep it short)."""
    if why := sandbox_prerequisites():
        pytest.fail(f"this test grades in the real sandbox: {why}")
    subs, out = tmp_path / "subs", tmp_path / "out"
    mixed_hand_in(subs, "folder")
    done = grade(subs, out, "--jobs", "1", "--exercises", "gammaln_callback", timeout=900)
    assert done.returncode == 0, done.stderr[-3000:]
    with (out / "grades.csv").open(encoding="utf-8") as f:
        row = {r["student_id"]: r for r in csv.DictReader(f)}["s01"]
    assert row["status"] == "partial:too_large:ch02", row
    doc = json.loads((out / "s01" / "results.json").read_text(encoding="utf-8"))
    text = json.dumps(doc, ensure_ascii=False)
    assert "not_submitted" not in text and "没有找到第 2 章的笔记本" not in text
    assert CAP_MB in text and "太大" in text
    quiz = [t for t in doc["tests"] if t["name"].startswith("ch02.q")]
    assert quiz and all("MB" in t["output"] for t in quiz), quiz[:1]


def test_the_service_reads_the_quiz_of_the_left_out_chapter_as_refused(tmp_path: Path) -> None:
    """The service's reading of an attempt: a zip (the one way past its per-file upload cap) holding
    the oversized chapter-2 notebook beside a normal chapter-5 one."""
    key = load_key(RELEASE)
    assert key is not None
    packed = io.BytesIO()
    with zipfile.ZipFile(packed, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("hw/ch02_performance.ipynb", oversized_notebook())
        z.writestr("hw/ch05_interop.ipynb", CH05.read_bytes())
    scores = read_files([("hw.zip", packed.getvalue())], "s01", key, ["ch02", "ch05"], tmp_path)
    ch02 = [s for s in scores if s.question.startswith("ch02.")]
    ch05 = [s for s in scores if s.question.startswith("ch05.")]
    assert ch02 and {s.status for s in ch02} == {AnswerStatus.UNREADABLE}, {s.status for s in ch02}
    assert all(CAP_MB in s.reason_zh for s in ch02), ch02[0].reason_zh
    assert ch05 and AnswerStatus.UNREADABLE not in {s.status for s in ch05}


def test_an_assignment_reads_only_its_own_chapters_size_refusal() -> None:
    """A chapter-2 assignment's attempt whose chapter-5 notebook was too large is `ok` for that
    assignment, as a missing chapter-5 notebook is; its own chapter's refusal stays."""
    from autograder.service.domain.course.attempt_reads import own_status

    assert own_status("partial:too_large:ch05", ("ch02",)) == "ok"
    assert own_status("partial:not_submitted:ch05", ("ch02",)) == "ok"
    assert own_status("partial:too_large:ch02", ("ch02",)) == "partial:too_large:ch02"
