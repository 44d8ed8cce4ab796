"""The answer corpus as similarity units, and student notebooks made of them (benchmarks and tests).

`tests/corpus/answers/<exercise>/<variant>.py` is an answer cell; a folder `<variant>/` holds
`answer.py` and the `silu.cc` its `%%writefile` cell writes. `fill_notebook` pastes answers into
a copy of the released notebook the way a student's notebook holds them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "corpus" / "answers"
# Honest answers that converge on the usual solution, written for tuning the similarity report (a
# class's independent pairs that look alike by nature); members of the disguise benchmark's class.
CONVERGENT = Path(__file__).resolve().parent / "similarity_convergent"
CONVERGENT_PREFIX = "conv_"


def load_convergent(exercise: str) -> dict[str, str]:
    """`conv_<name>` -> answer text, for the exercises that have such answers."""
    folder = CONVERGENT / exercise
    if not folder.is_dir():
        return {}
    return {CONVERGENT_PREFIX + p.stem: p.read_text(encoding="utf-8") for p in sorted(folder.glob("*.py"))}


@dataclass(frozen=True)
class Answer:
    python: str
    kernel: str | None = None  # silu.cc


def load_corpus(exercise: str) -> dict[str, Answer]:
    folder = CORPUS / exercise
    out: dict[str, Answer] = {}
    for path in sorted(folder.iterdir()):
        if path.suffix == ".py":
            out[path.stem] = Answer(path.read_text(encoding="utf-8"))
        elif path.is_dir():
            cc = path / "silu.cc"
            out[path.name] = Answer(
                (path / "answer.py").read_text(encoding="utf-8"),
                cc.read_text(encoding="utf-8") if cc.is_file() else None,
            )
    return out


def fill_answer_cells(released: dict[str, Any], cells: dict[str, list[str]]) -> dict[str, Any]:
    """A copy of the released notebook whose answer cells of each exercise hold `cells[exercise]`
    (the last answer cell takes what is left over; answer cells beyond them are emptied)."""
    nb = json.loads(json.dumps(released))
    slots: dict[str, list[dict[str, Any]]] = {}
    for cell in nb["cells"]:
        meta = cell.get("metadata", {}).get("jaxgrade", {})
        if meta.get("role") == "answer" and meta.get("exercise") in cells:
            slots.setdefault(meta["exercise"], []).append(cell)
    for ex, texts in cells.items():
        for i, cell in enumerate(slots[ex]):
            if i < len(texts):
                cell["source"] = texts[i] if i < len(slots[ex]) - 1 else "\n\n".join(texts[i:])
            else:
                cell["source"] = ""
    return nb


def fill_notebook(released: dict[str, Any], answers: dict[str, Answer]) -> dict[str, Any]:
    """A copy of the released notebook whose answer cells hold `answers` (exercise -> answer)."""

    def cells(answer: Answer) -> list[str]:
        kernel = [f"%%writefile silu.cc\n{answer.kernel}"] if answer.kernel is not None else []
        return [*kernel, answer.python]

    return fill_answer_cells(released, {ex: cells(answer) for ex, answer in answers.items()})


def write_student(folder: Path, student_id: str, release_root: Path, answers: dict[str, Answer]) -> None:
    """`folder/<student_id>/` with both chapter notebooks holding `answers`."""
    from autograder.exercises import CHAPTERS

    manifest = json.loads((release_root / "manifest.json").read_text(encoding="utf-8"))
    target = folder / student_id
    target.mkdir(parents=True, exist_ok=True)
    for chapter, name in manifest["notebooks"].items():
        released = json.loads((release_root / name).read_text(encoding="utf-8"))
        mine = {ex: a for ex, a in answers.items() if ex in CHAPTERS[chapter]}
        (target / name).write_text(json.dumps(fill_notebook(released, mine)), encoding="utf-8")
