"""The chapters' answer corpora (tests/corpus/answers/) and their grading through the real runner.

tests/test_checks_ch02.py and tests/test_checks_ch05.py judge the verdicts; the grading itself runs
as a command on the session's early lane (tests/helpers/corpus_grade.py calls `GRADERS`), so it lives
here, where both the test modules and that command can import it. Entry k of a chapter's corpus holds
variant k of every exercise of the chapter, graded with a fixed seed (chapter 2: as the student of the
recompile variant its expected.json names, `ch02_entries`).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from autograder.exercises import CHAPTERS
from autograder.model import StudentResult
from benchmarks.similarity_corpus import fill_answer_cells

from .paths import REPO

CORPUS = REPO / "tests" / "corpus" / "answers"
CH02_SEED = 20261129
CH05_SEED = 20250605


# --- chapter 5 ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Variant:
    exercise: str
    name: str
    python: str  # the Python answer cell
    files: dict[str, str]  # file name -> text written by a %%writefile cell before the Python cell
    expected: dict

    def notebook_cells(self) -> list[str]:
        """The answer cells as a student's notebook holds them."""
        return [f"%%writefile {name}\n{text}" for name, text in self.files.items()] + [self.python]


def ch05_variants(exercise: str) -> list[Variant]:
    """Chapter 5's corpus of `exercise`: its variants, sorted by name, each with its expected verdict."""
    folder = CORPUS / exercise
    expected = json.loads((folder / "expected.json").read_text(encoding="utf-8"))
    on_disk = {p.stem for p in folder.glob("*.py")} | {p.name for p in folder.iterdir() if p.is_dir()}
    assert on_disk == set(expected), f"{exercise}: expected.json and the corpus files disagree"
    variants = []
    for name, exp in sorted(expected.items()):
        if (folder / f"{name}.py").is_file():
            python, files = (folder / f"{name}.py").read_text(encoding="utf-8"), {}
        else:
            sub = folder / name
            python = (sub / "answer.py").read_text(encoding="utf-8")
            files = {p.name: p.read_text(encoding="utf-8")
                     for p in sorted(sub.iterdir()) if p.name != "answer.py"}
        variants.append(Variant(exercise, name, python, files, exp))
    return variants


def fill_answers(released: dict, answers: dict[str, Variant]) -> dict:
    """A copy of the released notebook whose answer cells of each exercise hold that variant's cells."""
    metas = [cell.get("metadata", {}).get("jaxgrade", {}) for cell in released["cells"]]
    with_slots = {meta.get("exercise") for meta in metas if meta.get("role") == "answer"}
    for ex in answers:
        assert ex in with_slots, f"the released notebook has no answer cell for {ex}"
    return fill_answer_cells(released, {ex: v.notebook_cells() for ex, v in answers.items()})


def grade_ch05(tmp: Path, release_root: Path) -> list[tuple[StudentResult, dict[str, str]]]:
    """Grade the whole corpus through `grade_submission`: entry k holds variant k of every exercise.
    Runs as a command on the early lane (tests/helpers/corpus_grade.py), never in the test process."""
    from autograder.grade.run import RunSettings, grade_submission
    from autograder.model import ChapterNotebook, ReleaseInfo, StudentSubmission

    release = ReleaseInfo.load(release_root)
    released = json.loads(release.notebooks["ch05"].read_text(encoding="utf-8"))
    per_exercise = {ex: ch05_variants(ex) for ex in CHAPTERS["ch05"]}
    entries = []
    for k in range(max(len(v) for v in per_exercise.values())):
        answers = {ex: vs[k] for ex, vs in per_exercise.items() if k < len(vs)}
        nb = fill_answers(released, answers)
        digest = hashlib.sha256(json.dumps(nb, sort_keys=True).encode()).hexdigest()
        notebook = ChapterNotebook("ch05", f"entry{k}.ipynb", nb)
        sub = StudentSubmission(f"entry{k}", digest, {"ch05": notebook})
        settings = RunSettings(isolation="bwrap", exercises=tuple(answers), seed_policy="fixed",
                               fixed_seed=CH05_SEED, build_cache=tmp / "build-cache",
                               scratch_root=tmp / "scratch")
        entries.append((sub, settings, {ex: v.name for ex, v in answers.items()}))

    def one(entry: tuple) -> tuple[StudentResult, dict[str, str]]:
        sub, settings, chosen = entry
        return grade_submission(sub, release, settings), chosen

    with ThreadPoolExecutor(max_workers=2) as pool:
        return list(pool.map(one, entries))


# --- chapter 2 ------------------------------------------------------------------------------------


STUDENT_ID_MARK = "@student_id@"  # in a chapter 2 answer: replaced by the id its entry is graded as


@dataclass(frozen=True)
class Ch02Entry:
    """One graded entry of a chapter 2 corpus: an answer cell and the recompile variant it is graded as."""

    name: str  # the key in expected.json
    source: str  # the answer cell, STUDENT_ID_MARK not yet replaced
    variant: int  # the index in the release's recompile pool of the student the entry is graded as


def ch02_entries(exercise: str) -> list[Ch02Entry]:
    """Chapter 2's corpus of `exercise`, sorted by name. An entry of expected.json may say
    `"variant": k` (graded as a student whose recompile sequence is the pool's k-th; default 0, the
    statement's example) and `"answer": "<file stem>"` (the answer file; default its own name), so one
    answer can be graded as several students. A file no entry uses is an entry of its own (variant 0),
    which the verdict test reports as missing from expected.json."""
    folder = CORPUS / exercise
    files = {p.stem: p.read_text(encoding="utf-8") for p in sorted(folder.glob("*.py"))}
    path = folder / "expected.json"
    expected = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
    entries = []
    for name, exp in sorted(expected.items()):
        answer = exp.get("answer", name)
        variant = exp.get("variant", 0)
        assert answer in files, f"{exercise}/{name}: no answer file {answer}.py"
        assert type(variant) is int and variant >= 0, f"{exercise}/{name}: variant must be an int >= 0"
        # only recompile's checks depend on the student (the others ignore the id under the fixed seed)
        assert variant == 0 or exercise == "recompile", f"{exercise}/{name}: a variant means nothing here"
        entries.append(Ch02Entry(name, files[answer], variant))
    used = {exp.get("answer", name) for name, exp in expected.items()}
    entries += [Ch02Entry(stem, text, 0) for stem, text in files.items() if stem not in used]
    return sorted(entries, key=lambda e: e.name)


def ch02_variants(exercise: str) -> dict[str, str]:
    """Chapter 2's corpus of `exercise`: entry name -> answer cell (see `ch02_entries`)."""
    return {e.name: e.source for e in ch02_entries(exercise)}


def corpus_student_id(k: int, release_root: Path, variant: int = 0) -> str:
    """The id of entry k: one whose recompile sequence is the pool's `variant`-th (the grader picks the
    sequence by this id, as for any student; the other exercises ignore it under the fixed seed)."""
    from jaxcourse.variants import load_pool, variant_index

    pool = load_pool(release_root / "jaxcourse" / "recompile_pool.json")
    if not 0 <= variant < len(pool.sequences):
        raise ValueError(f"recompile variant {variant} is outside the pool (0..{len(pool.sequences) - 1})")
    return next(sid for n in range(10_000) if variant_index(sid := f"entry{k}-{n}", pool) == variant)


def grade_ch02(tmp: Path, release_root: Path) -> list[tuple[StudentResult, dict[str, str]]]:
    """Grade the corpus through `grade_submission`: entry k holds entry k of every exercise, as the
    student of the recompile entry's variant. Runs as a command on the early lane
    (tests/helpers/corpus_grade.py), never in the test process."""
    from autograder.grade.run import RunSettings, grade_submission
    from autograder.model import ChapterNotebook, ReleaseInfo, StudentSubmission

    release = ReleaseInfo.load(release_root)
    released = json.loads(release.notebooks["ch02"].read_text(encoding="utf-8"))
    exercises = CHAPTERS["ch02"]
    per_exercise = {ex: ch02_entries(ex) for ex in exercises}
    entries = []
    for k in range(max(len(v) for v in per_exercise.values())):
        chosen = {ex: per_exercise[ex][k] for ex in exercises if k < len(per_exercise[ex])}
        variant = chosen["recompile"].variant if "recompile" in chosen else 0
        student = corpus_student_id(k, release.root, variant)
        answers = {ex: (e.name, e.source.replace(STUDENT_ID_MARK, student)) for ex, e in chosen.items()}
        nb = json.loads(json.dumps(released))
        for cell in nb["cells"]:
            meta = cell.get("metadata", {}).get("jaxgrade", {})
            if meta.get("role") == "answer" and meta.get("exercise") in answers:
                cell["source"] = answers[meta["exercise"]][1]
        digest = hashlib.sha256(json.dumps(answers, sort_keys=True).encode()).hexdigest()
        sub = StudentSubmission(student, digest, {"ch02": ChapterNotebook("ch02", f"{student}.ipynb", nb)})
        settings = RunSettings(isolation="bwrap", exercises=tuple(answers), seed_policy="fixed",
                               fixed_seed=CH02_SEED, build_cache=tmp / "build-cache",
                               scratch_root=tmp / "scratch")
        entries.append((sub, settings, {ex: name for ex, (name, _src) in answers.items()}))

    def one(entry: tuple) -> tuple[StudentResult, dict[str, str]]:
        sub, settings, chosen = entry
        return grade_submission(sub, release, settings), chosen

    with ThreadPoolExecutor(max_workers=2) as pool:
        return list(pool.map(one, entries))


# chapter -> grade(tmp, release_root): (StudentResult, exercise -> variant name) per entry
GRADERS: dict[str, Callable[[Path, Path], list[tuple[StudentResult, dict[str, str]]]]] = {
    "ch02": grade_ch02,
    "ch05": grade_ch05,
}
