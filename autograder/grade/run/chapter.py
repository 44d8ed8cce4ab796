"""One chapter of a submission, in order: map the cells, draw the inputs, build, run the children,
judge."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from autograder.exercises.base import (
    Exercise,
    ExerciseScore,
    ProbeInputs,
    zero_score,
)
from autograder.exercises.structure_pool import structure_seed
from autograder.grade.cells import AnswerCell, map_cells
from autograder.grade.run.behaviour_read import (
    KERNEL_UNIT,
    ExerciseBehaviour,
    fingerprint,
    kernel_fingerprint,
)
from autograder.grade.run.build_step import build_kernels
from autograder.grade.run.job import (
    Job,
)
from autograder.grade.run.judge import judge, scaled_to_points
from autograder.grade.run.kernel_child import KernelChild
from autograder.grade.run.notebook_child import ChildRun, run_notebook_children
from autograder.grade.run.probe_profile import write_profiles
from autograder.grade.run.settings import exercise_seed
from autograder.messages import Status, kernel_run_message, message
from autograder.model import GraderFault
from autograder.observations import Observations
from autograder.sandboxed.wire import (
    KERNEL_RUN_KEY,
)
from autograder.states import BuildStatus


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


@dataclass(frozen=True)
class ChapterGrade:
    """What grading one chapter found."""

    scores: dict[str, ExerciseScore]  # every exercise of the chapter graded, scaled to the release
    notes_zh: tuple[str, ...]  # for the student: how the cells were mapped onto the release
    tampered: bool  # an exercise scored `tampered` (a TA flag)
    kernel_build: BuildStatus | None  # how the student's chosen kernel built (None: no kernel to build)
    behaviour: dict[str, ExerciseBehaviour]  # exercise -> fingerprint for the similarity report


def draw_inputs(job: Job, exercises: list[Exercise]) -> dict[str, ProbeInputs]:
    """Every exercise's inputs, drawn in the parent from its seed (a failure is the exercise module's)."""
    settings = job.settings
    inputs = {}
    for ex in exercises:
        seed = settings.fixed_seed if settings.seed_policy == "fixed" else exercise_seed(
            job.release.version, ex.id, job.sub.content_hash)
        try:  # a failure here is a bug of the exercise module, never the student's
            module = job.catalog[ex.id]
            inputs[ex.id] = (
                module.inputs(seed, student_id=job.sub.student_id, release_root=job.release.root)
                if ex.per_student else module.inputs(seed, structure_seed=structure_seed(
                    job.release.version, ex.id, seed, index=settings.structure_index,
                    student_id=None if settings.seed_policy == "fixed" else job.sub.student_id)))
            json.dumps(inputs[ex.id].params)
        except Exception as exc:
            raise GraderFault(f"inputs of {ex.id} (seed {seed}): {type(exc).__name__}: {exc}") from exc
    return inputs


def grade_chapter(job: Job, chapter: str, notebook: dict[str, Any],
                  exercises: list[Exercise]) -> ChapterGrade:  # fmt: skip
    with job.clock.phase(f"{chapter}/cells") as ph:
        cells = map_cells(chapter, release_notebook(job.release.notebooks[chapter]), notebook)
        ph["outcome"] = cells.attribution
        inputs = draw_inputs(job, exercises)
    build = build_kernels(job, chapter, cells, exercises)
    kernel_notes = build.notes_zh(cells, exercises, job.settings)
    kernel_exercises = [ex for ex in exercises if ex.kernel_probe]
    kernel_child = KernelChild(job, chapter, kernel_exercises, inputs, build.kernel_so)
    try:
        libraries = list(build.libraries)
        runs = run_notebook_children(job, chapter, cells, exercises, inputs, libraries, kernel_child)
        kernel_end = kernel_child.finish()
        kernel_status, kernel_values = kernel_end.status, kernel_end.values
    finally:
        kernel_child.kill()
    if job.settings.profile_dir is not None:
        write_profiles(job.settings.profile_dir, chapter, runs.observations, run=job.workdir.name)
    with job.clock.phase(f"{chapter}/verdict"):
        scores: dict[str, ExerciseScore] = {}
        for ex in exercises:
            kernel = None
            if ex.kernel_probe:
                kernel = _KernelSide(kernel_status, kernel_values.get(ex.id, {}), kernel_notes)
            score = _exercise_score(job, ex, inputs[ex.id], cells.answers[ex.id], runs.died_in.get(ex.id),
                                    runs.observations.get(ex.id), kernel, build.library_names)
            scores[ex.id] = scaled_to_points(score, job.release.points.get(ex.id, ex.max_points))
    tampered = any(s.status == Status.TAMPERED for s in scores.values())
    behaviour = {}
    for ex_id, obs in runs.observations.items():
        failed = [t.name for t in scores[ex_id].tests if not t.passed] if ex_id in scores else []
        fp = fingerprint(obs.values, failed) if obs is not None else None
        if fp is not None:
            behaviour[ex_id] = fp
    kernel_fp = kernel_fingerprint(build.build.ir) if build.build is not None else None
    if kernel_fp is not None:
        behaviour[KERNEL_UNIT] = kernel_fp
    return ChapterGrade(scores, tuple(cells.notes_zh), tampered, build.student_status, behaviour)


@dataclass(frozen=True)
class _KernelSide:
    """What a kernel exercise adds to its judging: the kernel child's end and values, the build notes."""

    status: str  # kernel.__run__
    values: dict[str, Any]  # the kernel child's "kernel."-prefixed observations of the exercise
    notes_zh: list[str]


def _exercise_score(job: Job, ex: Exercise, inp: ProbeInputs, answer_cells: tuple[AnswerCell, ...],
                    died: ChildRun | None, obs: Observations | None,
                    kernel: _KernelSide | None, libraries: dict[str, str]) -> ExerciseScore:  # fmt: skip
    """The exercise's score before scaling: 0 when the child died in it or never ran it, else judged."""
    kernel_notes = kernel.notes_zh if kernel is not None else []
    if died is not None:
        ended = (Status.TIMEOUT, Status.CRASHED, Status.MEMORY, Status.MALFORMED_OUTPUT)
        key = died.status if died.status in ended else Status.CRASHED
        text = message(key, limit_s=job.settings.scaled(ex.timeout_s), detail=died.detail_zh)
        return zero_score(ex, died.status, "\n".join([text, *kernel_notes]))
    if obs is None:
        return zero_score(ex, Status.NOT_RUN, message("not_run"))
    notes = kernel_notes
    if kernel is not None:
        obs = Observations(ex.id, {**obs.values, **kernel.values, KERNEL_RUN_KEY: kernel.status})
        if kernel.status in (Status.CRASHED, Status.TIMEOUT, Status.MEMORY):
            notes = [*notes, kernel_run_message(kernel.status)]
    return judge(job.catalog[ex.id], ex, inp, obs, answer_cells, notes, libraries)
