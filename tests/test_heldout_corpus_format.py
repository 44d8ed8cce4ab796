"""The held-out similarity corpora from the third on (tests/corpus/similarity_heldout_c to _j) are sound.

Format only: each corpus is for measuring the detector once, so nothing here runs the detector or looks at
its scores. Checked: every student answers every exercise (and nothing else is in `students/`), the Python
answers parse and each `recompile` answer names its own student, pairs.json names students and answer
files that exist with documented disguise kinds, no copy is the source of another copy (except the
middle of a planned copy chain of three, `copy_chains`), a planned heavy copier (`heavy_copier`) copied
one classmate in exactly three exercises with three different disguises, a planned shared original
(`shared_original`) was copied in two parts by two students and no other original twice, a planned
needless fix (`needless_fix`) is the only copy with that disguise and both its answers keep full marks,
a planned convergence on an outside source (`outside_source`) is one natural-convergence group of
students joined by no copy in that exercise, all with full marks, natural-convergence groups hold no two
students of one copy group, graded.json covers every answer with a score in range, and every graded
student has a behaviour fingerprint.
"""

from __future__ import annotations

import ast
import json
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

CORPORA = Path(__file__).parent / "corpus"
EXERCISES = ["histogram", "recompile", "fusion", "safe_distance", "reduce_sum_rules", "gammaln_callback",
             "silu_ffi", "ffi_lowering"]
# disguise kinds the corpora's README.md describe; a kind outside this set is a typo or undocumented
_KINDS_C = {"rename_recomment", "reorder", "loop_to_comprehension", "api_swap", "dead_code",
            "reassociate_constants", "inline_outline", "api_family_translation", "split_merge",
            "partial_copy", "two_sources", "cc_templates_lambdas", "cc_unroll", "cc_loop_form"}


@dataclass(frozen=True)
class Corpus:
    name: str
    students: tuple[str, ...]
    disguise_kinds: frozenset[str]
    planted: int  # distinct (exercise, copy) pairs
    # (exercise, student) middles of a planned copy chain of three (A -> B -> C): B is a copy that was
    # copied again; its README says so. Any other copy copied again is a mistake in the corpus.
    copy_chains: frozenset[tuple[str, str]] = frozenset()
    # (original, copy) of a planned heavy copier: the copy student copied that one classmate in three
    # exercises, each copy disguised differently; its README says so. No other pair repeats.
    heavy_copier: tuple[str, str] | None = None
    # (exercise, original) copied by two students in that exercise, each taking a different part of it
    # (two partial copies of one original); its README says so. No other original is copied twice.
    shared_original: tuple[str, str] | None = None
    # (exercise, original, copy) of a copy whose copier also "fixed" something the original had right
    # (disguise `needless_fix`: a live change that leaves every result the same); its README says so.
    # Both answers keep full marks, and no other copy carries that disguise.
    needless_fix: tuple[str, str, str] | None = None
    # (exercise, students) who each adapted the same outside snippet the course did not give (an honest
    # convergence, not a copy); its README says so. They form one natural-convergence group of exactly
    # those students, no copy joins them (or either of them) in that exercise, and both keep full marks.
    outside_source: tuple[str, tuple[str, ...]] | None = None

    @property
    def root(self) -> Path:
        return CORPORA / self.name


CORPUS_LIST = [
    Corpus("similarity_heldout_c", tuple(f"u{i:02d}" for i in range(1, 21)), frozenset(_KINDS_C), 36),
    Corpus("similarity_heldout_d", tuple(f"v{i:02d}" for i in range(1, 21)),
           frozenset(_KINDS_C | {"reformat", "restyle_own"}), 36),
    Corpus("similarity_heldout_e", tuple(f"w{i:02d}" for i in range(1, 21)),
           frozenset(_KINDS_C | {"reformat", "restyle_own"}), 36),
    Corpus("similarity_heldout_f", tuple(f"x{i:02d}" for i in range(1, 21)),
           frozenset(_KINDS_C | {"reformat", "restyle_own"}), 36),
    Corpus("similarity_heldout_g", tuple(f"y{i:02d}" for i in range(1, 21)),
           frozenset(_KINDS_C | {"reformat", "restyle_own"}), 36),
    Corpus("similarity_heldout_h", tuple(f"z{i:02d}" for i in range(1, 21)),
           frozenset(_KINDS_C | {"reformat", "restyle_own"}), 36),
    Corpus("similarity_heldout_i", tuple(f"q{i:02d}" for i in range(1, 21)),
           frozenset(_KINDS_C | {"reformat", "restyle_own"}), 36),
    Corpus("similarity_heldout_j", tuple(f"r{i:02d}" for i in range(1, 21)),
           frozenset(_KINDS_C | {"reformat", "restyle_own"}), 36),
    Corpus("similarity_heldout_k", tuple(f"p{i:02d}" for i in range(1, 21)),
           frozenset(_KINDS_C | {"reformat", "restyle_own"}), 36),
    Corpus("similarity_heldout_l", tuple(f"m{i:02d}" for i in range(1, 21)),
           frozenset(_KINDS_C | {"reformat", "restyle_own"}), 36),
    Corpus("similarity_heldout_m", tuple(f"n{i:02d}" for i in range(1, 21)),
           frozenset(_KINDS_C | {"reformat", "restyle_own"}), 36),
    Corpus("similarity_heldout_n", tuple(f"o{i:02d}" for i in range(1, 21)),
           frozenset(_KINDS_C | {"reformat", "restyle_own"}), 36),
    Corpus("similarity_heldout_o", tuple(f"g{i:02d}" for i in range(1, 21)),
           frozenset(_KINDS_C | {"reformat", "restyle_own"}), 36),
    Corpus("similarity_heldout_p", tuple(f"k{i:02d}" for i in range(1, 21)),
           frozenset(_KINDS_C | {"reformat", "restyle_own"}), 36),
    Corpus("similarity_heldout_q", tuple(f"j{i:02d}" for i in range(1, 21)),
           frozenset(_KINDS_C | {"reformat", "restyle_own"}), 36),
    Corpus("similarity_heldout_r", tuple(f"h{i:02d}" for i in range(1, 21)),
           frozenset(_KINDS_C | {"reformat", "restyle_own"}), 36),
    Corpus("similarity_heldout_s", tuple(f"e{i:02d}" for i in range(1, 21)),
           frozenset(_KINDS_C | {"reformat", "restyle_own"}), 36),
    Corpus("similarity_heldout_t", tuple(f"c{i:02d}" for i in range(1, 21)),
           frozenset(_KINDS_C | {"reformat", "restyle_own"}), 36),
    Corpus("similarity_heldout_u", tuple(f"a{i:02d}" for i in range(1, 21)),
           frozenset(_KINDS_C | {"reformat", "restyle_own"}), 36,
           copy_chains=frozenset({("reduce_sum_rules", "a11")})),
    Corpus("similarity_heldout_v", tuple(f"b{i:02d}" for i in range(1, 21)),
           frozenset(_KINDS_C | {"reformat", "restyle_own"}), 36,
           heavy_copier=("b06", "b14")),
    Corpus("similarity_heldout_w", tuple(f"d{i:02d}" for i in range(1, 21)),
           frozenset(_KINDS_C | {"reformat", "restyle_own"}), 36,
           shared_original=("reduce_sum_rules", "d05")),
    Corpus("similarity_heldout_x", tuple(f"f{i:02d}" for i in range(1, 21)),
           frozenset(_KINDS_C | {"reformat", "restyle_own", "needless_fix"}), 36,
           needless_fix=("safe_distance", "f13", "f05")),
    Corpus("similarity_heldout_y", tuple(f"i{i:02d}" for i in range(1, 21)),
           frozenset(_KINDS_C | {"reformat", "restyle_own"}), 36,
           outside_source=("gammaln_callback", ("i07", "i16"))),
]
by_name = pytest.mark.parametrize("corpus", CORPUS_LIST, ids=lambda c: c.name)


def answer_files(corpus: Corpus, sid: str, exercise: str) -> list[Path]:
    folder = corpus.root / "students" / sid
    if exercise == "silu_ffi":
        return [folder / "silu_ffi" / "answer.py", folder / "silu_ffi" / "silu.cc"]
    return [folder / f"{exercise}.py"]


def load(corpus: Corpus, name: str) -> dict:
    return json.loads((corpus.root / name).read_text(encoding="utf-8"))


def copy_groups(corpus: Corpus, copies: list[dict], exercise: str) -> dict[str, str]:
    """student -> a representative of the students joined to them by a chain of copies in `exercise`."""
    parent = {sid: sid for sid in corpus.students}

    def root(sid: str) -> str:
        while parent[sid] != sid:
            sid = parent[sid]
        return sid

    for c in copies:
        if c["exercise"] == exercise:
            parent[root(c["copy"])] = root(c["original"])
    return {sid: root(sid) for sid in corpus.students}


@by_name
def test_every_student_answers_every_exercise_and_nothing_else(corpus: Corpus):
    expected = {p for sid in corpus.students for ex in EXERCISES for p in answer_files(corpus, sid, ex)}
    present = {p for p in (corpus.root / "students").rglob("*") if p.is_file()}
    assert sorted(expected - present) == []
    assert sorted(present - expected) == []
    assert len(expected) == len(corpus.students) * 9


@by_name
def test_python_answers_parse_and_recompile_names_its_own_student(corpus: Corpus):
    for sid in corpus.students:
        for ex in EXERCISES:
            for path in answer_files(corpus, sid, ex):
                if path.suffix == ".py":
                    ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        recompile = (corpus.root / "students" / sid / "recompile.py").read_text(encoding="utf-8")
        # the call may be split over lines (a reformatted answer): whitespace and a trailing comma allowed
        called = re.findall(r"""show_recompile_sequence\(\s*(["'])(.+?)\1\s*,?\s*\)""", recompile)
        assert [student for _, student in called] == [sid]


@by_name
def test_copies_name_existing_answers_with_documented_disguises(corpus: Corpus):
    copies = load(corpus, "pairs.json")["copies"]
    for c in copies:
        assert set(c) == {"exercise", "original", "copy", "disguises", "note"}, c
        assert c["exercise"] in EXERCISES and c["original"] != c["copy"], c
        assert {c["original"], c["copy"]} <= set(corpus.students), c
        for sid in (c["original"], c["copy"]):
            assert all(p.is_file() for p in answer_files(corpus, sid, c["exercise"])), c
        assert c["disguises"] and set(c["disguises"]) <= corpus.disguise_kinds, c
        assert c["note"].strip(), c
    planted = {(c["exercise"], c["copy"]) for c in copies}
    assert len(planted) == corpus.planted
    assert {ex for ex, _ in planted} == set(EXERCISES)


@by_name
def test_a_copy_is_not_a_source_of_another_copy_in_the_same_exercise(corpus: Corpus):
    copies = load(corpus, "pairs.json")["copies"]
    copied = {(c["exercise"], c["copy"]) for c in copies}
    again = [c for c in copies if (c["exercise"], c["original"]) in copied]
    assert [c for c in again if (c["exercise"], c["original"]) not in corpus.copy_chains] == []
    # a planned chain is of three: its middle copied an original that is not itself a copy
    for ex, middle in corpus.copy_chains:
        sources = [c["original"] for c in copies if c["exercise"] == ex and c["copy"] == middle]
        assert sources and all((ex, s) not in copied for s in sources), (ex, middle)
        assert any(c["exercise"] == ex and c["original"] == middle for c in copies), (ex, middle)


@by_name
def test_a_heavy_copier_copies_one_classmate_in_three_exercises(corpus: Corpus):
    if corpus.heavy_copier is None:
        return
    copies = load(corpus, "pairs.json")["copies"]
    heavy = [c for c in copies if (c["original"], c["copy"]) == corpus.heavy_copier]
    assert len(heavy) == 3 and len({c["exercise"] for c in heavy}) == 3, heavy
    assert len({tuple(sorted(c["disguises"])) for c in heavy}) == 3, heavy  # a different disguise each
    # no other two students are joined by copies in more than one exercise
    pairs = [frozenset((c["original"], c["copy"])) for c in copies if c not in heavy]
    assert len(pairs) == len(set(pairs)), pairs
    assert frozenset(corpus.heavy_copier) not in pairs


@by_name
def test_a_shared_original_is_copied_in_two_parts(corpus: Corpus):
    if corpus.shared_original is None:
        return
    copies = load(corpus, "pairs.json")["copies"]
    ex, original = corpus.shared_original
    shared = [c for c in copies if (c["exercise"], c["original"]) == (ex, original)]
    assert len(shared) == 2 and len({c["copy"] for c in shared}) == 2, shared
    assert all(c["disguises"] == ["partial_copy"] for c in shared), shared
    # no other original is copied by more than one student in one exercise
    sources = [(c["exercise"], c["original"]) for c in copies if c not in shared]
    assert len(sources) == len(set(sources)), sources


@by_name
def test_a_needless_fix_copy_keeps_full_marks(corpus: Corpus):
    if corpus.needless_fix is None:
        return
    copies = load(corpus, "pairs.json")["copies"]
    fixed = [c for c in copies if "needless_fix" in c["disguises"]]
    assert [(c["exercise"], c["original"], c["copy"]) for c in fixed] == [corpus.needless_fix], fixed
    assert fixed[0]["disguises"] == ["needless_fix"], fixed
    # the "fix" changed nothing that is graded: the original and the copy both have full marks
    ex, original, copy = corpus.needless_fix
    scores = load(corpus, "graded.json")["scores"]
    for sid in (original, copy):
        assert scores[sid][ex]["score"] == scores[sid][ex]["max_score"], (sid, ex, scores[sid][ex])


@by_name
def test_an_outside_source_convergence_is_listed_and_not_a_copy(corpus: Corpus):
    if corpus.outside_source is None:
        return
    doc = load(corpus, "pairs.json")
    ex, members = corpus.outside_source
    groups = [g for g in doc["natural_convergence"]
              if g["exercise"] == ex and sorted(g["students"]) == sorted(members)]
    assert len(groups) == 1, doc["natural_convergence"]
    # neither student copied or was copied in that exercise: the likeness comes from the outside source
    joined = [c for c in doc["copies"] if c["exercise"] == ex and {c["original"], c["copy"]} & set(members)]
    assert joined == [], joined
    scores = load(corpus, "graded.json")["scores"]
    for sid in members:
        assert scores[sid][ex]["score"] == scores[sid][ex]["max_score"], (sid, ex, scores[sid][ex])


@by_name
def test_natural_convergence_groups_are_independent_students(corpus: Corpus):
    doc = load(corpus, "pairs.json")
    assert doc["natural_convergence"], "the corpus promises honest convergence groups"
    for group in doc["natural_convergence"]:
        members = group["students"]
        assert group["exercise"] in EXERCISES and len(members) >= 2, group
        assert set(members) <= set(corpus.students) and len(set(members)) == len(members), group
        roots = copy_groups(corpus, doc["copies"], group["exercise"])
        assert len({roots[s] for s in members}) == len(members), f"copies listed as convergence: {group}"


@by_name
def test_graded_json_covers_every_answer(corpus: Corpus):
    doc = load(corpus, "graded.json")
    scores = doc["scores"]
    assert sorted(doc["students_graded"]) == sorted(corpus.students)
    covered = {(sid, ex) for sid, per in scores.items() for ex in per}
    assert covered == {(sid, ex) for sid in corpus.students for ex in EXERCISES}
    for sid, per in scores.items():
        for ex, s in per.items():
            assert 0 <= s["score"] <= s["max_score"] == 10, (sid, ex, s)
    assert re.search(r"commit [0-9a-f]{40}", doc["how"]), "graded.json names the grader's commit"


@by_name
def test_every_graded_student_has_a_behaviour_fingerprint(corpus: Corpus):
    for sid in corpus.students:
        doc = json.loads((corpus.root / "behaviour" / f"{sid}.json").read_text(encoding="utf-8"))
        assert doc["student_id"] == sid and isinstance(doc["exercises"], dict), sid


@by_name
@pytest.mark.parametrize("name", ["README.md", "pairs.json", "graded.json"])
def test_corpus_says_it_is_for_measurement_only(corpus: Corpus, name: str):
    text = (corpus.root / name).read_text(encoding="utf-8").lower()
    assert "measurement only" in text
    if name != "README.md":  # a spent corpus's README says it was measured, not "never"
        assert "never" in text
