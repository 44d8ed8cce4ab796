"""The README's main job, end to end: `jaxgrade grade` (a real subprocess, real bwrap sandbox, real
clang++, real JAX) on the bundled examples plus an untouched copy of the committed release.

This is the definition of done of the hidden checks: the reference answers (s001_all_correct is the
released notebooks with the master's answers pasted in) score 80/80, the blank release scores 0/80,
and every example gets exactly the outcome recorded in examples/expected.json.
"""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
RELEASE = REPO / "assignments" / "2026-fall"
EXERCISES = ("histogram", "recompile", "fusion", "safe_distance",
             "reduce_sum_rules", "gammaln_callback", "silu_ffi", "ffi_lowering")
QUIZ_IDS = tuple(f"{ch}.q{n}" for ch in ("ch02", "ch05") for n in range(1, 9))
GRADESCOPE_TEST_KEYS = {"name", "score", "max_score", "output", "visibility"}


@pytest.fixture(scope="module")
def graded(examples_batch) -> dict[str, object]:
    """The session's one grading of the examples plus a blank release (tests/conftest.py)."""
    with (examples_batch.out / "grades.csv").open(newline="", encoding="utf-8") as fh:
        rows = {r["student_id"]: r for r in csv.DictReader(fh)}
    return {"proc": examples_batch.proc, "rows": rows, "out": examples_batch.out}


def test_exit_code_and_score_table(graded: dict) -> None:
    proc = graded["proc"]
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "s001_all_correct" in proc.stdout and "80/80" in proc.stdout


def test_reference_answers_score_full_marks_and_blank_release_scores_zero(graded: dict) -> None:
    rows = graded["rows"]
    ref, blank = rows["s001_all_correct"], rows["s900_blank"]
    assert (float(ref["total"]), float(ref["max_total"]), ref["status"]) == (80.0, 80.0, "ok")
    assert (float(blank["total"]), float(blank["max_total"])) == (0.0, 80.0)
    assert all(float(blank[ex]) == 0.0 for ex in EXERCISES)


def test_every_example_gets_its_recorded_outcome(graded: dict) -> None:
    expected = json.loads((REPO / "examples" / "expected.json").read_text(encoding="utf-8"))
    rows = graded["rows"]
    for sid, exp in expected.items():
        if sid.startswith("_"):
            continue
        row = rows[sid]
        got = {ex: float(row[ex]) for ex in EXERCISES}
        assert row["status"] == exp["status"], (sid, row)
        assert got == {ex: float(v) for ex, v in exp["scores"].items()}, (sid, got)
        assert float(row["total"]) == exp["total"], (sid, row)


def test_results_json_and_feedback_for_every_student(graded: dict) -> None:
    out: Path = graded["out"]
    for sid in graded["rows"]:
        doc = json.loads((out / sid / "results.json").read_text(encoding="utf-8"))
        assert isinstance(doc["score"], (int, float))
        if doc.get("tests"):
            for t in doc["tests"]:
                assert GRADESCOPE_TEST_KEYS <= set(t), t
                # exercise sub-checks, and the quiz questions (docs/quizzes.md) tagged "quiz"
                names = QUIZ_IDS if "quiz" in t["tags"] else EXERCISES
                assert t["name"].split(": ")[0] in names
        feedback = (out / sid / "feedback.md").read_text(encoding="utf-8")
        assert any("\u4e00" <= ch <= "\u9fff" for ch in feedback), "feedback is in Chinese"
    # the compile error reaches the student: clang's diagnostic is in the SiLU feedback
    fb = (out / "s003_silu_compile_error" / "feedback.md").read_text(encoding="utf-8")
    assert "error" in fb and "silu" in fb.lower()
