"""A notebook intake refuses for its size (over the 20 MB cap) is labelled as what it is (issue 43,
section 4): the hand-in is `malformed:too_large`, never `not_submitted`, whether the notebook came
alone, in a folder or in a zip; and its quiz answers read as refused with intake's reason, never as
answers the student did not write, in the batch's quiz step and in the service's reading of an
attempt. Real intake, the committed release's quiz key."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from autograder.grade.intake import Entry, discover, intake_student
from autograder.messages import malformed
from autograder.quiz.batch import _student_scores
from autograder.quiz.grading_key import load_key
from autograder.service.domain.quiz.quiz_answers import read_files
from jaxcourse.quiz_answers import AnswerStatus

from helpers.fake_grading import ALL_OK, nb_bytes
from helpers.oversized_notebook import oversized_notebook
from helpers.paths import RELEASE

KEY = load_key(RELEASE)


@pytest.mark.parametrize("packing", ["folder", "zip", "alone"])
def test_a_hand_in_of_only_an_oversized_notebook_is_refused_as_too_large(
    tmp_path: Path, packing: str
) -> None:
    subs = tmp_path / "subs"
    subs.mkdir()
    data = oversized_notebook()
    if packing == "folder":
        (subs / "s01").mkdir()
        (subs / "s01" / "ch02.ipynb").write_bytes(data)
    elif packing == "zip":
        with zipfile.ZipFile(subs / "s01.zip", "w", zipfile.ZIP_DEFLATED) as z:
            z.writestr("hw/ch02.ipynb", data)
            z.writestr("hw/notes.txt", "讲义笔记")
    else:
        (subs / "s01.ipynb").write_bytes(data)
    sub = intake_student("s01", discover(subs).students["s01"], release_version="2026-fall")
    assert sub.status == malformed("too_large"), (sub.status, sub.problems_zh)
    assert any("太大" in p for p in sub.problems_zh)


def test_the_batch_labels_the_quiz_of_a_refused_notebook_as_refused(tmp_path: Path) -> None:
    assert KEY is not None
    subs = tmp_path / "subs"
    (subs / "s01").mkdir(parents=True)
    (subs / "s01" / "ch02.ipynb").write_bytes(oversized_notebook())
    entries: list[Entry] = discover(subs).students["s01"]
    found = _student_scores(KEY, "s01", entries, "2026-fall")
    assert not isinstance(found, str), found
    scores, _code_cells = found
    ch02 = [s for s in scores if s.question.startswith("ch02.")]
    assert ch02 and {s.status for s in ch02} == {AnswerStatus.UNREADABLE}
    assert all("MB" in s.reason_zh for s in ch02), ch02[0].reason_zh  # intake's own words: too large


def test_a_chapter_simply_not_handed_in_still_reads_as_missing(tmp_path: Path) -> None:
    assert KEY is not None
    subs = tmp_path / "subs"
    (subs / "s01").mkdir(parents=True)
    (subs / "s01" / "ch05.ipynb").write_bytes(nb_bytes("ch05", ALL_OK))
    found = _student_scores(KEY, "s01", discover(subs).students["s01"], "2026-fall")
    assert not isinstance(found, str), found
    scores, _code_cells = found
    ch02 = [s for s in scores if s.question.startswith("ch02.")]
    assert ch02 and {s.status for s in ch02} == {AnswerStatus.MISSING}


def test_the_service_labels_the_quiz_of_a_refused_notebook_as_refused(tmp_path: Path) -> None:
    assert KEY is not None
    files = [("ch02_performance.ipynb", oversized_notebook())]
    scores = read_files(files, "s01", KEY, ["ch02"], tmp_path)
    assert scores and {s.status for s in scores} == {AnswerStatus.UNREADABLE}
    assert all("MB" in s.reason_zh for s in scores)
