"""The quizzes of a release (instructor side): checks of the key, the public `quiz.json` and the
trusted grading key `<version>.quiz-key.json` written NEXT TO the release folder, never inside it.

The release folder is what students receive, so it holds only `quiz.json` (ids, kinds, points,
option texts) and the notebooks' prompt and answer cells. The key (correct options, rubrics, model
answers, explanations) goes to `assignments/<version>.quiz-key.json`, which graders and the
instructor keep; `jaxgrade grade` reads it from there (docs/quizzes.md).
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

from autograder.quiz.grading_key import KEY_SUFFIX
from autograder.quiz.grading_key import key_file as key_path
from autograder.release.masters import MasterNotebook
from jaxcourse.quiz import FORMAT
from jaxcourse.variants import load_pool

QUIZ_FILE = "quiz.json"
QUESTIONS_PER_CHAPTER = 8
_PRIVATE_FIELDS = ("options", "correct", "rubric", "model_answer", "explanation", "kind", "points")


def quiz_salt(library_root: Path) -> str:
    """The option-order salt: the recompile pool's, so one setting re-draws every variant of a term."""
    return load_pool(library_root / "jaxcourse" / "recompile_pool.json").salt


def key_problems(masters: dict[str, MasterNotebook]) -> list[str]:
    """What is wrong with the masters' quizzes as a whole (each question was checked when read).

    A chapter has either no quiz (e.g. the small fixture masters of the tests) or all 8 questions,
    each with exactly one answer cell; an answer cell must answer a question of its chapter.
    """
    problems: list[str] = []
    for chapter, master in sorted(masters.items()):
        ids = [q.id for q in master.quiz]
        expected = [f"{chapter}.q{n}" for n in range(1, QUESTIONS_PER_CHAPTER + 1)]
        if ids and sorted(ids) != expected:
            problems.append(f"{master.path.name}: quiz questions are {ids}, expected {expected}")
        for qid in sorted(set(ids) | set(master.quiz_answer_cells)):
            if qid not in ids:
                problems.append(f"{master.path.name}: an answer cell answers {qid!r}, which is no quiz "
                                "question of this chapter")
            elif master.quiz_answer_cells.get(qid, 0) != 1:
                problems.append(f"{master.path.name}: quiz question {qid} needs exactly one answer cell "
                                f"(role quiz_answer), found {master.quiz_answer_cells.get(qid, 0)}")
    return problems


def public_doc(masters: dict[str, MasterNotebook], salt: str) -> dict[str, Any]:
    questions = [q.public() for _, m in sorted(masters.items()) for q in m.quiz]
    return {"format": FORMAT, "salt": salt, "questions": questions}


def key_doc(masters: dict[str, MasterNotebook], version: str, salt: str) -> dict[str, Any]:
    questions = [q.key() for _, m in sorted(masters.items()) for q in m.quiz]
    totals = {ch: sum(q.points for q in m.quiz) for ch, m in sorted(masters.items())}
    return {"format": FORMAT, "version": version, "salt": salt, "questions": questions,
            "points": {ch: int(p) if float(p).is_integer() else p for ch, p in totals.items()}}


def manifest_section(masters: dict[str, MasterNotebook]) -> list[dict[str, Any]]:
    """The manifest's public `quiz` list: id, chapter, kind and points of every question."""
    return [{k: v for k, v in q.public().items() if k != "options"} for _, m in sorted(masters.items())
            for q in m.quiz]


def release_problems(root: Path, manifest: dict[str, Any], masters: dict[str, MasterNotebook]) -> list[str]:
    """Quiz checks of a staged release folder: the points add up, no key field ships."""
    problems: list[str] = []
    listed = manifest.get("quiz", [])
    key = {q.id: q for m in masters.values() for q in m.quiz}
    if sorted(e.get("id") for e in listed) != sorted(key):
        problems.append(f"manifest.json: quiz lists {[e.get('id') for e in listed]}, "
                        f"the masters {sorted(key)}")
    for e in listed:
        q = key.get(e.get("id"))
        if q is not None and not math.isclose(float(e.get("points", -1)), q.points):
            problems.append(f"manifest.json: quiz question {q.id} has points {e.get('points')!r}, "
                            f"the master {q.points:g}")
    totals = manifest.get("quiz_points", {})
    for ch, m in masters.items():
        if not math.isclose(float(totals.get(ch, -1)), sum(q.points for q in m.quiz)):
            problems.append(f"manifest.json: quiz_points of {ch} is {totals.get(ch)!r}, its questions add up "
                            f"to {sum(q.points for q in m.quiz):g}")
    try:
        public = json.loads((root / QUIZ_FILE).read_bytes())
    except (OSError, ValueError) as exc:
        return [*problems, f"{QUIZ_FILE}: unreadable: {exc}"]
    for q in public.get("questions", []):
        extra = set(q) - {"id", "chapter", "kind", "points", "options"}
        if extra:
            problems.append(f"{QUIZ_FILE}: question {q.get('id')} ships key fields {sorted(extra)}")
    for name in manifest.get("notebooks", {}).values():
        nb = json.loads((root / name).read_bytes())
        for i, cell in enumerate(nb.get("cells", [])):
            jg = cell.get("metadata", {}).get("jaxgrade") or {}
            leaked = [f for f in _PRIVATE_FIELDS if f in jg]
            if leaked:
                problems.append(f"{name} cell {i}: quiz key fields {leaked} in its metadata")
    return problems


__all__ = ["KEY_SUFFIX", "QUIZ_FILE", "key_doc", "key_path", "key_problems", "manifest_section",
           "public_doc", "quiz_salt", "release_problems"]
