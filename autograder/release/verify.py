"""Static checks a release must pass before it goes out (instructor side).

- the manifest lists all 8 exercises and both chapters, and its hashes match the files;
- each notebook has, per exercise, an answer cell (tag `otter_answer_cell`, role answer) and one
  self-check cell, no outputs, and the release metadata;
- each exercise has a public otter test file and no hidden test case shipped;
- no line of any answer (solution region of a master) survives in any released file.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from autograder.exercises import CHAPTERS, EXERCISE_IDS
from autograder.release.masters import MasterNotebook

ANSWER_TAG = "otter_answer_cell"
MANIFEST = "manifest.json"
_MIN_DISTINCTIVE = 8  # shorter lines ("return x", "pass") are not evidence of a leak
_WORDY = re.compile(r"[A-Za-z0-9\u4e00-\u9fff]")


@dataclass(frozen=True)
class Leak:
    exercise: str
    file: str  # path relative to the release folder (notebook: "name.ipynb#cell<i>")
    line_no: int
    text: str


def sha256_file(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def released_files(root: Path) -> list[Path]:
    """Every file of a release except the manifest, sorted by relative path."""
    return sorted(
        (p for p in root.rglob("*") if p.is_file() and p.name != MANIFEST),
        key=lambda p: p.relative_to(root).as_posix(),
    )


def _cell_text(cell: dict[str, Any]) -> str:
    parts = ["".join(cell.get("source", ""))]
    for out in cell.get("outputs", []):
        parts.append("".join(out.get("text", "")))
        for value in out.get("data", {}).values():
            parts.append("".join(value) if isinstance(value, list) else str(value))
    return "\n".join(parts)


def text_units(root: Path, path: Path) -> Iterator[tuple[str, str]]:
    """(locator, text) pieces of a released file: one per notebook cell, else the whole file."""
    rel = path.relative_to(root).as_posix()
    data = path.read_bytes()
    if path.suffix == ".ipynb":
        nb = json.loads(data)
        for i, cell in enumerate(nb.get("cells", [])):
            yield f"{rel}#cell{i}", _cell_text(cell)
    else:
        yield rel, data.decode("utf-8", errors="replace")


def distinctive_answer_lines(masters: dict[str, MasterNotebook], shipped_anyway: set[str]) -> dict[str, str]:
    """stripped answer line -> exercise, for lines that would prove a leak if found in a release.

    A line is left out if it is short, has no word characters, or is public anyway (statement,
    setup, scaffold and test lines of any master, or a line of the course library shipped with it).
    """
    public = set(shipped_anyway)
    for m in masters.values():
        public |= m.public_lines
    out: dict[str, str] = {}
    for m in masters.values():
        for ex, lines in m.answer_lines.items():
            for line in lines:
                if len(line) >= _MIN_DISTINCTIVE and _WORDY.search(line) and line not in public:
                    out.setdefault(line, ex)
    return out


def find_leaks(root: Path, answers: dict[str, str]) -> list[Leak]:
    leaks: list[Leak] = []
    for path in released_files(root):
        for locator, text in text_units(root, path):
            for n, line in enumerate(text.splitlines(), 1):
                ex = answers.get(line.strip())
                if ex is not None:
                    leaks.append(Leak(ex, locator, n, line.strip()))
    return leaks


def _check_notebook(root: Path, chapter: str, name: str, version: str) -> list[str]:
    problems: list[str] = []
    path = root / name
    try:
        nb = json.loads(path.read_bytes())
    except (OSError, ValueError) as exc:
        return [f"{name}: unreadable notebook: {exc}"]
    meta = nb.get("metadata", {}).get("jaxgrade", {})
    if meta != {"chapter": chapter, "release": version}:
        problems.append(f"{name}: notebook metadata jaxgrade is {meta!r}")
    answers: dict[str, int] = {}
    checks: dict[str, int] = {}
    for i, cell in enumerate(nb.get("cells", [])):
        jg = cell.get("metadata", {}).get("jaxgrade") or {}
        if cell.get("outputs") or cell.get("execution_count") is not None:
            problems.append(f"{name} cell {i}: has outputs")
        if jg.get("role") == "answer" and cell["cell_type"] == "code":
            if ANSWER_TAG not in cell["metadata"].get("tags", []):
                problems.append(
                    f"{name} cell {i}: answer cell of {jg.get('exercise')} lacks tag {ANSWER_TAG}"
                )
            answers[jg.get("exercise")] = answers.get(jg.get("exercise"), 0) + 1
        if jg.get("role") == "selfcheck" and "exercise" in jg:
            checks[jg["exercise"]] = checks.get(jg["exercise"], 0) + 1
    code = [c for c in nb.get("cells", []) if c.get("cell_type") == "code"]
    last = (code[-1].get("metadata", {}).get("jaxgrade") or {}).get("role") if code else None
    if last != "submit":
        problems.append(f"{name}: the last code cell is not the submit cell (jaxgrade role 'submit')")
    for ex in CHAPTERS[chapter]:
        if not answers.get(ex):
            problems.append(f"{name}: no answer cell for exercise {ex}")
        if checks.get(ex) != 1:
            problems.append(f"{name}: expected one grader.check cell for {ex}, found {checks.get(ex, 0)}")
    return problems


def check_release(root: Path, masters: dict[str, MasterNotebook], shipped_anyway: set[str]) -> list[str]:
    """All static problems of the release folder `root` (empty list: good to go)."""
    problems: list[str] = []
    try:
        manifest = json.loads((root / MANIFEST).read_bytes())
    except (OSError, ValueError) as exc:
        return [f"{MANIFEST}: unreadable: {exc}"]
    version = manifest.get("version")
    ids = [e.get("id") for e in manifest.get("exercises", [])]
    if ids != list(EXERCISE_IDS):
        problems.append(f"{MANIFEST}: exercises are {ids}, expected all of {list(EXERCISE_IDS)}")
    for e in manifest.get("exercises", []):
        if e.get("id") not in CHAPTERS.get(e.get("chapter"), ()):
            problems.append(f"{MANIFEST}: exercise {e.get('id')} has chapter {e.get('chapter')!r}")
        if not isinstance(e.get("points"), int | float) or e["points"] <= 0:
            problems.append(f"{MANIFEST}: exercise {e.get('id')} has points {e.get('points')!r}")
    notebooks = manifest.get("notebooks", {})
    if sorted(notebooks) != sorted(CHAPTERS):
        problems.append(f"{MANIFEST}: notebooks {notebooks} do not cover chapters {sorted(CHAPTERS)}")
    listed = manifest.get("files", {})
    actual = {p.relative_to(root).as_posix(): sha256_file(p) for p in released_files(root)}
    if listed != actual:
        diff = sorted(set(listed) ^ set(actual)) or sorted(k for k in listed if listed[k] != actual.get(k))
        problems.append(f"{MANIFEST}: file hashes do not match the folder: {diff[:10]}")
    for chapter, name in sorted(notebooks.items()):
        if chapter in CHAPTERS:
            problems += _check_notebook(root, chapter, name, str(version))
    for ex in EXERCISE_IDS:
        test = root / "tests" / f"{ex}.py"
        if not test.is_file():
            problems.append(f"tests/{ex}.py: missing (every exercise needs a public self-check)")
        elif re.search(r"hidden\s*=\s*True", test.read_text(encoding="utf-8")):
            problems.append(f"tests/{ex}.py: ships a hidden test case")
    answers = distinctive_answer_lines(masters, shipped_anyway)
    for ex in EXERCISE_IDS:
        if not any(e == ex for e in answers.values()):
            problems.append(f"exercise {ex}: the master has no distinctive answer line in a solution region")
    for leak in find_leaks(root, answers):
        problems.append(
            f"answer of {leak.exercise} survives in {leak.file} line {leak.line_no}: {leak.text!r}"
        )
    return problems
