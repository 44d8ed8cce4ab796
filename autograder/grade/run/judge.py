"""Judging in the parent: each exercise's `verdict` on its observations, cell errors and tampering
labels as notes, the score scaled to the release's points."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from autograder.exercises.base import (
    CheckOutcome,
    Exercise,
    ExerciseScore,
    ProbeInputs,
    score_outcomes,
    zero_score,
)
from autograder.grade.cells import AnswerCell
from autograder.grade.child_library import parent_names
from autograder.grade.run.sandbox_paths_for_student import error_for_student, without_sandbox_paths
from autograder.messages import Status, message
from autograder.model import GraderFault
from autograder.observations import ObservationInvalid, Observations, StudentError
from autograder.sandboxed.wire import (
    CELLS_KEY,
    PROBE_ERROR_KEY,
    TAMPERED_KEY,
    WIRE_KEY,
)

CELL_ERRORS_SHOWN = 3


def scaled_to_points(score: ExerciseScore, points: float) -> ExerciseScore:
    if score.max_score <= 0 or abs(points - score.max_score) < 1e-12:
        return score
    f = points / score.max_score
    tests = tuple(dataclasses.replace(t, score=t.score * f, max_score=t.max_score * f) for t in score.tests)
    return dataclasses.replace(score, score=sum(t.score for t in tests), max_score=points, tests=tests)


def _cell_notes(
    obs: Observations, answer_cells: tuple[AnswerCell, ...], libraries: Mapping[str, str]
) -> list[str]:
    raw = obs.values.get(CELLS_KEY)
    if not isinstance(raw, list):
        return []
    notes = []
    for item in raw[:CELL_ERRORS_SHOWN]:
        if not isinstance(item, dict) or type(item.get("cell")) is not int \
                or not isinstance(item.get("error"), str):
            continue
        i = item["cell"]
        number = answer_cells[i].index + 1 if 0 <= i < len(answer_cells) else i + 1
        # first line only (a KernelBuildError repeats the build diagnostics), paths as the student wrote
        # them, a library by the source it was built from, no path of the grader's
        first = error_for_student(item["error"].strip().split("\n", 1)[0], libraries)
        notes.append(message("cell_error", cell=number, error=first[:300]))
    return notes


def tampered_labels(obs: Observations) -> tuple[str, ...]:
    """The tripwire's labels, naming the child's modules as the parent does (child_library.py)."""
    raw = obs.values.get(TAMPERED_KEY)
    if isinstance(raw, list):
        return tuple(parent_names(str(x)[:200]) for x in raw[:50])
    return ()


def _without_sandbox_paths(score: ExerciseScore, libraries: Mapping[str, str]) -> ExerciseScore:
    """Every text of `score` without the sandbox's paths (a verdict may quote a student error)."""
    tests = tuple(dataclasses.replace(t, output_zh=without_sandbox_paths(t.output_zh, libraries))
                  for t in score.tests)
    summary = without_sandbox_paths(score.summary_zh, libraries)
    return dataclasses.replace(score, tests=tests, summary_zh=summary)


def judge(module: Any, ex: Exercise, inp: ProbeInputs, obs: Observations,
          answer_cells: tuple[AnswerCell, ...], extra_notes: list[str],
          libraries: Mapping[str, str] | None = None) -> ExerciseScore:
    """The exercise's score from its observations. `libraries`: the prebuilt kernel libraries' file
    names -> the student's sources they were built from, so an error that names one names the source."""
    score = _judge(module, ex, inp, obs, answer_cells, extra_notes, libraries or {})
    return _without_sandbox_paths(score, libraries or {})


def _judge(module: Any, ex: Exercise, inp: ProbeInputs, obs: Observations,
           answer_cells: tuple[AnswerCell, ...], extra_notes: list[str],
           libraries: Mapping[str, str]) -> ExerciseScore:
    notes = [*extra_notes, *_cell_notes(obs, answer_cells, libraries)]
    if not answer_cells:
        notes.insert(0, message("no_answer"))
    if isinstance(obs.values.get(WIRE_KEY), StudentError):
        return zero_score(ex, Status.MALFORMED_OUTPUT, "\n".join([message("malformed_output"), *notes]))
    probe_error = obs.error(PROBE_ERROR_KEY)
    if probe_error is not None:
        last = probe_error.message.splitlines()[-1] if probe_error.message else probe_error.type
        notes.append(message("probe_error", error=error_for_student(last, libraries)[:300]))
    try:
        outcomes: list[CheckOutcome] = module.verdict(inp, obs)
    except ObservationInvalid as exc:
        if not tampered_labels(obs):
            text = message("invalid_output", detail=exc.message_zh)
            return zero_score(ex, Status.INVALID_OUTPUT, "\n".join([text, *notes]))
        outcomes = []  # tampering is the reason: report it, not the missing observation
    except Exception as exc:
        raise GraderFault(f"verdict of {ex.id} failed: {type(exc).__name__}: {exc}") from exc
    score = score_outcomes(ex, list(outcomes), tampered=tampered_labels(obs))
    summary = "\n".join(s for s in (score.summary_zh, *notes) if s)
    return dataclasses.replace(score, summary_zh=summary)
