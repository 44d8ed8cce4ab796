"""The held-out similarity corpus (tests/corpus/similarity_heldout/): a class of students' answers with
planted disguised copies, read as plain data.

The corpus measures the similarity detector; nothing may tune the detector on it (its README says
why and how it was written). Stdlib only, so a measurement script can import it without the project.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path

CORPUS = Path(__file__).resolve().parents[1] / "corpus" / "similarity_heldout"
STUDENTS = CORPUS / "students"
PAIRS_FILE = CORPUS / "pairs.json"

EXERCISES: tuple[str, ...] = (
    "histogram",
    "recompile",
    "fusion",
    "safe_distance",
    "reduce_sum_rules",
    "gammaln_callback",
    "silu_ffi",
    "ffi_lowering",
)
KERNEL_EXERCISE = "silu_ffi"  # the one exercise answered by a folder: answer.py + silu.cc
KERNEL_FILE = "silu.cc"

DISGUISES: tuple[str, ...] = (
    "rename_recomment",
    "reorder",
    "loop_to_comprehension",
    "api_swap",
    "dead_code",
    "reassociate_constants",
    "inline_outline",
    "api_family_translation",
    "cc_templates_lambdas",
    "cc_unroll",
)

# One answer: the Python answer cell, and the C++ kernel for silu_ffi (None for the other exercises).
Answer = tuple[str, str | None]


@dataclass(frozen=True)
class CopyPair:
    exercise: str
    original: str  # student id of the source
    copy: str  # student id of the student who copied and disguised it
    disguises: tuple[str, ...]
    note: str = ""  # what the copier did, concretely


@dataclass(frozen=True)
class Convergence:
    exercise: str
    students: tuple[str, ...]  # independent students whose answers came out nearly alike
    note: str


def load_pairs() -> dict:
    """pairs.json as parsed JSON."""
    return json.loads(PAIRS_FILE.read_text(encoding="utf-8"))


def _read_answer(folder: Path, exercise: str) -> Answer | None:
    if exercise == KERNEL_EXERCISE:
        sub = folder / exercise
        if not sub.is_dir():
            return None
        kernel = sub / KERNEL_FILE
        return (
            (sub / "answer.py").read_text(encoding="utf-8"),
            kernel.read_text(encoding="utf-8") if kernel.is_file() else None,
        )
    path = folder / f"{exercise}.py"
    return (path.read_text(encoding="utf-8"), None) if path.is_file() else None


def load_class() -> dict[str, dict[str, Answer]]:
    """student id -> exercise -> (Python answer, kernel or None), for every answer the student wrote."""
    result: dict[str, dict[str, Answer]] = {}
    for folder in sorted(p for p in STUDENTS.iterdir() if p.is_dir()):
        answers = {}
        for exercise in EXERCISES:
            answer = _read_answer(folder, exercise)
            if answer is not None:
                answers[exercise] = answer
        result[folder.name] = answers
    return result


def copy_pairs(exercise: str | None = None) -> list[CopyPair]:
    """The planted copies, all of them or those of one exercise."""
    pairs = [
        CopyPair(c["exercise"], c["original"], c["copy"], tuple(c["disguises"]), c.get("note", ""))
        for c in load_pairs()["copies"]
    ]
    return [p for p in pairs if exercise is None or p.exercise == exercise]


def natural_convergence() -> list[Convergence]:
    """Groups of independent students whose answers are nearly alike: hard negatives, not copies."""
    return [
        Convergence(c["exercise"], tuple(c["students"]), c["note"])
        for c in load_pairs()["natural_convergence"]
    ]


def copy_groups(exercise: str) -> list[frozenset[str]]:
    """Students of `exercise` joined by chains of copies (a source copied by two students is one group
    of three): connected components of the copy graph, singletons left out."""
    parent: dict[str, str] = {}

    def root(s: str) -> str:
        while parent.setdefault(s, s) != s:
            s = parent[s]
        return s

    for pair in copy_pairs(exercise):
        parent[root(pair.copy)] = root(pair.original)
    groups: dict[str, set[str]] = {}
    for s in parent:
        groups.setdefault(root(s), set()).add(s)
    return sorted((frozenset(g) for g in groups.values() if len(g) > 1), key=sorted)


def students_answering(exercise: str) -> list[str]:
    return sorted(sid for sid, answers in load_class().items() if exercise in answers)


def independent_pairs(exercise: str) -> list[tuple[str, str]]:
    """Every pair (a, b), a < b, of students who answered `exercise` and are not in one copy group."""
    group_of = {s: g for g in copy_groups(exercise) for s in g}
    return [(a, b) for a, b in combinations(students_answering(exercise), 2) if b not in group_of.get(a, ())]
