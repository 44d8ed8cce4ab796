"""The second held-out similarity corpus (tests/corpus/similarity_heldout_b) is well formed.

Format only: the corpus is for measuring the detector once, so nothing here runs the detector or looks
at its scores. Checked: every student answers every exercise, pairs.json names students and answer files
that exist, copy groups and natural-convergence groups do not overlap, and graded.json covers what it
says it covers.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

CORPUS = Path(__file__).parent / "corpus" / "similarity_heldout_b"
STUDENTS = [f"t{i:02d}" for i in range(1, 25)]
EXERCISES = ["histogram", "recompile", "fusion", "safe_distance", "reduce_sum_rules", "gammaln_callback",
             "silu_ffi", "ffi_lowering"]
# disguise kinds README.md describes; a kind outside this list is a typo or an undocumented kind
DISGUISE_KINDS = {"rename_recomment", "reorder", "loop_to_comprehension", "api_swap", "dead_code",
                  "reassociate_constants", "inline_outline", "api_family_translation", "partial_copy",
                  "two_sources", "cc_templates_lambdas", "cc_unroll", "cc_reformat"}


def answer_files(sid: str, exercise: str) -> list[Path]:
    folder = CORPUS / "students" / sid
    if exercise == "silu_ffi":
        return [folder / "silu_ffi" / "answer.py", folder / "silu_ffi" / "silu.cc"]
    return [folder / f"{exercise}.py"]


def load(name: str) -> dict:
    return json.loads((CORPUS / name).read_text(encoding="utf-8"))


def copy_group_of(copies: list[dict], exercise: str) -> dict[str, str]:
    """student -> a representative of the students joined to them by a chain of copies in `exercise`."""
    parent = {sid: sid for sid in STUDENTS}

    def root(sid: str) -> str:
        while parent[sid] != sid:
            sid = parent[sid]
        return sid

    for c in copies:
        if c["exercise"] == exercise:
            parent[root(c["copy"])] = root(c["original"])
    return {sid: root(sid) for sid in STUDENTS}


def test_every_student_answers_every_exercise_and_nothing_else():
    expected = {p for sid in STUDENTS for ex in EXERCISES for p in answer_files(sid, ex)}
    present = {p for p in (CORPUS / "students").rglob("*") if p.is_file()}
    assert sorted(expected - present) == []
    assert sorted(present - expected) == []
    assert len(expected) == 24 * 9


def test_python_answers_parse_and_recompile_names_its_own_student():
    for sid in STUDENTS:
        for ex in EXERCISES:
            for path in answer_files(sid, ex):
                if path.suffix == ".py":
                    ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        recompile = (CORPUS / "students" / sid / "recompile.py").read_text(encoding="utf-8")
        called = re.findall(r"""show_recompile_sequence\((["'])(.+?)\1\)""", recompile)
        assert [student for _, student in called] == [sid]


def test_copies_name_existing_answers_with_documented_disguises():
    copies = load("pairs.json")["copies"]
    for c in copies:
        assert set(c) == {"exercise", "original", "copy", "disguises", "note"}, c
        assert c["exercise"] in EXERCISES and c["original"] != c["copy"], c
        for sid in (c["original"], c["copy"]):
            assert all(p.is_file() for p in answer_files(sid, c["exercise"])), c
        assert c["disguises"] and set(c["disguises"]) <= DISGUISE_KINDS, c
        assert c["note"].strip(), c
    planted = {(c["exercise"], c["copy"]) for c in copies}
    assert len(planted) >= 40
    assert {ex for ex, _ in planted} == set(EXERCISES)


def test_a_copy_is_not_a_source_of_another_copy_in_the_same_exercise():
    copies = load("pairs.json")["copies"]
    copied = {(c["exercise"], c["copy"]) for c in copies}
    assert [c for c in copies if (c["exercise"], c["original"]) in copied] == []


def test_natural_convergence_groups_are_independent_students():
    doc = load("pairs.json")
    assert doc["natural_convergence"], "the corpus promises honest convergence groups"
    for group in doc["natural_convergence"]:
        members = group["students"]
        assert group["exercise"] in EXERCISES and len(members) >= 2 and set(members) <= set(STUDENTS), group
        roots = copy_group_of(doc["copies"], group["exercise"])
        assert len({roots[s] for s in members}) == len(members), f"copies listed as convergence: {group}"


def test_graded_json_covers_every_answer_it_claims():
    doc = load("graded.json")
    scores = doc["scores"]
    covered = {(sid, ex) for sid, per in scores.items() for ex in per}
    assert set(scores) <= set(STUDENTS)
    assert covered == {(sid, ex) for sid in doc["students_graded"] for ex in EXERCISES}
    for sid, per in scores.items():
        for ex, s in per.items():
            assert ex in EXERCISES, (sid, ex)
            assert 0 <= s["score"] <= s["max_score"] == 10, (sid, ex, s)


@pytest.mark.parametrize("name", ["README.md", "pairs.json", "graded.json"])
def test_corpus_says_it_is_for_measurement_only(name):
    text = (CORPUS / name).read_text(encoding="utf-8").lower()
    assert "measurement only" in text and "never" in text
