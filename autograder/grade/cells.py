"""Map a student's chapter notebook onto what the grader runs (trusted side, reads untrusted data).

Given the release's student notebook and the student's copy, produce
  * the setup cells: always the RELEASE's copy (role "setup"), never the student's;
  * per exercise of the chapter, the student's answer code cells, in notebook order.

Attribution, in order of precedence (docs/architecture.md, "Notebook cell metadata"):
  1. a cell's own `metadata.jaxgrade` (role/exercise);
  2. metadata stripped: a cell whose text equals a release cell inherits that cell's metadata
     (statements, self-checks, setup and untouched templates are recognised this way);
  3. a code cell without (recovered) metadata that defines an exercise's interface names
     (see `sign`) goes to that exercise, wherever it stands;
  4. any other code cell goes to the exercise of the nearest preceding attributed cell (cells before
     the first exercise go to the chapter's first exercise, so they run before every probe).
Skipped: setup, self-check and submit cells (`jaxcourse.submit()`, role "submit": it uploads, the
grader never runs it), the quiz helper cells (role "quiz", and `show_quiz`/`check_quiz` lines
anywhere; quiz answers are Markdown/Raw cells read as text by jaxcourse/quiz_answers.py, never run),
cells equal to a release setup/self-check/submit cell, cells of
only comments (an untouched answer template), otter's `grader.check(...)` / `otter.Notebook(...)`
lines, non-code cells (an answer cell retyped to Markdown simply gives that exercise no code).

Bounded work on hostile text (rule 3 is the only costly step). IPython's input transformer
re-tokenises a cell once per `!`/`%` line (quadratic: 400 such lines cost a second; the one-pass
version of sandboxed/ipython_transform.py, which the grading child uses too, is linear), and `ast`
needs memory in proportion to a cell and raises RecursionError on deep nesting (`1+1+...` with a
thousand terms). So a cell is transformed only when it has at most MAX_MAGIC_LINES magic lines and
they fit the notebook's MAGIC_LINES_PER_NOTEBOOK (else `ast` reads the raw text, which for such a
cell fails and leaves the line pattern below), and read as Python only when it is at most
MAX_ANALYSED_CELL_CHARS long and fits the notebook's ANALYSED_CHARS_PER_NOTEBOOK budget; other
cells, and cells whose parse or walk fails (RecursionError and MemoryError included), are read with
a line pattern (`def name`, `class name`, `name =` at the start of a line; linear). Cells past a cap
are attributed by position (rule 4) and named in one student note (`cell_not_analysed`, or
`cells_not_analysed` for several): one note per kind however many cells, as for ignored setup cells.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from autograder import registry
from autograder.exercises import CHAPTERS
from autograder.grade import ipython_once
from autograder.messages import message


@dataclass(frozen=True)
class AnswerCell:
    index: int  # 0-based position in the student's notebook (messages show index + 1)
    source: str


@dataclass(frozen=True)
class ChapterCells:
    chapter: str
    setup: tuple[str, ...]  # release setup code, in order
    answers: dict[str, tuple[AnswerCell, ...]]  # every exercise id of the chapter (maybe empty)
    attribution: str  # "metadata" | "recovered" (matched to release text) | "names" (interface names only)
    notes_zh: tuple[str, ...] = ()


@dataclass(frozen=True)
class Sign:
    """How a code cell shows it answers an exercise when metadata is missing."""

    defines: tuple[str, ...] = ()  # binds one of these names (def, class, assignment, import as)
    registers_on: tuple[str, ...] = ()  # `table[name] = rule` or `ad.defjvp(name, ...)`-style calls
    writes_suffixes: tuple[str, ...] = ()  # a `%%writefile <file>` cell with one of these suffixes


def sign(exercise_id: str) -> Sign:
    """The exercise's sign, from its registry entry (read per call: exercises registered late count)."""
    e = registry.entry(exercise_id)
    if e.registers_rules:
        return Sign(registers_on=(e.interface,), writes_suffixes=e.writes_sources)
    return Sign(defines=(e.interface,), writes_suffixes=e.writes_sources)


MAX_ANALYSED_CELL_CHARS = 100_000  # longer code cells are not read as Python (master answers: < 5 KB)
MAX_MAGIC_LINES = 50  # `!`/`%` lines IPython's transformer rewrites per cell (its cost is quadratic)
ANALYSED_CHARS_PER_NOTEBOOK = 500_000  # code read as Python per chapter notebook (masters: < 50 KB)
MAGIC_LINES_PER_NOTEBOOK = 500  # magic lines transformed per chapter notebook
_MAGIC_LINE = re.compile(r"^[ \t]*[!%]|=[ \t]*[!%]", re.M)
_DEF_LINE = re.compile(r"^(?:def|class)\s+(\w+)|^(\w+)\s*[:=]", re.M)
_REGISTER_LINE = re.compile(r"\[\s*(\w+)\s*\]\s*=")

_OTTER_LINE = re.compile(
    r"^\s*(import\s+otter\s*|grader\s*=\s*otter\.Notebook\(.*\)\s*|grader\.\w+\(.*\)\s*)(#.*)?$")
# The quiz helper lines of the quiz code cells (role "quiz"): they only print, the grader never runs them
# even when the cell lost its metadata and the student changed the id in it.
_QUIZ_LINE = re.compile(
    r"^\s*(from\s+jaxcourse\.quiz\s+import\s+[\w\s,()]+|(jaxcourse\.quiz\.)?(show_quiz|check_quiz)\(.*\)\s*)(#.*)?$")
_WRITEFILE = re.compile(r"^%%writefile\s+(?:(?:-a|--append)\s+)?[\"']?([^\"'\s]+)[\"']?\s*$")


def cell_source(cell: dict[str, Any]) -> str:
    src = cell.get("source", "")
    if isinstance(src, list):
        src = "".join(s for s in src if isinstance(s, str))
    return src if isinstance(src, str) else ""


def normalize(src: str) -> str:
    """Text used to compare cells: newline style, trailing spaces and blank edges do not matter."""
    lines = src.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return "\n".join(line.rstrip() for line in lines).strip("\n")


def strip_otter(src: str) -> str:
    """Drop otter's `import otter` / `grader = otter.Notebook(...)` / `grader.check(...)` lines."""
    if "otter" not in src and "grader." not in src:
        return src
    kept = [line for line in src.split("\n") if not _OTTER_LINE.match(line)]
    return "\n".join(kept)


def strip_quiz(src: str) -> str:
    """Drop the quiz helper lines (`from jaxcourse.quiz import ...`, `show_quiz(...)`, `check_quiz(...)`)."""
    if "quiz" not in src:
        return src
    return "\n".join(line for line in src.split("\n") if not _QUIZ_LINE.match(line))


def _inert(src: str) -> bool:
    """Only blank lines and comments (e.g. an untouched answer template): nothing to run."""
    return all(not line.strip() or line.lstrip().startswith("#") for line in src.split("\n"))


def _meta(cell: dict[str, Any], exercises: tuple[str, ...]) -> tuple[str, str | None] | None:
    md = cell.get("metadata")
    jg = md.get("jaxgrade") if isinstance(md, dict) else None
    if not isinstance(jg, dict) or not isinstance(jg.get("role"), str):
        return None
    role, ex = jg["role"], jg.get("exercise")
    if role in ("setup", "submit", "quiz"):
        return role, None
    if role in ("statement", "answer", "selfcheck") and ex in exercises:
        return role, ex
    return None


def _cells(nb: dict[str, Any]) -> list[dict[str, Any]]:
    cells = nb.get("cells") if isinstance(nb, dict) else None
    return [c for c in cells if isinstance(c, dict)] if isinstance(cells, list) else []


@lru_cache(maxsize=256)  # bounded: a batch sees thousands of cells
def _python_text(src: str) -> str | None:
    """The cell as plain Python (IPython magics rewritten, in time linear in the cell: the grading
    child's shell transforms it the same way), or None if that fails."""
    try:
        ipython_once.load()
        from autograder.sandboxed.ipython_transform import linear_manager

        return linear_manager().transform_cell(src)
    except Exception:  # IPython's transformer may choke on arbitrary text
        return None


class _Binder(ast.NodeVisitor):
    """Names a cell binds at module level, and names it registers rules on (function bodies skipped)."""

    def __init__(self) -> None:
        self.bound: set[str] = set()
        self.registered: set[str] = set()

    @staticmethod
    def _names(node: ast.AST) -> set[str]:
        return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) -> None:
        self.bound.add(node.name)

    visit_AsyncFunctionDef = visit_FunctionDef
    visit_ClassDef = visit_FunctionDef

    def visit_Lambda(self, node: ast.Lambda) -> None:
        return None

    def visit_Import(self, node: ast.Import | ast.ImportFrom) -> None:
        self.bound.update((a.asname or a.name).split(".")[0] for a in node.names)

    visit_ImportFrom = visit_Import

    def visit_Name(self, node: ast.Name) -> None:
        if isinstance(node.ctx, ast.Store):
            self.bound.add(node.id)

    def visit_Subscript(self, node: ast.Subscript) -> None:
        if isinstance(node.ctx, ast.Store):  # ad.primitive_jvps[p] = rule
            self.registered |= self._names(node.slice)
        self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> None:
        func = node.func
        if isinstance(func, ast.Attribute):
            if func.attr.startswith("def") and node.args:  # ad.defjvp(p, ...), ad.deflinear2(p, ...)
                self.registered |= self._names(node.args[0])
            if isinstance(func.value, ast.Name):  # p.def_impl(...)
                self.registered.add(func.value.id)
        self.generic_visit(node)


class AnalysisBudget:
    """How much code of one notebook may still be read as Python (see the module doc)."""

    def __init__(self, chars: int = ANALYSED_CHARS_PER_NOTEBOOK, magic_lines: int = MAGIC_LINES_PER_NOTEBOOK):
        self.chars, self.magic_lines = chars, magic_lines

    def take(self, src: str) -> bool:
        """Whether `src` may be read as Python; charges it to the budget when it may."""
        if len(src) > MAX_ANALYSED_CELL_CHARS or len(src) > self.chars:
            return False
        self.chars -= len(src)
        return True

    def take_magics(self, lines: int) -> bool:
        """Whether IPython's transformer may rewrite a cell of `lines` magic lines; charges them."""
        if lines > MAX_MAGIC_LINES or lines > self.magic_lines:
            return False
        self.magic_lines -= lines
        return True


@dataclass(frozen=True)
class CellNames:
    """What one code cell defines: names it binds, names it registers on, and whether it was read
    as Python within the caps (else from line patterns only)."""

    bound: frozenset[str]
    registered: frozenset[str]
    analysed: bool


@dataclass(frozen=True)
class SignedCell:
    """The exercises (in chapter order) whose interface one cell defines, and whether it was read
    within the caps."""

    exercises: tuple[str, ...]
    analysed: bool


def _by_pattern(src: str, analysed: bool) -> CellNames:
    """Names bound and registered on, from line patterns only (linear in the cell)."""
    bound = frozenset(a or b for a, b in _DEF_LINE.findall(src))
    return CellNames(bound, frozenset(_REGISTER_LINE.findall(src)), analysed)


def _bound_and_registered(src: str, budget: AnalysisBudget) -> CellNames:
    """The cell's names, read as Python when the budget allows it."""
    if src.startswith("%%"):  # %%time, %%capture, ...: the body is the Python that runs
        src = src.split("\n", 1)[1] if "\n" in src else ""
    if not budget.take(src):
        return _by_pattern(src, False)
    many_magics = not budget.take_magics(len(_MAGIC_LINE.findall(src)))
    text = None if many_magics else _python_text(src)
    try:
        tree = ast.parse(text if text is not None else src)
        binder = _Binder()
        binder.visit(tree)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return _by_pattern(src, not many_magics)
    return CellNames(frozenset(binder.bound), frozenset(binder.registered), not many_magics)


def signed_exercises(src: str, exercises: tuple[str, ...], budget: AnalysisBudget | None = None) -> list[str]:
    """Exercises (in chapter order) whose interface this code cell defines or registers."""
    return list(_signs(src, exercises, budget or AnalysisBudget()).exercises)


def _signs(src: str, exercises: tuple[str, ...], budget: AnalysisBudget) -> SignedCell:
    first = src.lstrip("\n").split("\n", 1)[0].strip()
    m = _WRITEFILE.match(first)
    if m:
        name = m.group(1)
        return SignedCell(tuple(ex for ex in exercises if name.endswith(sign(ex).writes_suffixes)), True)
    names = _bound_and_registered(src, budget)
    signed = tuple(ex for ex in exercises
                   if names.bound & set((sg := sign(ex)).defines)
                   or names.registered & set(sg.registers_on))  # fmt: skip
    return SignedCell(signed, names.analysed)


@dataclass(frozen=True)
class _ReleaseView:
    setup: tuple[str, ...]
    by_text: dict[str, tuple[str, str | None]] = field(default_factory=dict)  # normalized text -> (role, ex)
    skip_texts: frozenset[str] = frozenset()  # setup and self-check texts


def _release_view(chapter: str, release_nb: dict[str, Any]) -> _ReleaseView:
    exercises = CHAPTERS[chapter]
    setup: list[str] = []
    by_text: dict[str, tuple[str, str | None]] = {}
    skip: set[str] = set()
    for cell in _cells(release_nb):
        meta = _meta(cell, exercises)
        if meta is None:
            continue
        src = cell_source(cell)
        norm = normalize(src)
        if norm:
            by_text.setdefault(norm, meta)
        if cell.get("cell_type") == "code":
            if meta[0] == "setup":
                code = strip_otter(src)
                if code.strip():
                    setup.append(code)
            if meta[0] in ("setup", "selfcheck", "submit", "quiz"):
                skip.add(norm)
    return _ReleaseView(tuple(setup), by_text, frozenset(skip))


def map_cells(chapter: str, release_nb: dict[str, Any], student_nb: dict[str, Any]) -> ChapterCells:
    """Setup cells (release copy) and each exercise's student answer cells, see the module doc."""
    exercises = CHAPTERS[chapter]
    release = _release_view(chapter, release_nb)
    answers: dict[str, list[AnswerCell]] = {ex: [] for ex in exercises}
    setup_ignored: list[int] = []  # 0-based cells; one note per kind, whatever the count
    not_analysed: list[int] = []
    cells = _cells(student_nb)
    own_meta = [_meta(c, exercises) for c in cells]
    recovered = False
    current: str | None = None
    budget = AnalysisBudget()
    for i, (cell, meta) in enumerate(zip(cells, own_meta, strict=True)):
        src = cell_source(cell)
        norm = normalize(src)
        if meta is None and norm in release.by_text:
            meta = release.by_text[norm]
            recovered = True
        role, ex = meta if meta is not None else (None, None)
        if ex is not None:
            current = ex
        if cell.get("cell_type") != "code" or not norm:
            continue
        if role == "setup":
            if norm not in release.skip_texts:
                setup_ignored.append(i)
            continue
        if role in ("selfcheck", "submit", "quiz") or norm in release.skip_texts:
            continue
        code = strip_quiz(strip_otter(src))
        if _inert(code):
            continue
        if role == "answer" and ex is not None:
            target = ex
        else:
            cell = _signs(code, exercises, budget)
            signed = cell.exercises
            if not cell.analysed:
                not_analysed.append(i)
            target = signed[0] if signed else (current or exercises[0])
            current = target
        answers[target].append(AnswerCell(i, code))
    if any(m is not None for m in own_meta):
        attribution = "metadata"
    elif recovered:
        attribution = "recovered"
    else:
        attribution = "names"
    return ChapterCells(chapter, release.setup, {ex: tuple(cs) for ex, cs in answers.items()}, attribution,
                        cell_notes(setup_ignored, not_analysed))


NOTE_CELLS_SHOWN = 10  # cell numbers one note lists; the rest are counted


def _cell_numbers(cells: list[int]) -> str:
    """'3, 5, 7' (1-based), at most NOTE_CELLS_SHOWN numbers then '…'."""
    shown = ", ".join(str(i + 1) for i in cells[:NOTE_CELLS_SHOWN])
    return shown + (", …" if len(cells) > NOTE_CELLS_SHOWN else "")


def cell_notes(setup_ignored: list[int], not_analysed: list[int]) -> tuple[str, ...]:
    """The student's notes about cells: one per kind, however many cells it is about (a notebook of
    thousands of cells gets two notes, not thousands: the result's notes are capped)."""
    notes = []
    if len(setup_ignored) == 1:
        notes.append(message("setup_ignored", cell=setup_ignored[0] + 1))
    elif setup_ignored:
        notes.append(message("setup_cells_ignored", count=len(setup_ignored),
                             cells=_cell_numbers(setup_ignored)))
    caps = {"chars": MAX_ANALYSED_CELL_CHARS, "magics": MAX_MAGIC_LINES}
    if len(not_analysed) == 1:
        notes.append(message("cell_not_analysed", cell=not_analysed[0] + 1, **caps))
    elif not_analysed:
        notes.append(message("cells_not_analysed", count=len(not_analysed), cells=_cell_numbers(not_analysed),
                             **caps))
    return tuple(notes)
