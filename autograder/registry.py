"""The exercise registry: which exercises exist, their chapter, order and the interface a student defines.

Bottom layer (imports nothing of autograder): the release tool, intake, the gradebook's column
order, the messages and the service all read their exercise and chapter lists from here, so adding
an exercise is one `ExerciseEntry` here plus its modules (the trusted `module` with `EXERCISE`,
`inputs` and `verdict`, the child's probe). What other modules need to know about one exercise
is a field here, never an id in their code (tests/test_exercise_ids_in_one_place.py).

Exercises from outside the package (a course's own, or the tests' fixture in
tests/fixtures/ninth_exercise/) are added without editing this file: the environment variable
`JAXGRADE_EXERCISE_MODULES` names importable modules (comma-separated), each defining `ENTRY` (an
`ExerciseEntry` whose `probe_file` is the child's probe; the grader copies it into the child's
library as `probes/<id>.py`). They are read when this module is imported, so every process of a run
(the CLI, a worker, the service) that inherits the variable sees the same list. `register` adds one
at run time too; call it before importing the engine, whose tables are read from this registry when
they are imported.
"""

from __future__ import annotations

import importlib
import os
from dataclasses import dataclass

EXERCISE_MODULES_ENV = "JAXGRADE_EXERCISE_MODULES"


@dataclass(frozen=True)
class ExerciseEntry:
    id: str
    chapter: str  # "ch02", "ch05", ...: the notebook the exercise is answered in
    interface: str  # the name the student's answer defines (intake infers a chapter from it)
    module: str = ""  # the trusted module with EXERCISE, inputs, verdict (default autograder.exercises.<id>)
    # How a code cell without metadata shows it answers this exercise (grade/cells.py):
    registers_rules: bool = False  # rules registered on the `interface` primitive (`table[name] = rule`)
    writes_sources: tuple[str, ...] = ()  # suffixes of the `%%writefile` files the grader compiles;
    #                                       similarity compares the chosen one as the kernel unit
    student_variants: bool = False  # each student sees their own variant (jaxcourse/variants.py's pool);
    #                                 the trusted module then has `measure_pool(release_root)` too
    probe_file: str = ""  # the child's probe when it lives outside autograder/sandboxed/probes/

    @property
    def module_name(self) -> str:
        return self.module or f"autograder.exercises.{self.id}"


# Order is the gradebook's column order; chapters appear in the order of their first exercise.
_ENTRIES: list[ExerciseEntry] = [
    ExerciseEntry("histogram", "ch02", "primitive_histogram"),
    ExerciseEntry("recompile", "ch02", "predicted_compiles", student_variants=True),
    ExerciseEntry("fusion", "ch02", "fusion_report"),
    ExerciseEntry("safe_distance", "ch02", "safe_pairwise_distance"),
    ExerciseEntry("reduce_sum_rules", "ch05", "custom_reduce_sum_p", registers_rules=True),
    ExerciseEntry("gammaln_callback", "ch05", "gammaln_cb"),
    ExerciseEntry("silu_ffi", "ch05", "silu_ffi", writes_sources=(".cc", ".cpp", ".cxx", ".h", ".hpp")),
    ExerciseEntry("ffi_lowering", "ch05", "rms_norm_prim_p"),
]


def register(entry: ExerciseEntry) -> None:
    """Add an exercise after the built-in ones (ValueError if its id is taken)."""
    if any(e.id == entry.id for e in _ENTRIES):
        raise ValueError(f"exercise {entry.id!r} is already registered")
    _ENTRIES.append(entry)


def _register_from_environment() -> None:
    for name in filter(None, (n.strip() for n in os.environ.get(EXERCISE_MODULES_ENV, "").split(","))):
        entry = getattr(importlib.import_module(name), "ENTRY", None)
        if not isinstance(entry, ExerciseEntry):
            raise TypeError(f"{EXERCISE_MODULES_ENV}: module {name!r} defines no ExerciseEntry named ENTRY")
        if entry.id not in exercise_ids():  # a module named twice registers once
            register(entry)


def entries() -> tuple[ExerciseEntry, ...]:
    return tuple(_ENTRIES)


def entry(exercise_id: str) -> ExerciseEntry:
    for e in _ENTRIES:
        if e.id == exercise_id:
            return e
    raise KeyError(exercise_id)


def exercise_ids() -> tuple[str, ...]:
    return tuple(e.id for e in _ENTRIES)


def chapters() -> dict[str, tuple[str, ...]]:
    """chapter -> its exercise ids, in registry order."""
    out: dict[str, tuple[str, ...]] = {}
    for e in _ENTRIES:
        out[e.chapter] = (*out.get(e.chapter, ()), e.id)
    return out


def chapter_interfaces() -> dict[str, tuple[str, ...]]:
    """chapter -> the interface names its exercises define."""
    out: dict[str, tuple[str, ...]] = {}
    for e in _ENTRIES:
        out[e.chapter] = (*out.get(e.chapter, ()), e.interface)
    return out


def variant_exercises() -> tuple[str, ...]:
    """Exercises whose students each see their own variant (the items page charts them per variant)."""
    return tuple(e.id for e in _ENTRIES if e.student_variants)


def source_writing_exercises() -> tuple[str, ...]:
    """Exercises whose answers write source files the grader compiles."""
    return tuple(e.id for e in _ENTRIES if e.writes_sources)


_register_from_environment()
