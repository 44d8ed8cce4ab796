"""Read an otter-format master notebook the way `otter assign` reads it (instructor side).

Uses otter's own block predicates, so "which cells are solution, test or plain cells" means the
same thing here as in `otter assign`. Produces what the release needs besides otter's output:
the questions (exercise id, points), the answer lines (to prove they did not ship), and the cells
that survive into the student notebook (to check / restore their `jaxgrade` metadata).
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import nbformat

from autograder.exercises import CHAPTERS, EXERCISE_IDS
from autograder.quiz.key import PUBLIC_FIELDS, QuizKeyError, QuizQuestion, answer_lines, question_from_meta

DEFAULT_POINTS = 10.0

# Lenient versions of otter's markers: a typo such as "#BEGIN SOLUTION" makes otter keep the
# answer, so it must still count as an answer region here (and the leak check then stops the release).
_BEGIN_SOLUTION = re.compile(r"#\s*BEGIN\s+SOLUTION", re.IGNORECASE)
_END_SOLUTION = re.compile(r"#\s*END\s+SOLUTION", re.IGNORECASE)
# otter replaces any line containing "# SOLUTION" (regex `.* ?# ?SOLUTION`); the answer precedes it.
_SOLUTION_INLINE = re.compile(r"\s*#\s*SOLUTION\b.*$", re.IGNORECASE)
_MARKER_ONLY = re.compile(r"^\s*#\s*(BEGIN|END)\s+(SOLUTION|PROMPT)(\s+NO\s+PROMPT)?\s*$", re.IGNORECASE)


class MasterError(ValueError):
    """The master notebook is not a valid jaxgrade/otter master."""


@dataclass(frozen=True)
class Question:
    id: str
    chapter: str
    points: float


@dataclass(frozen=True)
class SurvivingCell:
    """A master cell that `otter assign` carries into the student notebook (same order)."""

    index: int  # position in the master
    cell_type: str
    source: str
    jaxgrade: dict[str, Any] | None  # the cell's metadata["jaxgrade"], if any


@dataclass
class MasterNotebook:
    path: Path
    chapter: str
    sha256: str
    config: dict[str, Any]
    questions: list[Question] = field(default_factory=list)
    answer_lines: dict[str, list[str]] = field(default_factory=dict)  # exercise -> stripped lines
    public_lines: set[str] = field(default_factory=set)  # stripped lines shown to students anyway
    surviving: list[SurvivingCell] = field(default_factory=list)
    answer_sources: dict[str, list[str]] = field(default_factory=dict)  # exercise -> code cell sources
    quiz: list[QuizQuestion] = field(default_factory=list)  # the chapter's quiz key, in notebook order
    quiz_answer_cells: dict[str, int] = field(default_factory=dict)  # question id -> answer cells


def _source(cell: Any) -> str:
    src = cell.get("source", "")
    return "".join(src) if isinstance(src, list) else str(src)


def _solution_lines(source: str) -> tuple[list[str], list[str]]:
    """Split a solution cell into (answer lines, scaffold lines), both stripped, markers removed."""
    answer: list[str] = []
    scaffold: list[str] = []
    inside = False
    for line in source.splitlines():
        if _BEGIN_SOLUTION.search(line):
            inside = True
            continue
        if _END_SOLUTION.search(line):
            inside = False
            continue
        if _MARKER_ONLY.match(line):
            continue
        if inside:
            answer.append(line.strip())
        elif _SOLUTION_INLINE.search(line):
            answer.append(_SOLUTION_INLINE.sub("", line).strip())
        else:
            scaffold.append(line.strip())
    return answer, scaffold


def _points(value: Any, qname: str) -> float:
    if value is None:
        return DEFAULT_POINTS
    if isinstance(value, bool):
        raise MasterError(f"question {qname}: points must be a number, got {value!r}")
    if isinstance(value, int | float):
        return float(value)
    if isinstance(value, list) and all(isinstance(v, int | float) for v in value):
        return float(sum(value))
    raise MasterError(f"question {qname}: unsupported points value {value!r} (use a number)")


def _begin_question(master: MasterNotebook, qconf: Any, where: str) -> str:
    """The exercise id a BEGIN QUESTION cell opens (its config `qconf`), added to `master.questions`."""
    if not isinstance(qconf, dict) or not qconf.get("name"):
        raise MasterError(f"{where}: BEGIN QUESTION without a name")
    question = str(qconf["name"])
    if question not in EXERCISE_IDS:
        raise MasterError(f"{where}: unknown exercise id {question!r}")
    if question not in CHAPTERS[master.chapter]:
        raise MasterError(f"{where}: exercise {question} belongs to another chapter")
    if any(q.id == question for q in master.questions):
        raise MasterError(f"{where}: question {question} defined twice")
    master.questions.append(Question(question, master.chapter, _points(qconf.get("points"), question)))
    return question


def _take_solution_cell(
    master: MasterNotebook, i: int, cell: Any, src: str, question: str, include_tag: str
) -> None:
    """A cell of `question`'s solution block: its answer lines are recorded; it survives into the
    student notebook unless it is a markdown answer without otter's include tag."""
    if cell.cell_type == "markdown":
        if include_tag not in cell.metadata.get("tags", []):
            master.answer_lines.setdefault(question, []).extend(line.strip() for line in src.splitlines())
            return  # removed from the student notebook
        master.public_lines.update(line.strip() for line in src.splitlines())
    elif cell.cell_type == "code":
        answer, scaffold = _solution_lines(src)
        master.answer_lines.setdefault(question, []).extend(answer)
        master.public_lines.update(scaffold)
        master.answer_sources.setdefault(question, []).append(src)
    master.surviving.append(SurvivingCell(i, cell.cell_type, src, cell.metadata.get("jaxgrade")))


def _take_quiz_cell(master: MasterNotebook, cell: Any, src: str, where: str) -> dict[str, Any] | None:
    """The cell's jaxgrade metadata as it may ship; a quiz prompt cell's key goes to `master.quiz`."""
    jaxgrade = cell.metadata.get("jaxgrade")
    if not isinstance(jaxgrade, dict):
        return jaxgrade
    role = jaxgrade.get("role")
    if role == "quiz_answer":
        qid = str(jaxgrade.get("question"))
        master.quiz_answer_cells[qid] = master.quiz_answer_cells.get(qid, 0) + 1
    if role != "quiz_question":
        return jaxgrade
    if cell.cell_type != "markdown":
        raise MasterError(f"{where}: a quiz question must be a Markdown cell")
    try:
        question = question_from_meta(dict(jaxgrade), src, master.chapter)
    except QuizKeyError as exc:
        raise MasterError(f"{where}: {exc}") from exc
    if any(q.id == question.id for q in master.quiz):
        raise MasterError(f"{where}: quiz question {question.id} defined twice")
    master.quiz.append(question)
    master.answer_lines.setdefault(question.id, []).extend(answer_lines(question))
    return {k: jaxgrade[k] for k in PUBLIC_FIELDS}


def read_master(path: Path) -> MasterNotebook:
    """Parse one master notebook; raises MasterError with the cell index on a structural problem."""
    # otter.assign pulls in pandas; keep it out of `jaxgrade --help` and `jaxgrade grade`.
    from otter.assign.blocks import (
        BlockType,
        get_cell_config,
        is_assignment_config_cell,
        is_block_boundary_cell,
    )
    from otter.assign.solutions import OTTER_INCLUDE_TAG
    from otter.assign.utils import is_ignore_cell

    raw = path.read_bytes()
    nb = nbformat.reads(raw.decode("utf-8"), as_version=4)
    meta = nb.metadata.get("jaxgrade") or {}
    chapter = meta.get("chapter")
    if chapter not in CHAPTERS:
        raise MasterError(
            f"{path.name}: notebook metadata jaxgrade.chapter must be one of "
            f"{sorted(CHAPTERS)}, got {chapter!r}"
        )
    master = MasterNotebook(path=path, chapter=chapter, sha256=hashlib.sha256(raw).hexdigest(), config={})

    fenced = any("```otter" in _source(c) for c in nb.cells)
    if fenced:
        raise MasterError(f"{path.name}: fenced ```otter cells are not supported; use raw cells")

    stack: list[BlockType] = []
    question: str | None = None
    config: dict[str, Any] = {}
    for i, cell in enumerate(nb.cells):
        if is_ignore_cell(cell):
            continue
        if is_assignment_config_cell(cell):
            config.update(get_cell_config(cell) or {})
            continue
        if stack and is_block_boundary_cell(cell, stack[-1], end=True):
            if stack.pop() is BlockType.QUESTION:
                question = None
            continue
        begin = next((bt for bt in BlockType if is_block_boundary_cell(cell, bt)), None)
        if begin is not None:
            if begin is BlockType.QUESTION:
                question = _begin_question(master, get_cell_config(cell), f"{path.name} cell {i}")
            stack.append(begin)
            continue

        block = stack[-1] if stack else None
        src = _source(cell)
        if block is BlockType.TESTS:
            master.public_lines.update(line.strip() for line in src.splitlines())
            continue  # consumed: becomes a test file
        if block is BlockType.SOLUTION:
            assert question is not None  # otter rejects a solution block outside a question
            _take_solution_cell(master, i, cell, src, question, OTTER_INCLUDE_TAG)
            continue
        if config.get("strip_solutions_from_all_cells") and cell.cell_type == "code":
            answer, scaffold = _solution_lines(src)
            if question is not None:
                master.answer_lines.setdefault(question, []).extend(answer)
            master.public_lines.update(scaffold)
        else:
            master.public_lines.update(line.strip() for line in src.splitlines())
        jaxgrade = _take_quiz_cell(master, cell, src, f"{path.name} cell {i}")
        master.surviving.append(SurvivingCell(i, cell.cell_type, src, jaxgrade))

    if stack:
        raise MasterError(f"{path.name}: unclosed {stack[-1].value} block at the end of the notebook")
    master.config = config
    tests = config.get("tests") or {}
    if not tests.get("files") or tests.get("ok_format", True):
        raise MasterError(
            f"{path.name}: the ASSIGNMENT CONFIG must set tests: {{files: true, ok_format: false}}"
        )
    return master


def find_masters(solutions: Path) -> dict[str, MasterNotebook]:
    """chapter -> master notebook, exactly one per chapter among solutions/*.ipynb."""
    found: dict[str, MasterNotebook] = {}
    paths = sorted(p for p in solutions.glob("*.ipynb") if not p.name.startswith("."))
    if not paths:
        raise MasterError(f"no master notebooks (*.ipynb) in {solutions}")
    for p in paths:
        m = read_master(p)
        if m.chapter in found:
            raise MasterError(f"two masters for {m.chapter}: {found[m.chapter].path.name} and {p.name}")
        found[m.chapter] = m
    missing = sorted(set(CHAPTERS) - set(found))
    if missing:
        raise MasterError(f"no master notebook for chapter(s) {missing} in {solutions}")
    return found
