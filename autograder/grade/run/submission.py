"""`grade_submission`: one submission, every chapter it holds, in a job folder that is deleted after."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterable, Mapping
from pathlib import Path
from types import ModuleType
from typing import Any

from autograder import exercises as exercise_registry
from autograder.exercises.base import (
    ExerciseScore,
)
from autograder.grade.child_library import prepare_child_library
from autograder.grade.run.chapter import grade_chapter
from autograder.grade.run.job import (
    UIDS,
    Job,
    job_sandbox,
)
from autograder.grade.run.settings import RunSettings
from autograder.messages import Status
from autograder.model import ReleaseInfo, StudentResult, StudentSubmission
from autograder.sandbox import (
    Sandbox,
)
from autograder.states import BuildStatus


def _default_catalog(ids: Iterable[str]) -> dict[str, ModuleType]:
    return {ex_id: exercise_registry.load(ex_id) for ex_id in ids}


def grade_submission(sub: StudentSubmission, release: ReleaseInfo, settings: RunSettings | None = None, *,
                     sandbox: Sandbox | None = None, catalog: Mapping[str, Any] | None = None
                     ) -> StudentResult:
    """Grade every chapter `sub` holds; `sub` is one intake accepted (status "ok").

    A missing chapter gets no scores here: `batch.complete_result` scores it (and intake failures
    are scored by `batch.intake_failure_result`, never run). `sandbox` and `catalog` (exercise id ->
    module with EXERCISE/inputs/verdict) are for tests. Raises GraderFault when the grader itself failed.
    """
    settings = settings or RunSettings()
    wanted = [ex_id for ex_id in exercise_registry.EXERCISE_IDS
              if settings.exercises is None or ex_id in settings.exercises]
    catalog = dict(catalog) if catalog is not None else _default_catalog(wanted)
    exercises = {ex_id: catalog[ex_id].EXERCISE for ex_id in wanted}
    scores: dict[str, ExerciseScore] = {}
    if sub.status != Status.OK:
        raise ValueError(f"{sub.student_id}: intake refused this submission ({sub.status}): nothing to run")
    settings.scratch_root.mkdir(parents=True, exist_ok=True)
    if os.geteuid() == 0 and settings.scratch_root.stat().st_uid == 0:
        os.chmod(settings.scratch_root, 0o711)  # jobs' folder names are not listable by sandbox uids
    library = settings.child_library or prepare_child_library(settings.scratch_root, release.root)
    with UIDS.slot(settings.uids) as uid:
        sb = sandbox or job_sandbox(settings, uid)
        workdir = Path(tempfile.mkdtemp(prefix=f"job-{sub.content_hash[:12]}-", dir=settings.scratch_root))
        os.chmod(workdir, 0o711)  # rlimit mode: the sandbox uid must pass through to its scratch folders
        job = Job.create(sub, release, settings, sb, catalog, workdir, library)
        messages, flags = list(sub.problems_zh), job.flags()
        kernel_builds: dict[str, BuildStatus] = {}
        try:
            for chapter, ids in exercise_registry.CHAPTERS.items():
                chapter_exs = [exercises[i] for i in ids if i in exercises]
                if not chapter_exs:
                    continue
                nb = sub.notebooks.get(chapter)
                if nb is None:
                    continue
                graded = grade_chapter(job, chapter, nb.notebook, chapter_exs)
                scores.update(graded.scores)
                messages.extend(graded.notes_zh)
                if graded.tampered:
                    flags.add("tampered")
                if graded.kernel_build is not None:
                    kernel_builds[chapter] = graded.kernel_build
        finally:
            try:
                job.scratches.release_all()  # unmounts quotas a fault left behind, before the folder goes
            finally:
                shutil.rmtree(workdir, ignore_errors=True)
        flags |= job.flags()  # a scratch folder without quota may have come up while a child ran
    graded = any(ch in sub.notebooks for ch in exercise_registry.CHAPTERS)
    status = Status.OK if graded else Status.NOT_SUBMITTED
    return StudentResult(sub.student_id, sub.content_hash, release.version, scores, status,
                         tuple(job.clock.phases), tuple(messages), tuple(sorted(flags)), kernel_builds)
