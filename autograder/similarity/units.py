"""What is compared: per student, each exercise's answer cells and the C++ kernel (trusted side).

Submissions are read by the grader's own intake (`grade/intake.py`, same ids, same refusals) and
mapped onto exercises by the grader's own cell mapping (`grade/cells.py`); the kernel is the source
the `silu_ffi` probe would build (`grade/build.py`: `%%writefile` cells and submitted `.cc` files).
Nothing is executed. A unit is one of
  * an exercise id: the exercise's Python answer cells, `%%writefile` cells and IPython magic or
    shell lines left out (they are boilerplate, or the kernel);
  * `KERNEL_UNIT` (`silu.cc`): the chosen kernel source, its `%%writefile` line not part of it.
What is subtracted per unit (`Subtracted`): the release notebook's cells of that exercise (starter
code, statements, self-checks), for `recompile` every pool sequence (each student is shown another
one by design), and, for pair comparisons, the master's reference answer.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from autograder import registry
from autograder.exercises import CHAPTERS, EXERCISE_IDS
from autograder.grade.build import choose_kernel, find_kernel_sources
from autograder.grade.cells import AnswerCell, cell_source, map_cells
from autograder.grade.intake import discover, intake_student
from autograder.grade.run.behaviour_read import KERNEL_UNIT
from autograder.model import ReleaseInfo, StudentSubmission

UNITS = (*EXERCISE_IDS, KERNEL_UNIT)


def language_of(unit: str) -> str:
    return "cpp" if unit == KERNEL_UNIT else "python"


def units_of(exercises: Iterable[str]) -> tuple[str, ...]:
    """The units of an assignment's exercises: each of them, and the kernel when one of them builds it."""
    from autograder.exercises import load

    wanted = set(exercises)
    kernel = any(load(ex).EXERCISE.kernel_probe for ex in wanted)
    return tuple(u for u in UNITS if u in wanted or (u == KERNEL_UNIT and kernel))


@dataclass(frozen=True)
class StudentUnits:
    student_id: str
    units: dict[str, str]  # unit -> source text (only units the student answered)
    notes: tuple[str, ...] = ()  # why something of this student is not compared (English, for the TA)


@dataclass(frozen=True)
class Subtracted:
    """Texts whose k-grams are removed per unit: `template` always, `reference` from pair scores."""

    template: dict[str, list[tuple[str, str]]] = field(default_factory=dict)  # unit -> [(origin, text)]
    reference: dict[str, str] = field(default_factory=dict)  # unit -> the master's answer


def python_answer(cells: Iterable[AnswerCell]) -> str:
    """An exercise's answer cells as one Python text, without `%%` cells and `%`/`!` lines."""
    parts = []
    for cell in cells:
        if cell.source.lstrip().startswith("%%"):
            continue
        lines = [ln for ln in cell.source.split("\n") if not ln.lstrip().startswith(("%", "!"))]
        parts.append("\n".join(lines))
    return "\n\n".join(parts).strip("\n")


def _chapter_units(
    chapter: str, release_nb: dict[str, Any], nb: dict[str, Any], extra_files: dict[str, bytes]
) -> dict[str, str]:
    mapped = map_cells(chapter, release_nb, nb)
    units = {ex: text for ex, cells in mapped.answers.items() if (text := python_answer(cells)).strip()}
    for ex in registry.source_writing_exercises():  # the exercise whose answer writes the kernel source
        if ex in mapped.answers:
            kernel = choose_kernel(find_kernel_sources(mapped.answers[ex], extra_files))
            if kernel is not None:
                units[KERNEL_UNIT] = kernel.text.decode("utf-8", "replace")
    return units


def _release_notebooks(release: ReleaseInfo) -> dict[str, dict[str, Any]]:
    return {ch: json.loads(path.read_text(encoding="utf-8")) for ch, path in release.notebooks.items()}


def student_units(sub: StudentSubmission, release_nbs: dict[str, dict[str, Any]]) -> StudentUnits:
    if sub.status != "ok":
        return StudentUnits(sub.student_id, {}, (f"not compared: intake status {sub.status}",))
    units: dict[str, str] = {}
    notes: list[str] = []
    for chapter, nb in sorted(sub.notebooks.items()):
        try:
            units.update(_chapter_units(chapter, release_nbs[chapter], nb.notebook, sub.extra_files))
        except (RecursionError, ValueError, TypeError, KeyError) as exc:  # a hostile structure
            notes.append(f"{chapter} not compared: its cells could not be mapped ({type(exc).__name__})")
    return StudentUnits(sub.student_id, units, tuple(notes))


def read_students(submissions: Path, release: ReleaseInfo) -> list[StudentUnits]:
    """Every student of a SUBMISSIONS folder, by id, as `jaxgrade grade` reads them."""
    release_nbs = _release_notebooks(release)
    found = discover(submissions).students
    out = []
    for sid in sorted(found):
        try:
            sub = intake_student(sid, found[sid], release_version=release.version)
        except (
            Exception
        ) as exc:  # intake promises not to raise on bad input; one student never stops the rest
            out.append(StudentUnits(sid, {}, (f"not compared: intake failed ({type(exc).__name__})",)))
            continue
        out.append(student_units(sub, release_nbs))
    return out


def _pool_sequences(release: ReleaseInfo) -> list[str]:
    path = release.root / "jaxcourse" / "recompile_pool.json"
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    seqs = doc.get("sequences") if isinstance(doc, dict) else None
    return [s for s in seqs if isinstance(s, str)] if isinstance(seqs, list) else []


def _release_template(chapter: str, nb: dict[str, Any]) -> dict[str, list[tuple[str, str]]]:
    """Per unit, every code cell of the release attributed to it (starter code, self-checks, ...)."""
    out: dict[str, list[tuple[str, str]]] = {}
    exercises = CHAPTERS[chapter]
    for i, cell in enumerate(nb.get("cells", [])):
        md = cell.get("metadata", {}).get("jaxgrade", {}) if isinstance(cell, dict) else {}
        ex = md.get("exercise") if isinstance(md, dict) else None
        if cell.get("cell_type") != "code" or ex not in exercises:
            continue
        src = cell_source(cell)
        if src.lstrip().startswith("%%writefile"):
            out.setdefault(KERNEL_UNIT, []).append((f"release cell {i + 1}", src.split("\n", 1)[-1]))
        else:
            out.setdefault(ex, []).append((f"release cell {i + 1}", src))
    return out


def subtracted(release: ReleaseInfo, solutions: Path | None) -> Subtracted:
    """The release's cells per unit, the recompile pool, and the masters' answers when `solutions`
    holds them (same file names as the release's notebooks)."""
    release_nbs = _release_notebooks(release)
    template: dict[str, list[tuple[str, str]]] = {}
    for chapter, nb in release_nbs.items():
        for unit, texts in _release_template(chapter, nb).items():
            template.setdefault(unit, []).extend(texts)
    for ex in registry.variant_exercises():  # every student is shown one of the pool's variants
        template.setdefault(ex, []).extend(
            (f"{ex} pool sequence {i + 1}", s) for i, s in enumerate(_pool_sequences(release))
        )
    reference: dict[str, str] = {}
    for chapter, path in release.notebooks.items():
        master = solutions / path.name if solutions is not None else None
        if master is None or not master.is_file():
            continue
        units = _chapter_units(
            chapter, release_nbs[chapter], json.loads(master.read_text(encoding="utf-8")), {}
        )
        reference.update(units)
    return Subtracted(template, reference)
