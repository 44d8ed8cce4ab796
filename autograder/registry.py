"""The exercise registry: which exercises exist, their chapter, order and the interface a student defines.

Bottom layer (imports nothing of autograder): the release tool, intake, the gradebook's column
order, the messages and the service all read their exercise and chapter lists from here, so adding
an exercise is one `ExerciseEntry` here plus its modules (the trusted `module` with `EXERCISE`,
`inputs` and `verdict`, the child's probe). `register` adds one at run time (tests do, with an
exercise from their fixtures); call it before importing the engine, whose tables are read from this
registry when they are imported.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ExerciseEntry:
    id: str
    chapter: str  # "ch02", "ch05", ...: the notebook the exercise is answered in
    interface: str  # the name the student's answer defines (intake infers a chapter from it)
    module: str = ""  # the trusted module with EXERCISE, inputs, verdict (default autograder.exercises.<id>)

    @property
    def module_name(self) -> str:
        return self.module or f"autograder.exercises.{self.id}"


# Order is the gradebook's column order; chapters appear in the order of their first exercise.
_ENTRIES: list[ExerciseEntry] = [
    ExerciseEntry("histogram", "ch02", "primitive_histogram"),
    ExerciseEntry("recompile", "ch02", "predicted_compiles"),
    ExerciseEntry("fusion", "ch02", "fusion_report"),
    ExerciseEntry("safe_distance", "ch02", "safe_pairwise_distance"),
    ExerciseEntry("reduce_sum_rules", "ch05", "custom_reduce_sum_p"),
    ExerciseEntry("gammaln_callback", "ch05", "gammaln_cb"),
    ExerciseEntry("silu_ffi", "ch05", "silu_ffi"),
    ExerciseEntry("ffi_lowering", "ch05", "rms_norm_prim_p"),
]


def register(entry: ExerciseEntry) -> None:
    """Add an exercise after the built-in ones (ValueError if its id is taken)."""
    if any(e.id == entry.id for e in _ENTRIES):
        raise ValueError(f"exercise {entry.id!r} is already registered")
    _ENTRIES.append(entry)


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
