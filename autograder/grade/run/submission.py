"""`grade_submission`: one submission, every chapter it holds, in a job folder that is deleted after."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from autograder import exercises as exercise_registry
from autograder.exercises.base import (
    Exercise,
    ExerciseScore,
)
from autograder.grade.child_library import prepare_child_library
from autograder.grade.run.chapter import grade_chapter
from autograder.grade.run.job import (
    UIDS,
    Job,
    job_cgroup,
    job_sandbox,
    remove_job_cgroup,
)
from autograder.grade.run.settings import RunSettings
from autograder.messages import Status
from autograder.model import Phase, ReleaseInfo, StudentResult, StudentSubmission
from autograder.sandbox import (
    Sandbox,
)
from autograder.states import BuildStatus


def _default_catalog(ids: Iterable[str]) -> dict[str, ModuleType]:
    return {ex_id: exercise_registry.load(ex_id) for ex_id in ids}


# Chapters at once only where each chapter's children get a PID namespace of their own: `reap_strays`
# (kill(-1) between exercises) must not reach the other chapter's child (rlimit mode has none).
CHAPTERS_AT_ONCE_MODES = frozenset({"bwrap", "container"})


@dataclass(frozen=True)
class ChaptersGraded:
    """What grading some chapters of a submission in one job (its own uid and folder) produced."""

    scores: dict[str, ExerciseScore]
    messages_zh: tuple[str, ...]
    flags: frozenset[str]
    kernel_builds: dict[str, BuildStatus]
    phases: tuple[Phase, ...]
    behaviour: dict[str, Any]  # exercise -> ExerciseBehaviour (grade/run/behaviour_read.py)


ChapterWork = tuple[str, list[Exercise], dict[str, Any]]  # chapter, its exercises, the student's notebook


def _grade_in_job(sub: StudentSubmission, release: ReleaseInfo, settings: RunSettings,
                  catalog: Mapping[str, Any], library: Path, work: list[ChapterWork],
                  sandbox: Sandbox | None) -> ChaptersGraded:
    """Grade `work`'s chapters in order, in one job: one sandbox uid, one job folder deleted after."""
    scores: dict[str, ExerciseScore] = {}
    messages: list[str] = []
    kernel_builds: dict[str, BuildStatus] = {}
    behaviour: dict[str, Any] = {}
    with UIDS.slot(settings.uids) as uid:
        sb = sandbox or job_sandbox(settings, uid)
        cgroup = job_cgroup(settings, sb)  # the job's memory and processes as a whole (removed after it)
        if cgroup is not None:
            sb = sb.in_job(cgroup=cgroup)
        workdir = Path(tempfile.mkdtemp(prefix=f"job-{sub.content_hash[:12]}-", dir=settings.scratch_root))
        os.chmod(workdir, 0o711)  # rlimit mode: the sandbox uid must pass through to its scratch folders
        job = Job.create(sub, release, settings, sb, catalog, workdir, library)
        flags = job.flags()
        try:
            for chapter, chapter_exs, notebook in work:
                graded = grade_chapter(job, chapter, notebook, chapter_exs)
                scores.update(graded.scores)
                behaviour.update(graded.behaviour)
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
                remove_job_cgroup(cgroup)
        flags |= job.flags()  # a scratch folder without quota may have come up while a child ran
    return ChaptersGraded(scores, tuple(messages), frozenset(flags), kernel_builds, tuple(job.clock.phases),
                          behaviour)


def grade_submission(sub: StudentSubmission, release: ReleaseInfo, settings: RunSettings | None = None, *,
                     sandbox: Sandbox | None = None, catalog: Mapping[str, Any] | None = None
                     ) -> StudentResult:
    """Grade every chapter `sub` holds; `sub` is one intake accepted (status "ok").

    A missing chapter gets no scores here: `batch.complete_result` scores it (and intake failures
    are scored by `batch.intake_failure_result`, never run). `sandbox` and `catalog` (exercise id ->
    module with EXERCISE/inputs/verdict) are for tests. Raises GraderFault when the grader itself failed.

    With `settings.chapters_at_once` (bwrap or container isolation), each chapter is graded at the same
    time as the others in a job of its own: its own sandbox uid (RLIMIT_NPROC counts per uid, so one
    chapter's fork bomb cannot keep the other's child from starting) and its own job folder. The
    result is the same as one after the other: scores, notes and phases in chapter order.
    """
    settings = settings or RunSettings()
    wanted = [ex_id for ex_id in exercise_registry.EXERCISE_IDS
              if settings.exercises is None or ex_id in settings.exercises]
    catalog = dict(catalog) if catalog is not None else _default_catalog(wanted)
    exercises = {ex_id: catalog[ex_id].EXERCISE for ex_id in wanted}
    if sub.status != Status.OK:
        raise ValueError(f"{sub.student_id}: intake refused this submission ({sub.status}): nothing to run")
    settings.scratch_root.mkdir(parents=True, exist_ok=True)
    if os.geteuid() == 0 and settings.scratch_root.stat().st_uid == 0:
        os.chmod(settings.scratch_root, 0o711)  # jobs' folder names are not listable by sandbox uids
    library = settings.child_library or prepare_child_library(settings.scratch_root, release.root)
    work: list[ChapterWork] = []
    for chapter, ids in exercise_registry.CHAPTERS.items():
        chapter_exs = [exercises[i] for i in ids if i in exercises]
        nb = sub.notebooks.get(chapter)
        if chapter_exs and nb is not None:
            work.append((chapter, chapter_exs, nb.notebook))
    at_once = (settings.chapters_at_once and sandbox is None and len(work) > 1
               and settings.isolation in CHAPTERS_AT_ONCE_MODES)
    if at_once:
        with ThreadPoolExecutor(max_workers=len(work), thread_name_prefix="chapter") as pool:
            parts = list(pool.map(
                lambda w: _grade_in_job(sub, release, settings, catalog, library, [w], None), work))
    else:
        parts = [_grade_in_job(sub, release, settings, catalog, library, work, sandbox)]
    scores = {ex_id: score for part in parts for ex_id, score in part.scores.items()}
    messages = [*sub.problems_zh, *(m for part in parts for m in part.messages_zh)]
    flags = sorted(set().union(*(part.flags for part in parts)))
    kernel_builds = {ch: b for part in parts for ch, b in part.kernel_builds.items()}
    phases = tuple(p for part in parts for p in part.phases)
    graded = any(ch in sub.notebooks for ch in exercise_registry.CHAPTERS)
    status = Status.OK if graded else Status.NOT_SUBMITTED
    behaviour = {ex: b for part in parts for ex, b in part.behaviour.items()}
    return StudentResult(sub.student_id, sub.content_hash, release.version, scores, status,
                         phases, tuple(messages), tuple(flags), kernel_builds, behaviour)
