"""One chapter of a submission, in order: map the cells, draw the inputs, build, run the children,
judge."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from autograder.exercises.base import (
    Exercise,
    ExerciseScore,
    zero_score,
)
from autograder.exercises.structure_pool import structure_seed
from autograder.grade.build import (
    writefile_notes,
)
from autograder.grade.cells import map_cells
from autograder.grade.run.build_step import build_kernels
from autograder.grade.run.job import (
    Job,
)
from autograder.grade.run.judge import judge, scaled_to_points
from autograder.grade.run.kernel_child import KernelChild
from autograder.grade.run.notebook_child import run_notebook_children
from autograder.grade.run.settings import exercise_seed
from autograder.messages import Status, kernel_run_message, message
from autograder.model import GraderFault
from autograder.observations import Observations
from autograder.sandboxed.wire import (
    KERNEL_RUN_KEY,
)


@cache
def _release_notebook(path: Path, mtime_ns: int) -> dict[str, Any]:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise GraderFault(f"release notebook {path} is unreadable: {exc}") from exc


def release_notebook(path: Path) -> dict[str, Any]:
    try:
        mtime = path.stat().st_mtime_ns
    except OSError as exc:
        raise GraderFault(f"release notebook {path} is missing: {exc}") from exc
    return _release_notebook(path, mtime)


def grade_chapter(job: Job, chapter: str, notebook: dict[str, Any], exercises: list[Exercise]
                   ) -> dict[str, ExerciseScore]:
    settings = job.settings
    with job.clock.phase(f"{chapter}/cells") as ph:
        cells = map_cells(chapter, release_notebook(job.release.notebooks[chapter]), notebook)
        ph["outcome"] = cells.attribution
        job.messages.extend(cells.notes_zh)
        inputs = {}
        for ex in exercises:
            seed = settings.fixed_seed if settings.seed_policy == "fixed" else exercise_seed(
                job.release.version, ex.id, job.sub.content_hash)
            try:  # a failure here is a bug of the exercise module, never the student's
                module = job.catalog[ex.id]
                inputs[ex.id] = (
                    module.inputs(seed, student_id=job.sub.student_id, release_root=job.release.root)
                    if ex.per_student else module.inputs(seed, structure_seed=structure_seed(
                        job.release.version, ex.id, seed, index=settings.structure_index)))
                json.dumps(inputs[ex.id].params)
            except Exception as exc:
                raise GraderFault(f"inputs of {ex.id} (seed {seed}): {type(exc).__name__}: {exc}") from exc
    libs, kernel_build, kernel_src, wants_kernel = build_kernels(job, chapter, cells, exercises)
    kernel_exs = [ex for ex in exercises if ex.kernel_probe]
    chapter_cells = sorted((c for ex in exercises for c in cells.answers[ex.id]), key=lambda c: c.index)
    kernel_notes: list[str] = writefile_notes(chapter_cells) if wants_kernel else []
    if wants_kernel and kernel_src is None:
        kernel_notes.append(message("no_kernel_source"))
    elif kernel_build is not None and not kernel_build.ok:
        key = {"compile_error": "build_failed", "timeout": "build_timeout", "memory": "build_memory"}[
            kernel_build.status]
        kernel_notes.append(message(key, name=kernel_build.source_name, diagnostics=kernel_build.diagnostics,
                                    limit_s=settings.scaled(settings.build_timeout_s)))
    kernel_so = kernel_build.so_path if kernel_build is not None and kernel_build.ok else None
    kernel_child = KernelChild(job, chapter, kernel_exs, inputs, kernel_so)
    try:
        runs = run_notebook_children(job, chapter, cells, exercises, inputs, libs, kernel_child)
        kernel_status, kernel_values = kernel_child.finish()
    finally:
        kernel_child.kill()
    with job.clock.phase(f"{chapter}/verdict"):
        scores: dict[str, ExerciseScore] = {}
        for ex in exercises:
            answer_cells = cells.answers[ex.id]
            if ex.id in runs.died_in:
                status, detail = runs.died_in[ex.id].status, runs.died_in[ex.id].detail_zh
                ended = (Status.TIMEOUT, Status.CRASHED, Status.MEMORY, Status.MALFORMED_OUTPUT)
                key = status if status in ended else Status.CRASHED
                text = message(key, limit_s=settings.scaled(ex.timeout_s), detail=detail)
                score = zero_score(ex, status, "\n".join([text, *(kernel_notes if ex.kernel_probe else [])]))
            elif ex.id not in runs.observations:
                score = zero_score(ex, Status.NOT_RUN, message("not_run"))
            else:
                obs = runs.observations[ex.id]
                if ex.kernel_probe:
                    merged = {**obs.values, **kernel_values.get(ex.id, {}), KERNEL_RUN_KEY: kernel_status}
                    obs = Observations(ex.id, merged)
                notes = kernel_notes if ex.kernel_probe else []
                if ex.kernel_probe and kernel_status in (Status.CRASHED, Status.TIMEOUT, Status.MEMORY):
                    notes = [*notes, kernel_run_message(kernel_status)]
                score = judge(job.catalog[ex.id], ex, inputs[ex.id], obs, answer_cells, notes)
            if score.status == Status.TAMPERED:
                job.flags.add("tampered")
            scores[ex.id] = scaled_to_points(score, job.release.points.get(ex.id, ex.max_points))
    return scores
