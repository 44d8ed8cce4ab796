"""The build step of a chapter: the course kernels (a failure is a grader fault) and the student's
kernel sources, compiled in the sandbox through the build cache (grade/build.py)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from autograder.exercises.base import (
    Exercise,
)
from autograder.grade.build import (
    BuildCache,
    BuildFault,
    BuildOutcome,
    KernelSource,
    choose_kernel,
    find_kernel_sources,
)
from autograder.grade.cells import ChapterCells
from autograder.grade.run.job import (
    Job,
)
from autograder.grade.timing import STARVED_GIVE_UP_FACTOR
from autograder.model import GraderFault

MAX_KERNEL_SOURCES = 4


def build_kernels(job: Job, chapter: str, cells: ChapterCells, exercises: list[Exercise]
                   ) -> tuple[list[Path], BuildOutcome | None, KernelSource | None, bool]:
    """(libraries for prebuilt/, the student's chosen build, its source, whether a kernel exercise exists)."""
    settings = job.settings
    # The compiler's limit is CPU time (RLIMIT_CPU); the wall clock is a backstop whose firing without
    # the CPU used is the machine's fault (SandboxResult.starved, a BuildFault)
    build_s = settings.scaled(settings.build_timeout_s)
    backstop = job.limits(STARVED_GIVE_UP_FACTOR * build_s, settings.build_address_space_bytes)
    limits = dataclasses.replace(backstop, cpu_s=max(1, round(build_s)))
    cache_ = BuildCache(settings.build_cache, job.sandbox, scratch_root=job.workdir, limits=limits,
                        hidden=job.build_hidden, mounts=job.python_mounts,
                        toolchain=job.sandbox.toolchain)
    libs: list[Path] = []
    with job.clock.phase(f"{chapter}/build") as ph:
        statuses = []
        for src_path in sorted((job.library / "kernels").glob("*.cc")):
            try:
                out = cache_.build(KernelSource(src_path.name, src_path.read_bytes(), "course kernel"))
            except BuildFault as exc:
                raise GraderFault(str(exc)) from exc
            if not out.ok:
                raise GraderFault(f"course kernel {src_path.name} does not build ({out.status}): "
                                  f"{out.diagnostics}")
            libs.append(out.so_path)
            statuses.append(out.status)
        wants_kernel = any(ex.kernel_probe for ex in exercises)
        chosen_out: BuildOutcome | None = None
        chosen: KernelSource | None = None
        if wants_kernel:
            all_cells = sorted((c for ex in exercises for c in cells.answers[ex.id]), key=lambda c: c.index)
            sources = find_kernel_sources(all_cells, job.sub.extra_files)[:MAX_KERNEL_SOURCES]
            chosen = choose_kernel(sources)
            for src in sources:
                try:
                    out = cache_.build(src)
                except BuildFault as exc:
                    raise GraderFault(str(exc)) from exc
                statuses.append(out.status)
                if out.ok:
                    libs.append(out.so_path)
                if src is chosen:
                    chosen_out = out
        ph["outcome"] = ",".join(dict.fromkeys(statuses)) or "none"
    return libs, chosen_out, chosen, wants_kernel
