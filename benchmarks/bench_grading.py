"""Seconds per full submission (both chapters, reference answers), not a test.

    .venv/bin/python benchmarks/bench_grading.py [--release assignments/2026-fall] [--repeat 2]
                                                 [--compile-cache DIR] [--profile] [--chapters-at-once]
                                                 [--fast-compile]

Measures, on this machine:
  cold      grade_submission with an empty build cache (course kernel + student kernel compiled)
  warm      grade_submission again with the cache filled (the normal case for a class)
  floor     the same reference answers and probes (notebook probes + kernel probe) in ONE plain
            Python process without sandbox: one `import jax`, setup + answer cells in an IPython
            shell, probes writing observations; kernels already built. No verdicts (the grader's
            verdicts run in its own process in both cases and take milliseconds).
  ratio     warm / floor (target <= 1.5)
  hit       one BuildCache.build cache hit + install into a job folder, mean over 200 (target < 50 ms)
With --compile-cache DIR (a folder made by `jaxgrade warm-cache`) the warm runs and the floor read
that trusted XLA compile cache (read-only); cold always runs without it.
With --profile, the last warm run also keeps the per-check profile each notebook child measured
(sandboxed/profiling.py, observation `__profile__`) and prints, per exercise, wall and CPU seconds with
JAX tracing, lowering, XLA compile and run time apart and the compilations, then the ten costliest
sub-checks (the stretch of a probe that ended with recording that key).
With --fast-compile, every child (and the floor) compiles with sandboxed/xla_flags.py's
FAST_COMPILE_XLA_FLAGS (cheaper LLVM code generation; off by default, docs/performance.md §7).
With --chapters-at-once, as many warm runs again grade the chapters at the same time, each in a job of
its own (RunSettings.chapters_at_once), interleaved with the one-after-the-other runs; it prints both
and their ratio.
With --behaviour-cost, the grading run's similarity fingerprints are timed too: a second cold run
without them (RunSettings.behaviour=False: no jaxpr tap in the children, no IR step in the kernel
build) and, interleaved with the warm runs, as many warm runs without them; it prints both, their
ratio, and the build phase with and without the kernel's IR step (on a busy machine the warm runs'
spread hides the tap; benchmarks/bench_jaxpr_tap.py measures it per trace).
The reference submission is the release's student notebooks with the master notebooks' answer cells
pasted into the answer cells (solutions/).
"""

from __future__ import annotations

import argparse
import copy
import dataclasses
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from autograder.exercises import CHAPTERS, EXERCISE_IDS, load  # noqa: E402
from autograder.grade.build import BuildCache, KernelSource, find_kernel_sources  # noqa: E402
from autograder.grade.cells import map_cells  # noqa: E402
from autograder.grade.run import RunSettings, grade_submission, release_notebook  # noqa: E402
from autograder.grade.run.probe_profile import Cost, ProbeProfile, load_profiles, sum_costs  # noqa: E402
from autograder.model import ChapterNotebook, ReleaseInfo, StudentSubmission  # noqa: E402
from autograder.sandboxed.xla_flags import FAST_COMPILE_XLA_FLAGS  # noqa: E402


def _jg(cell: dict) -> dict:
    return cell.get("metadata", {}).get("jaxgrade") or {}


def _src(cell: dict) -> str:
    s = cell.get("source", "")
    return "".join(s) if isinstance(s, list) else s


def reference_submission(release: ReleaseInfo) -> StudentSubmission:
    notebooks = {}
    for chapter, path in release.notebooks.items():
        master = json.loads((REPO / "solutions" / path.name).read_text(encoding="utf-8"))
        answers: dict[str, list[str]] = {}
        for c in master["cells"]:
            if c["cell_type"] == "code" and _jg(c).get("role") == "answer":
                answers.setdefault(_jg(c)["exercise"], []).append(_src(c))
        nb = copy.deepcopy(release_notebook(path))
        seen: dict[str, int] = {}
        for c in nb["cells"]:
            if c["cell_type"] == "code" and _jg(c).get("role") == "answer":
                ex = _jg(c)["exercise"]
                c["source"] = answers[ex][seen.get(ex, 0)]
                seen[ex] = seen.get(ex, 0) + 1
        notebooks[chapter] = ChapterNotebook(chapter, path.name, nb)
    return StudentSubmission("benchmark", "b" * 64, notebooks)


FLOOR_SCRIPT = textwrap.dedent('''
    import json, sys, time
    from pathlib import Path
    t0 = time.monotonic()
    job = json.loads(Path(sys.argv[1]).read_text())
    out = Path(sys.argv[2])
    import importlib
    import jax  # noqa: F401
    from IPython.core.interactiveshell import InteractiveShell
    from autograder.sandboxed.inputs import load_inputs
    from autograder.sandboxed.observe import Recorder
    for chapter in job["chapters"]:
        shell = InteractiveShell.instance()
        shell.reset(new_session=False)
        for src in chapter["setup"]:
            assert shell.run_cell(src, store_history=False).success, src[:80]
        for ex in chapter["exercises"]:
            for src in ex["cells"]:
                shell.run_cell(src, store_history=False)
            probe = importlib.import_module(f"autograder.sandboxed.probes.{ex['id']}")
            rec = Recorder(out, ex["id"])
            probe.probe(shell.user_ns, load_inputs(Path(job["inputs"]), ex["id"]), rec)
            rec.flush()
            if ex.get("so"):
                kernel = importlib.import_module(f"autograder.sandboxed.probes.{ex['id']}_kernel")
                kernel.prepare()
                rec = Recorder(out, ex["id"] + ".kernel")
                kernel.kernel_probe(Path(ex["so"]), load_inputs(Path(job["inputs"]), ex["id"]), rec)
                rec.flush()
    print(json.dumps({"seconds": time.monotonic() - t0}))
''')


def floor_seconds(release: ReleaseInfo, sub: StudentSubmission, settings: RunSettings, work: Path,
                  compile_cache: Path | None = None) -> float:
    """Reference answers + probes in one plain process (no sandbox), kernels prebuilt and cached."""
    from autograder.exercises.structure_pool import structure_seed
    from autograder.grade.job_folder import write_inputs
    from autograder.grade.run import exercise_seed

    inputs_dir, obs, prebuilt, cwd = work / "inputs", work / "obs", work / "prebuilt", work / "cwd"
    for d in (obs, prebuilt, cwd):
        d.mkdir(parents=True)
    for so in settings.build_cache.glob("*.so"):
        shutil.copyfile(so, prebuilt / so.name)
    cache = BuildCache(settings.build_cache, None, scratch_root=work, limits=None)  # type: ignore[arg-type]
    chapters = []
    for chapter, ids in CHAPTERS.items():
        release_nb = release_notebook(release.notebooks[chapter])
        cells = map_cells(chapter, release_nb, sub.notebooks[chapter].notebook)
        exercises = []
        for ex_id in ids:
            mod = load(ex_id)
            seed = exercise_seed(release.version, ex_id, sub.content_hash)
            write_inputs(inputs_dir, ex_id, mod.inputs(seed) if mod.EXERCISE.per_student else mod.inputs(
                seed, structure_seed=structure_seed(release.version, ex_id, seed)))
            entry = {"id": ex_id, "cells": [c.source for c in cells.answers[ex_id]]}
            if mod.EXERCISE.kernel_probe:
                src = find_kernel_sources(cells.answers[ex_id], {})[0]
                hit = cache.lookup(cache.key(src.text), src.name)
                assert hit is not None and hit.so_path is not None, "run the warm grading first"
                entry["so"] = str(hit.so_path)
            exercises.append(entry)
        chapters.append({"setup": list(cells.setup), "exercises": exercises})
    (work / "job.json").write_text(json.dumps({"chapters": chapters, "inputs": str(inputs_dir)}))
    env = {**os.environ, "PYTHONPATH": str(REPO), "JAXCOURSE_PREBUILT": str(prebuilt),
           "JAXCOURSE_BUILD_DIR": str(work / "build"), "JAX_PLATFORMS": "cpu", "HOME": str(work)}
    env.pop("XLA_FLAGS", None)
    if settings.child_xla_flags:  # the same XLA flags as a sandboxed child
        env["XLA_FLAGS"] = settings.child_xla_flags
    if compile_cache is not None:  # read-only use, as in a child
        env.update(JAX_COMPILATION_CACHE_DIR=str(compile_cache),
                   JAX_PERSISTENT_CACHE_MIN_COMPILE_TIME_SECS="1000000000")
    t0 = time.monotonic()
    argv = [sys.executable, "-c", FLOOR_SCRIPT, str(work / "job.json"), str(obs)]
    proc = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True, check=False)
    wall = time.monotonic() - t0
    if proc.returncode != 0:
        raise SystemExit(f"floor run failed:\n{proc.stderr[-3000:]}")
    return wall


def cache_hit_ms(settings: RunSettings, sub: StudentSubmission, release: ReleaseInfo, work: Path, n: int = 200
                 ) -> float:
    cells = map_cells("ch05", release_notebook(release.notebooks["ch05"]), sub.notebooks["ch05"].notebook)
    src = find_kernel_sources([c for ex in CHAPTERS["ch05"] for c in cells.answers[ex]], {})[0]
    cache = BuildCache(settings.build_cache, None, scratch_root=work, limits=None)  # type: ignore[arg-type]
    cache.build(KernelSource(src.name, src.text, src.origin))  # warm the compiler-version lookup
    times = []
    for i in range(n):
        t0 = time.perf_counter()
        out = cache.build(KernelSource(src.name, src.text, src.origin))
        BuildCache.install(out, work / f"hit{i}")
        times.append(time.perf_counter() - t0)
        assert out.status == "cached"
    return statistics.mean(times) * 1000


COST_HEAD = " ".join(f"{h:>7s}" for h in ("wall", "cpu", "trace", "lower", "compile", "run")) + "  comp  hits"


def _cost_cells(c: Cost) -> str:
    return (f"{c.wall_s:7.3f} {c.cpu_s:7.3f} {c.trace_s:7.3f} {c.lower_s:7.3f} {c.compile_s:7.3f} "
            f"{c.run_s:7.3f} {c.compiles:5d} {c.cache_hits:5d}")


def print_profile(profiles: list[ProbeProfile], top: int = 10) -> None:
    """Per exercise and in total, then the `top` costliest sub-checks (seconds; comp = compilations)."""
    if not profiles:
        raise SystemExit("--profile: the children sent no profile (observation __profile__)")
    print(f"profile per exercise (s)        {COST_HEAD}")
    for p in sorted(profiles, key=lambda p: -p.total.wall_s):
        print(f"  {p.chapter}/{p.exercise:24s}    {_cost_cells(p.total)}")
    print(f"profile total                   {_cost_cells(sum_costs([p.total for p in profiles]))}")
    segments = sorted(((p, s) for p in profiles for s in p.segments), key=lambda ps: -ps[1].cost.wall_s)
    print(f"top {top} sub-checks (s)          {COST_HEAD}")
    for p, s in segments[:top]:
        print(f"  {p.exercise + ':' + s.key:34.34s}{_cost_cells(s.cost)}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--release", type=Path, default=None)
    ap.add_argument("--isolation", default="bwrap")
    ap.add_argument("--repeat", type=int, default=2, help="warm runs (the best is reported)")
    ap.add_argument("--compile-cache", type=Path, default=None,
                    help="trusted XLA compile cache (jaxgrade warm-cache) for the warm runs and the floor")
    ap.add_argument("--chapters-at-once", action="store_true",
                    help="also time warm runs that grade both chapters at the same time")
    ap.add_argument("--fast-compile", action="store_true",
                    help=f"children and floor run with XLA_FLAGS={FAST_COMPILE_XLA_FLAGS}")
    ap.add_argument("--behaviour-cost", action="store_true",
                    help="also time cold and warm runs without the similarity fingerprints (tap, IR step)")
    ap.add_argument("--profile", action="store_true",
                    help="print the per-check profile of the last warm run (where a check's time goes)")
    args = ap.parse_args()
    root = args.release or max(p.parent for p in (REPO / "assignments").glob("*/manifest.json"))
    release = ReleaseInfo.load(root)
    sub = reference_submission(release)
    for ex_id in EXERCISE_IDS:  # the grader's own imports (jax, exercise modules) are not per-student cost
        load(ex_id)
    work = Path(tempfile.mkdtemp(prefix="jaxgrade-bench-"))
    try:
        settings = RunSettings(isolation=args.isolation, build_cache=work / "cache",
                               scratch_root=work / "scratch",
                               child_xla_flags=FAST_COMPILE_XLA_FLAGS if args.fast_compile else "")
        t0 = time.monotonic()
        cold = grade_submission(sub, release, settings)
        cold_s = time.monotonic() - t0
        cold_at_once_s = 0.0
        if args.chapters_at_once:  # a second cold run, its own empty build cache, chapters at once
            t0 = time.monotonic()
            cold_at_once = grade_submission(sub, release, dataclasses.replace(
                settings, build_cache=work / "cache-at-once", chapters_at_once=True))
            cold_at_once_s = time.monotonic() - t0
            assert cold_at_once.total == cold.total, f"cold at once: {cold_at_once.total}, not {cold.total}"
        cold_off_s, cold_off = 0.0, None
        if args.behaviour_cost:
            off_cold = dataclasses.replace(settings, behaviour=False, build_cache=work / "cache-off")
            t0 = time.monotonic()
            cold_off = grade_submission(sub, release, off_cold)
            cold_off_s = time.monotonic() - t0
            assert cold_off.total == cold.total, f"without fingerprints: {cold_off.total}, not {cold.total}"
        warm_runs, at_once_runs, off_runs = [], [], []
        warm_settings = dataclasses.replace(settings, compile_cache=args.compile_cache)
        at_once_settings = dataclasses.replace(warm_settings, chapters_at_once=True)
        for i in range(args.repeat):
            if args.chapters_at_once:
                t0 = time.monotonic()
                at_once = grade_submission(sub, release, at_once_settings)
                at_once_runs.append(time.monotonic() - t0)
                assert at_once.total == cold.total, f"at once: {at_once.total}, not {cold.total}"
            if args.behaviour_cost:
                t0 = time.monotonic()
                off = grade_submission(sub, release, dataclasses.replace(warm_settings, behaviour=False))
                off_runs.append(time.monotonic() - t0)
                # the parent's value tokens do not depend on the setting; the traces and the IR do
                assert not any(b.jaxprs for b in off.behaviour.values()), "a run without the tap traced"
            last = i == args.repeat - 1
            run_settings = dataclasses.replace(warm_settings, profile_dir=work / "profile") \
                if args.profile and last else warm_settings
            t0 = time.monotonic()
            warm = grade_submission(sub, release, run_settings)
            warm_runs.append(time.monotonic() - t0)
        warm_s = min(warm_runs)
        floor_s = floor_seconds(release, sub, settings, work / "floor", args.compile_cache)
        hit_ms = cache_hit_ms(settings, sub, release, work / "hits")
        cache_note = f", compile cache {args.compile_cache.name}" if args.compile_cache else ""
        print(f"release {release.version}, isolation {args.isolation}{cache_note}, "
              f"score {warm.total:g}/{warm.max_total:g} (cold {cold.total:g})")
        print(f"cold   {cold_s:7.2f} s per submission (empty build cache)")
        if cold_at_once_s:
            print(f"cold at-once {cold_at_once_s:5.2f} s per submission, chapters at the same time "
                  f"({cold_s / cold_at_once_s:.2f}x the cold run)")
        print(f"warm   {warm_s:7.2f} s per submission (best of {args.repeat}: "
              f"{', '.join(f'{t:.2f}' for t in warm_runs)})")
        if at_once_runs:
            print(f"at-once {min(at_once_runs):6.2f} s per submission, chapters at the same time (best of "
                  f"{args.repeat}: {', '.join(f'{t:.2f}' for t in at_once_runs)}); "
                  f"{warm_s / min(at_once_runs):.2f}x the warm run")
        if args.behaviour_cost and cold_off is not None:
            def build_s(result: object) -> float:
                return sum(p.duration_s for p in result.phases if p.name.endswith("/build"))  # type: ignore[attr-defined]

            print(f"fingerprints: cold {cold_s:.2f} s with, {cold_off_s:.2f} s without "
                  f"({cold_s / cold_off_s:.3f}x); build phases {build_s(cold):.2f} s with the IR step, "
                  f"{build_s(cold_off):.2f} s without ({build_s(cold) / max(1e-9, build_s(cold_off)):.2f}x)")
            print(f"fingerprints: warm {warm_s:.2f} s with, {min(off_runs):.2f} s without (best of "
                  f"{args.repeat}: {', '.join(f'{t:.2f}' for t in off_runs)}); "
                  f"{warm_s / min(off_runs):.3f}x; carried for: {sorted(warm.behaviour)}")
        print(f"floor  {floor_s:7.2f} s (reference answers + probes in one plain process)")
        print(f"ratio  {warm_s / floor_s:7.2f} x floor (target <= 1.5)")
        print(f"hit    {hit_ms:7.2f} ms per kernel build from cache incl. copy into the job (target < 50)")
        print("cold phases:")
        for p in cold.phases:
            print(f"  {p.name:16s} {p.duration_s:7.3f} s  {p.outcome}")
        print("warm phases:")
        for p in warm.phases:
            print(f"  {p.name:16s} {p.duration_s:7.3f} s  {p.outcome}")
        if args.profile:
            print_profile(load_profiles(work / "profile"))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
