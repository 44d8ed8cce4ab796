"""The similarity benchmark's measurement part (benchmarks/similarity_heldout.py) reads a class the
detector was not tuned on and prints aggregate figures only. The class here is made in a temporary
folder from the answer corpus; the real one (tests/corpus/similarity_heldout/) is never read by tests."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from benchmarks.similarity_corpus import load_corpus
from benchmarks.similarity_hard_levels import hard_python_copy
from benchmarks.similarity_heldout import read_pairs, report

BASES = ("reference", "masked_norm", "custom_jvp_sqrt", "safe_value_zero", "norm_single_where")


def _class(folder: Path, pairs: object) -> None:
    corpus = load_corpus("safe_distance")
    (folder / "safe_distance").mkdir(parents=True)
    for i, name in enumerate(BASES):
        (folder / "safe_distance" / f"student{i}.py").write_text(corpus[name].python, encoding="utf-8")
    copy = hard_python_copy(
        corpus["masked_norm"].python, "api_swap", 5, frozenset({"safe_pairwise_distance"})
    )
    assert copy is not None
    (folder / "safe_distance" / "student9.py").write_text(copy, encoding="utf-8")
    (folder / "pairs.json").write_text(json.dumps(pairs), encoding="utf-8")


def test_the_measurement_part_prints_aggregate_figures_only(tmp_path: Path) -> None:
    _class(tmp_path, [{"exercise": "safe_distance", "original": "student1", "copy": "student9"}])
    lines = report(tmp_path, 0.5)
    text = "\n".join(lines)
    assert "planted copies found         1/1 100.0 %" in text
    assert "independent pairs flagged    0/14 0.0 %" in text  # 6 students: 15 pairs, 1 planted
    assert "planted copies ranked first  1/1 100.0 %" in text
    assert "planted copies comparable    1/1 " in text and "found of the comparable      1/1 100.0 %" in text
    assert "student" not in text.replace("students", "")  # no student, no pair, no score of one pair
    assert "code + behaviour: no grading-run fingerprints given" in text


def test_a_missing_pairs_file_is_said_and_nothing_is_measured(tmp_path: Path) -> None:
    assert report(tmp_path, 0.5) == [f"measurement part: {tmp_path} has no pairs.json yet: not measured"]


@pytest.mark.parametrize(
    "doc",
    [
        [["safe_distance", "s1", "s9"]],
        {"pairs": [{"unit": "safe_distance", "a": "s1", "b": "s9"}]},
        [{"exercise": "safe_distance", "students": ["s1", "s9"]}],
        {"planted": [{"ex": "safe_distance", "source": "s1", "copier": "s9"}]},
    ],
)
def test_planted_copies_are_read_in_the_usual_spellings(tmp_path: Path, doc: object) -> None:
    (tmp_path / "pairs.json").write_text(json.dumps(doc), encoding="utf-8")
    assert read_pairs(tmp_path / "pairs.json") == [("safe_distance", "s1", "s9")]


def test_an_unreadable_planted_copy_is_refused_with_a_clear_message(tmp_path: Path) -> None:
    (tmp_path / "pairs.json").write_text(json.dumps([{"who": "s1"}]), encoding="utf-8")
    with pytest.raises(ValueError, match="cannot read a planted copy"):
        read_pairs(tmp_path / "pairs.json")


def test_a_copied_kernel_is_a_copy_of_the_exercise_not_an_independent_pair(tmp_path: Path) -> None:
    # silu_ffi is an answer cell and the kernel silu.cc: student9 copied student1's kernel and wrote
    # the answer cell alone (how the held-out classes' `cc_unroll` copiers did). Round 4's benchmark
    # counted that copy as missed (the answer cells differ) and the copied kernels as an independent
    # pair; the copy is found through its kernel and its kernel pair is the copy's
    corpus = load_corpus("silu_ffi")
    sources = {"student0": "alt_tanh_sequential", "student1": "reference", "student2": "master_solution"}
    for sid, name in sources.items():
        (tmp_path / "silu_ffi" / sid).mkdir(parents=True)
        (tmp_path / "silu_ffi" / sid / "answer.py").write_text(corpus[name].python, encoding="utf-8")
        (tmp_path / "silu_ffi" / sid / "silu.cc").write_text(corpus[name].kernel or "", encoding="utf-8")
    (tmp_path / "silu_ffi" / "student9").mkdir()
    (tmp_path / "silu_ffi" / "student9" / "answer.py").write_text(
        corpus["bypass_jax_nn"].python, encoding="utf-8"
    )
    (tmp_path / "silu_ffi" / "student9" / "silu.cc").write_text(
        corpus["reference"].kernel or "", encoding="utf-8"
    )
    (tmp_path / "pairs.json").write_text(
        json.dumps([{"exercise": "silu_ffi", "original": "student1", "copy": "student9"}]), encoding="utf-8"
    )
    text = "\n".join(report(tmp_path, 0.5))
    assert "planted copies found         1/1 100.0 %" in text
    # 4 students: 6 pairs per unit, the copy's pair left out of both units
    assert re.search(r"independent pairs flagged +\d+/10 ", text)


def test_a_copy_too_short_to_compare_is_missed_and_not_comparable(tmp_path: Path) -> None:
    # a copied answer of two statements is under the minimum the code channel compares: it counts
    # as planted and missed, and the comparable line says why the found figure cannot reach 100 %
    _class(
        tmp_path,
        [
            {"exercise": "safe_distance", "original": "student1", "copy": "student9"},
            {"exercise": "safe_distance", "original": "student3", "copy": "student8"},
        ],
    )
    short = "def safe_pairwise_distance(X, Y):\n    return 0\n"
    (tmp_path / "safe_distance" / "student8.py").write_text(short, encoding="utf-8")
    (tmp_path / "safe_distance" / "student3.py").write_text(short, encoding="utf-8")
    text = "\n".join(report(tmp_path, 0.5))
    assert "planted copies found         1/2 50.0 %" in text
    assert "planted copies comparable    1/2 " in text
    assert "found of the comparable      1/1 100.0 %" in text


def test_a_short_copy_sharing_a_comment_line_is_found_and_short_pairs_are_counted_apart(
    tmp_path: Path,
) -> None:
    # ten one-line predictions: none is compared as code; the copy keeps its original's comment line
    line = "# a float64 numpy scalar becomes float32 in 32 bit mode so only mode b adds a compile\n"
    (tmp_path / "recompile").mkdir()
    for i in range(1, 11):
        comment = line if i in (4, 8) else ""
        text = f"{comment}show_recompile_sequence('s{i:02}')\npredicted_compiles = {2 + i % 3}\n"
        (tmp_path / "recompile" / f"s{i:02}.py").write_text(text, encoding="utf-8")
    (tmp_path / "pairs.json").write_text(json.dumps([["recompile", "s04", "s08"]]), encoding="utf-8")
    text = "\n".join(report(tmp_path, 0.5))
    assert "planted copies found         1/1 100.0 %" in text
    assert "planted copies comparable    0/1 " in text
    # found by its words, not compared as code: not a comparable copy found (was 1/0 before)
    assert "found of the comparable      0/0 " in text
    assert "independent pairs flagged    0/0 " in text
    assert "with a side too short      0/44 0.0 %" in text  # 45 pairs, the copy left out
