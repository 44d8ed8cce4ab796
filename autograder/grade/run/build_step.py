"""The build step of a chapter: the course kernels (a failure is a grader fault) and the student's
kernel sources, compiled in the sandbox through the build cache (grade/build.py)."""

from __future__ import annotations

import dataclasses
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from autograder.exercises.base import Exercise
from autograder.grade.build import (
    CONCURRENT_BUILD_MODES,
    BuildCache,
    BuildFault,
    BuildOutcome,
    KernelSource,
    choose_kernel,
    find_kernel_sources,
    writefile_notes,
)
from autograder.grade.cells import ChapterCells
from autograder.grade.run.job import Job
from autograder.grade.run.settings import RunSettings
from autograder.grade.timing import STARVED_GIVE_UP_FACTOR
from autograder.messages import message
from autograder.model import GraderFault
from autograder.states import BuildStatus

MAX_KERNEL_SOURCES = 4
_FAILED_BUILD_MESSAGE = {BuildStatus.COMPILE_ERROR: "build_failed", BuildStatus.TIMEOUT: "build_timeout",
                         BuildStatus.MEMORY: "build_memory"}  # fmt: skip


@dataclass(frozen=True)
class ChapterBuild:
    """What the build step of one chapter made."""

    libraries: tuple[Path, ...]  # for prebuilt/: the course kernels and every student source that built
    wants_kernel: bool  # the chapter has an exercise with a kernel probe
    source: KernelSource | None  # the student's kernel source the kernel child loads (choose_kernel)
    build: BuildOutcome | None  # how building `source` ended
    # prebuilt library file name (`<key>.so`) -> the student's source it was built from, so an error
    # that names the library names the source (sandbox_paths_for_student.py)
    library_names: dict[str, str] = dataclasses.field(default_factory=dict)

    @property
    def student_status(self) -> BuildStatus | None:
        """The build status of the student's chosen kernel (None: no kernel exercise or no source)."""
        return self.build.status if self.build is not None else None

    @property
    def kernel_so(self) -> Path | None:
        return self.build.so_path if self.build is not None and self.build.ok else None

    def notes_zh(self, cells: ChapterCells, exercises: list[Exercise], settings: RunSettings) -> list[str]:
        """What the student reads about their kernel under each kernel exercise."""
        if not self.wants_kernel:
            return []
        chapter_cells = sorted((c for ex in exercises for c in cells.answers[ex.id]), key=lambda c: c.index)
        notes = writefile_notes(chapter_cells)
        if self.source is None:
            notes.append(message("no_kernel_source"))
        elif self.build is not None and not self.build.ok:
            notes.append(message(_FAILED_BUILD_MESSAGE[self.build.status], name=self.build.source_name,
                                 diagnostics=self.build.diagnostics,
                                 limit_s=settings.scaled(settings.build_timeout_s)))  # fmt: skip
        return notes


def _build_cache(job: Job) -> BuildCache:
    settings = job.settings
    # The compiler's limit is CPU time (RLIMIT_CPU); the wall clock is a backstop whose firing without
    # the CPU used is the machine's fault (SandboxResult.starved, a BuildFault)
    build_s = settings.scaled(settings.build_timeout_s)
    backstop = job.limits(STARVED_GIVE_UP_FACTOR * build_s, settings.build_address_space_bytes)
    limits = dataclasses.replace(backstop, cpu_s=max(1, round(build_s)))
    return BuildCache(settings.build_cache, job.sandbox, scratch_root=job.workdir, limits=limits,
                      hidden=job.build_hidden, mounts=job.python_mounts, toolchain=job.sandbox.toolchain)


def _build(cache: BuildCache, source: KernelSource, *, fingerprint: bool = False) -> BuildOutcome:
    try:
        return cache.build(source, fingerprint=fingerprint)
    except BuildFault as exc:
        raise GraderFault(str(exc)) from exc


def build_kernels(job: Job, chapter: str, cells: ChapterCells, exercises: list[Exercise]) -> ChapterBuild:
    """Builds the course kernels, then (for a chapter with a kernel exercise) every kernel source the
    student's cells and extra files hold, at most MAX_KERNEL_SOURCES: any that builds is prebuilt for
    the notebook child, the chosen one is what the kernel child loads. Phase `<chapter>/build`.

    Where the sandbox gives each compiler a PID namespace of its own (CONCURRENT_BUILD_MODES), the
    course kernels compile beside the student's sources; elsewhere everything one after the other. The
    student's sources stay one after the other in every mode: each compiler may use the build's whole
    memory limit, so one submission holds at most one of its own compilers (and its IR step) at once."""
    cache = _build_cache(job)
    course = [KernelSource(p.name, p.read_bytes(), "course kernel")
              for p in sorted((job.library / "kernels").glob("*.cc"))]
    wants_kernel = any(ex.kernel_probe for ex in exercises)
    sources: list[KernelSource] = []
    chosen: KernelSource | None = None
    if wants_kernel:
        all_cells = sorted((c for ex in exercises for c in cells.answers[ex.id]), key=lambda c: c.index)
        sources = find_kernel_sources(all_cells, job.sub.extra_files)[:MAX_KERNEL_SOURCES]
        chosen = choose_kernel(sources)

    def build_course() -> list[BuildOutcome]:
        return [_build(cache, src) for src in course]

    def build_student() -> list[BuildOutcome]:
        # the chosen source's IR fingerprint is the kernel's channel of the similarity report
        return [_build(cache, src, fingerprint=src is chosen and job.settings.behaviour) for src in sources]

    with job.clock.phase(f"{chapter}/build") as ph:
        if course and sources and job.sandbox.mode in CONCURRENT_BUILD_MODES:
            with ThreadPoolExecutor(max_workers=1, thread_name_prefix="course-build") as pool:
                course_built = pool.submit(build_course)
                student_outs = build_student()
                course_outs = course_built.result()
        else:
            course_outs, student_outs = build_course(), build_student()
        libs: list[Path] = []
        for src, out in zip(course, course_outs, strict=True):
            if not out.ok:
                raise GraderFault(f"course kernel {src.name} does not build ({out.status}): "
                                  f"{out.diagnostics}")
            libs.append(out.so_path)
        chosen_out: BuildOutcome | None = None
        names: dict[str, str] = {}
        for src, out in zip(sources, student_outs, strict=True):
            if out.so_path is not None:
                libs.append(out.so_path)
                names[out.so_path.name] = src.name
            if src is chosen:
                chosen_out = out
        ph["outcome"] = ",".join(dict.fromkeys(o.status for o in [*course_outs, *student_outs])) or "none"
    return ChapterBuild(tuple(libs), wants_kernel, chosen, chosen_out, names)
