"""Gradescope's run_autograder (no image needed): who it grades (the id per-student variants follow),
and that its results.json is the one `jaxgrade grade` writes for the same submission."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from autograder.bundle.gradescope import STUDENT_ID, student_id


@pytest.mark.parametrize(
    ("meta", "want"),
    [
        ({"id": 1, "users": [{"sid": "2026001", "email": "a@x.edu"}, {"sid": "2026002"}]}, "2026001"),
        ({"id": 1, "users": [{"sid": "", "email": "a@x.edu"}]}, "a@x.edu"),
        ({"id": 1, "users": [{"sid": None, "email": None}]}, STUDENT_ID),
        ({"id": 1, "users": []}, STUDENT_ID),
        ({"id": 1, "users": "nonsense"}, STUDENT_ID),
        ([1, 2], STUDENT_ID),
    ],
)
def test_the_first_submitters_student_id_else_email_else_the_fixed_id(
    tmp_path: Path, meta: object, want: str
) -> None:
    (tmp_path / "submission_metadata.json").write_text(json.dumps(meta), encoding="utf-8")
    assert student_id(tmp_path) == want


def test_no_or_broken_metadata_grades_under_the_fixed_id(tmp_path: Path) -> None:
    assert student_id(tmp_path) == STUDENT_ID
    (tmp_path / "submission_metadata.json").write_text("{", encoding="utf-8")
    assert student_id(tmp_path) == STUDENT_ID


# --- one submission graded by run_autograder and by `jaxgrade grade` ------------------------------

REPO = Path(__file__).resolve().parents[1]
RELEASE = REPO / "assignments" / "2026-fall"
EXAMPLES = REPO / "examples" / "submissions"


def _gradescope_results(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, notebook: Path, sid: str) -> dict:
    """results.json of `grade()` for a submission folder holding `notebook`, graded as `sid`."""
    from autograder.bundle.gradescope import grade

    root = tmp_path / "autograder"
    (root / "submission").mkdir(parents=True)
    shutil.copy2(notebook, root / "submission" / notebook.name)
    meta = {"id": 1, "users": [{"sid": sid, "email": "student@example.edu"}]}
    (root / "submission_metadata.json").write_text(json.dumps(meta), encoding="utf-8")
    monkeypatch.setenv("JAXGRADE_RELEASE", str(RELEASE))
    monkeypatch.setenv("JAXGRADE_ISOLATION", "bwrap")
    monkeypatch.setenv("JAXGRADE_TIMEOUT_SCALE", "3")
    monkeypatch.delenv("JAXGRADE_COMPILE_CACHE_ROOT", raising=False)
    work = tmp_path / "gradescope-work"
    work.mkdir()
    return grade(root, work)


def _batch_results(tmp_path: Path, notebook: Path, sid: str) -> dict:
    """OUT/<sid>/results.json of a real `jaxgrade grade` of the folder SUBS/<sid>/ holding `notebook`."""
    subs, out = tmp_path / "subs", tmp_path / "out"
    (subs / sid).mkdir(parents=True)
    shutil.copy2(notebook, subs / sid / notebook.name)
    proc = subprocess.run(
        [sys.executable, "-m", "autograder.cli", "grade", str(subs), "--out", str(out),
         "--release", str(RELEASE), "--jobs", "1", "--isolation", "bwrap", "--timeout-scale", "3",
         "--compile-cache", "off"],
        capture_output=True, text=True, cwd=REPO, timeout=1500, check=False,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr[-4000:]
    return json.loads((out / sid / "results.json").read_text(encoding="utf-8"))


def _without_time(doc: dict) -> dict:
    """execution_time sums the phases' wall clock; the batch also counts its intake phase."""
    return {k: v for k, v in doc.items() if k != "execution_time"}


def test_a_refused_submission_gets_the_batch_results_json(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    notebook, sid = EXAMPLES / "s004_malformed.ipynb", "s004_malformed"
    gradescope = _gradescope_results(tmp_path, monkeypatch, notebook, sid)
    assert gradescope["score"] == 0.0
    assert gradescope["extra_data"]["status"] == "malformed:not_json"
    assert _without_time(gradescope) == _without_time(_batch_results(tmp_path, notebook, sid))


@pytest.mark.slow
def test_a_graded_submission_gets_the_batch_results_json(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Chapter 2 graded in the bwrap sandbox, chapter 5 not submitted: the runner, then the scores
    of the missing chapter and the submission status, exactly as in a batch."""
    notebook, sid = EXAMPLES / "s005_only_ch02.ipynb", "s005_only_ch02"
    gradescope = _gradescope_results(tmp_path, monkeypatch, notebook, sid)
    assert gradescope["score"] == 40.0
    assert gradescope["extra_data"]["status"] == "partial:not_submitted:ch05"
    assert _without_time(gradescope) == _without_time(_batch_results(tmp_path, notebook, sid))
