"""jaxgrade against `otter run` on the same submissions, compile cache cold against warm, in ONE run.

    .venv/bin/python benchmarks/bench_vs_otter.py [--students 10] [--jobs 2] [--skip-otter] [--smoke]

Not a test: it prints numbers. What it does, in this order:
  1. submissions  --students entries (default 10), each a folder with both chapter notebooks: entry 0
                  holds every master answer; entry k holds, per exercise, corpus variant k-1 (cycling
                  through tests/corpus/answers/<id>/: correct, partial and wrong ones), so the batch
                  mixes full, partial and zero scores.
  2. otter        builds otter's autograder zips from the masters with `generate` switched on (as an
                  Otter course ships them; setup not timed), then `otter run -a ZIP` on every
                  notebook, --jobs at a time (public tests only, no sandbox: what otter does).
  3. jaxgrade     `jaxgrade grade SUBS --jobs N --compile-cache off` (cache cold), then
                  `jaxgrade warm-cache` into a private cache root (timed on its own), then
                  `jaxgrade grade ... --compile-cache DIR` (cache warm); same grades required.
  4. hit rates    a trusted plain process (no student code: masters' answers and corpus variants are
                  the project's own) per category runs setup + answer cells + probes with the warm
                  cache read-only and counts JAX's cache events, split into the answer cells and the
                  probes' own computations: reference answers, correct variants, partial/wrong
                  variants, untouched notebooks (only setup and probes compile). Fresh seeds, as in
                  grading (each picks its entry of the structure pool). The kernel child is not
                  counted: it uses no JAX and no cache (autograder/sandboxed/xla_direct.py).
  5. cold start   where a child's first seconds go: interpreter, `import jax`, backend init, IPython
                  shell, each chapter's release setup cells (plain process, no sandbox).
Prints wall seconds and CPU seconds (each command runs in a cgroup of its own: the grader, its
sandboxed children and builds, otter and its kernels), and the load average at start and end: on
a shared machine wall-clock ratios are noisy, CPU seconds much less so.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import textwrap
import time
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from autograder.exercises import CHAPTERS, EXERCISE_IDS, load  # noqa: E402
from autograder.exercises.structure_pool import structure_seed  # noqa: E402
from autograder.grade.cells import map_cells  # noqa: E402
from autograder.grade.job_folder import write_inputs  # noqa: E402
from autograder.grade.run import exercise_seed, release_notebook  # noqa: E402
from autograder.model import ReleaseInfo  # noqa: E402
from autograder.release.compile_cache import corpus_variants, master_answers, with_answers  # noqa: E402
from examples.make_examples import own_sequence  # noqa: E402

CORPUS = REPO / "tests" / "corpus" / "answers"
BIN = Path(sys.executable).parent


CPUACCT = Path("/sys/fs/cgroup/cpuacct")  # cgroup v1 CPU accounting (cgroup v2: cpu.stat)


class CpuMeter:
    """CPU seconds of every process started through `wrap(argv)` and all their descendants (sandboxed
    children, otter's kernels): a cgroup of its own; on a loaded machine a steadier measure of the
    work than wall time. `seconds()` is None where no cgroup can be made (not root, no cgroupfs)."""

    def __init__(self, label: str):
        self.path: Path | None = None
        for base, usage in ((CPUACCT, "cpuacct.usage"), (Path("/sys/fs/cgroup"), "cpu.stat")):
            if (base / usage).is_file() and os.access(base, os.W_OK):
                path = base / f"jaxgrade-bench-{os.getpid()}-{label}"
                try:
                    path.mkdir()
                except OSError:
                    continue
                self.path, self.usage = path, usage
                break

    def wrap(self, argv: list[str]) -> list[str]:
        if self.path is None:
            return argv
        join = f'echo $$ > {self.path / "cgroup.procs"} && exec "$@"'
        return ["/bin/sh", "-c", join, "sh", *argv]

    def seconds(self) -> float | None:
        if self.path is None:
            return None
        text = (self.path / self.usage).read_text()
        if self.usage == "cpuacct.usage":
            return int(text) / 1e9
        return int(dict(line.split() for line in text.splitlines())["usage_usec"]) / 1e6

    def close(self) -> None:
        if self.path is not None:
            try:
                self.path.rmdir()  # empty once every process in it has ended
            except OSError:
                pass


def cpu_text(seconds: float | None) -> str:
    return f"{seconds:8.1f} s CPU" if seconds is not None else "     n/a CPU"


def loadavg() -> str:
    return Path("/proc/loadavg").read_text().split(" ", 3)[:3].__str__()


def make_submissions(release: ReleaseInfo, n: int, subs: Path) -> dict[str, dict[str, str]]:
    """SUBS/<id>/<chapter notebook>; returns id -> exercise -> "variant (verdict)"."""
    released = {ch: release_notebook(p) for ch, p in release.notebooks.items()}
    masters = {ch: master_answers(REPO / "solutions", p.name) for ch, p in release.notebooks.items()}
    variants = {ex: corpus_variants(CORPUS, ex) for ex in EXERCISE_IDS}
    plan = {}
    for k in range(n):
        sid = f"s{k:02d}"
        (subs / sid).mkdir(parents=True)
        plan[sid] = {}
        for ch, path in release.notebooks.items():
            answers = {}
            for ex in masters[ch]:
                if k == 0:
                    answers[ex], plan[sid][ex] = masters[ch][ex], "master (full)"
                else:
                    name, verdict, cells = variants[ex][(k - 1) % len(variants[ex])]
                    answers[ex], plan[sid][ex] = cells, f"{name} ({verdict})"
            nb = with_answers(released[ch], answers)
            if k == 0 and "recompile" in answers:  # the master's count is for the shared example sequence
                nb = own_sequence(nb, sid, release.root)
            (subs / sid / path.name).write_text(json.dumps(nb, ensure_ascii=False), encoding="utf-8")
    return plan


# --- otter ---------------------------------------------------------------------------------------


def otter_zips(work: Path) -> dict[str, Path]:
    """chapter notebook name -> otter autograder zip built from the master with generate on."""
    src = work / "otter-src"
    src.mkdir()
    for name in ("jaxcourse", "kernels"):
        shutil.copytree(REPO / name, src / name, ignore=shutil.ignore_patterns("__pycache__"))
    zips = {}
    for master in sorted((REPO / "solutions").glob("*.ipynb")):
        nb = json.loads(master.read_text(encoding="utf-8"))
        config = "".join(nb["cells"][0]["source"])
        if "generate: false" not in config:
            raise SystemExit(f"{master.name}: no 'generate: false' in its ASSIGNMENT CONFIG")
        nb["cells"][0]["source"] = config.replace(
            "generate: false", "generate: true\nfiles:\n  - jaxcourse\n  - kernels"
        )
        (src / master.name).write_text(json.dumps(nb, ensure_ascii=False), encoding="utf-8")
        dist = work / f"otter-dist-{master.stem}"
        subprocess.run(
            [str(BIN / "otter"), "assign", "--no-pdfs", "--no-run-tests", master.name, str(dist)],
            cwd=src, check=True, capture_output=True, timeout=900,
        )  # fmt: skip
        zips[master.name] = next((dist / "autograder").glob("*.zip"))
    return zips


def otter_batch(subs: Path, zips: dict[str, Path], jobs: int, work: Path
                ) -> tuple[float, float | None, dict[str, float]]:  # fmt: skip
    """(wall s, CPU s) for `otter run` on every notebook, `jobs` at a time; id -> otter's total score."""
    runs = [(sid.name, nb) for sid in sorted(subs.iterdir()) for nb in sorted(sid.glob("*.ipynb"))]
    meter = CpuMeter("otter")

    def one(run: tuple[str, Path]) -> tuple[str, float]:
        sid, nb = run
        out = work / "otter-out" / sid / nb.stem
        out.mkdir(parents=True)
        proc = subprocess.run(
            meter.wrap([str(BIN / "otter"), "run", "-a", str(zips[nb.name]), "-o", str(out), str(nb)]),
            capture_output=True, text=True, timeout=1800, check=False,
        )  # fmt: skip
        try:
            tests = json.loads((out / "results.json").read_text())["tests"]
            return sid, sum(float(t.get("score") or 0) for t in tests)
        except (OSError, ValueError, KeyError):
            print(f"  otter run failed on {sid}/{nb.name}: {proc.stderr[-300:]}", file=sys.stderr)
            return sid, float("nan")

    t0 = time.monotonic()
    try:
        with ThreadPoolExecutor(max_workers=jobs) as pool:
            scores: dict[str, float] = defaultdict(float)
            for sid, score in pool.map(one, runs):
                scores[sid] += score
        return time.monotonic() - t0, meter.seconds(), dict(scores)
    finally:
        meter.close()


# --- jaxgrade ------------------------------------------------------------------------------------


def run_metered(label: str, argv: list[str]) -> tuple[float, float | None, subprocess.CompletedProcess]:
    """(wall s, CPU s of the process and all its descendants, the finished process)."""
    meter = CpuMeter(label)
    try:
        t0 = time.monotonic()
        proc = subprocess.run(meter.wrap(argv), capture_output=True, text=True, check=False, cwd=REPO)
        return time.monotonic() - t0, meter.seconds(), proc
    finally:
        meter.close()


def jaxgrade_batch(subs: Path, out: Path, release: Path, jobs: int, cache: str) -> tuple[float, float | None]:
    """(wall s, CPU s of the grader and all its children) for one `jaxgrade grade` batch."""
    argv = [str(BIN / "jaxgrade"), "grade", str(subs), "--out", str(out), "--release", str(release),
            "--jobs", str(jobs), "--compile-cache", cache]  # fmt: skip
    wall, cpu, proc = run_metered(f"grade-{out.name}", argv)
    if proc.returncode != 0:
        raise SystemExit(f"jaxgrade grade failed ({proc.returncode}): {proc.stderr[-2000:]}")
    return wall, cpu


def phase_seconds(out: Path) -> dict[str, float]:
    """Phase name (child#n folded into child) -> seconds summed over the batch, from the gradebook."""
    con = sqlite3.connect(out / "gradebook.sqlite")
    try:
        rows = con.execute("SELECT name, duration_s FROM phases").fetchall()
    finally:
        con.close()
    sums: dict[str, float] = defaultdict(float)
    for name, seconds in rows:
        sums[name.split("#", 1)[0]] += seconds
    return dict(sorted(sums.items()))


# --- hit rates -----------------------------------------------------------------------------------

HARNESS = textwrap.dedent("""
    import importlib, json, sys
    from pathlib import Path
    from jax._src import monitoring
    EV = {"hits": 0, "requests": 0}
    def _count(event, **_):
        if event == "/jax/compilation_cache/cache_hits":
            EV["hits"] += 1
        elif event == "/jax/compilation_cache/compile_requests_use_cache":
            EV["requests"] += 1
    monitoring.register_event_listener(_count)
    from IPython.core.interactiveshell import InteractiveShell
    from autograder.sandboxed.inputs import load_inputs
    from autograder.sandboxed.observe import Recorder
    job = json.loads(Path(sys.argv[1]).read_text())
    out = {"setup": [0, 0], "cells": [0, 0], "probe": [0, 0]}
    def add(part, before):
        out[part][0] += EV["hits"] - before[0]
        out[part][1] += EV["requests"] - before[1]
    for chapter in job["chapters"]:
        shell = InteractiveShell.instance()
        shell.reset(new_session=False)
        before = (EV["hits"], EV["requests"])
        for src in chapter["setup"]:
            shell.run_cell(src, store_history=False)
        add("setup", before)
        for ex in chapter["exercises"]:
            before = (EV["hits"], EV["requests"])
            for src in ex["cells"]:
                shell.run_cell(src, store_history=False)
            add("cells", before)
            probe = importlib.import_module(f"autograder.sandboxed.probes.{ex['id']}")
            before = (EV["hits"], EV["requests"])
            try:
                probe.probe(shell.user_ns, load_inputs(Path(job["inputs"]), ex["id"]),
                            Recorder(Path(job["obs"]), ex["id"]))
            except BaseException:
                pass
            add("probe", before)
    print(json.dumps(out))
""")


def hit_rates(release: ReleaseInfo, cache: Path, category: str, notebooks: dict[str, dict], work: Path
              ) -> dict[str, list[int]]:  # fmt: skip
    """part -> [hits, requests] for one category's notebooks (seed as grading derives it)."""
    work.mkdir(parents=True)
    chapters = []
    for chapter, ids in CHAPTERS.items():
        cells = map_cells(chapter, release_notebook(release.notebooks[chapter]), notebooks[chapter])
        for ex_id in ids:
            seed = exercise_seed(release.version, ex_id, f"bench-hit-rates-{category}")
            mod = load(ex_id)
            inp = mod.inputs(seed) if mod.EXERCISE.per_student else mod.inputs(
                seed, structure_seed=structure_seed(release.version, ex_id, seed))
            write_inputs(work / "inputs", ex_id, inp)
        chapters.append(
            {
                "setup": list(cells.setup),
                "exercises": [
                    {"id": ex_id, "cells": [c.source for c in cells.answers[ex_id]]} for ex_id in ids
                ],
            }
        )
    (work / "obs").mkdir()
    (work / "cwd").mkdir()
    job = {"chapters": chapters, "inputs": str(work / "inputs"), "obs": str(work / "obs")}
    (work / "job.json").write_text(json.dumps(job))
    env = {**os.environ, "PYTHONPATH": str(REPO), "JAX_PLATFORMS": "cpu", "HOME": str(work),
           "JAXCOURSE_BUILD_DIR": str(work / "build"), "JAX_COMPILATION_CACHE_DIR": str(cache),
           "JAX_PERSISTENT_CACHE_MIN_COMPILE_TIME_SECS": "1000000000"}  # fmt: skip
    proc = subprocess.run([sys.executable, "-c", HARNESS, str(work / "job.json")], cwd=work / "cwd",
                          env=env, capture_output=True, text=True, check=False, timeout=1800)  # fmt: skip
    try:
        return json.loads(proc.stdout.strip().splitlines()[-1])
    except (IndexError, ValueError):
        raise SystemExit(f"hit-rate harness failed for {category}: {proc.stderr[-2000:]}") from None


def category_notebooks(release: ReleaseInfo) -> dict[str, dict[str, dict]]:
    """category -> chapter -> notebook."""
    released = {ch: release_notebook(p) for ch, p in release.notebooks.items()}
    masters = {ch: master_answers(REPO / "solutions", p.name) for ch, p in release.notebooks.items()}
    variants = {ex: corpus_variants(CORPUS, ex) for ex in EXERCISE_IDS}

    def pick(want: set[str]) -> dict[str, dict]:
        out = {}
        for ch, answers in masters.items():
            chosen = {}
            for ex in answers:
                matching = [cells for _, verdict, cells in variants[ex] if verdict in want]
                chosen[ex] = matching[-1] if matching else answers[ex]
            out[ch] = with_answers(released[ch], chosen)
        return out

    return {
        "reference answers": {ch: with_answers(released[ch], masters[ch]) for ch in masters},
        "correct variants": pick({"full"}),
        "partial/wrong variants": pick({"partial", "zero"}),
        "untouched notebooks": dict(released),
    }


# --- cold start ----------------------------------------------------------------------------------

COLD = textwrap.dedent("""
    import json, sys, time
    t = [("interpreter start", time.monotonic())]
    import jax, jax.numpy as jnp
    t.append(("import jax", time.monotonic()))
    jnp.ones(3).block_until_ready()
    t.append(("backend init + first op", time.monotonic()))
    from IPython.core.interactiveshell import InteractiveShell
    from traitlets.config import Config
    cfg = Config(); cfg.HistoryManager.enabled = False
    shell = InteractiveShell(config=cfg)
    t.append(("IPython shell", time.monotonic()))
    for src in json.loads(sys.argv[1]):
        shell.run_cell(src, store_history=False)
    t.append(("release setup cells", time.monotonic()))
    print(json.dumps([(name, b - a) for (_, a), (name, b) in zip(t, t[1:])]))
""")


def cold_start(release: ReleaseInfo, work: Path) -> dict[str, list[tuple[str, float]]]:
    """Each chapter twice with one build folder; the second run is reported (the first builds the
    course kernel, which grading takes prebuilt from its build cache)."""
    out = {}
    for chapter in CHAPTERS:
        nb = release_notebook(release.notebooks[chapter])
        setup = list(map_cells(chapter, nb, nb).setup)
        cwd = work / f"cold-{chapter}"
        cwd.mkdir(parents=True)
        env = {**os.environ, "PYTHONPATH": str(REPO), "JAX_PLATFORMS": "cpu", "HOME": str(cwd),
               "JAXCOURSE_BUILD_DIR": str(cwd / "build")}  # fmt: skip
        for _ in range(2):
            t0 = time.monotonic()
            proc = subprocess.run([sys.executable, "-c", COLD, json.dumps(setup)], cwd=cwd, env=env,
                                  capture_output=True, text=True, check=True)  # fmt: skip
            total = time.monotonic() - t0
        steps = json.loads(proc.stdout.strip().splitlines()[-1])
        out[chapter] = [*[(name, s) for name, s in steps], ("process total (incl. start, exit)", total)]
    return out


def smoke_corpus(smoke: bool, work: Path) -> list[str]:
    """warm-cache arguments: in a smoke run an empty corpus, so only the master answers are compiled
    (the corpus variants are most of a full fill's two minutes)."""
    if not smoke:
        return []
    empty = work / "empty-corpus"
    empty.mkdir()
    return ["--corpus", str(empty)]


# --- main ----------------------------------------------------------------------------------------


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--release", type=Path, default=REPO / "assignments" / "2026-fall")
    ap.add_argument("--students", type=int, default=10)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--skip-otter", action="store_true", help="only jaxgrade (no ratio)")
    ap.add_argument("--keep", action="store_true", help="keep the work folder (printed)")
    ap.add_argument(
        "--smoke",
        action="store_true",
        help="the test suite's tiny run: warm-cache of the master answers only (no corpus variants), "
        "hit rates of the reference answers only",
    )
    args = ap.parse_args()
    release = ReleaseInfo.load(args.release)
    work = Path(tempfile.mkdtemp(prefix="jaxgrade-vs-otter-"))
    os.chmod(work, 0o711)
    print(f"load average at start: {loadavg()}  ({os.cpu_count()} cores)", flush=True)
    try:
        subs = work / "subs"
        plan = make_submissions(release, args.students, subs)
        print(f"{args.students} submissions x 2 notebooks, --jobs {args.jobs}:")
        for sid, exs in plan.items():
            print(f"  {sid}: " + ", ".join(f"{ex}={v}" for ex, v in exs.items()))

        otter_s = otter_cpu = otter_scores = None
        if not args.skip_otter:
            t0 = time.monotonic()
            zips = otter_zips(work)
            print(f"otter assign with generate (not timed below): {time.monotonic() - t0:.1f} s", flush=True)
            otter_s, otter_cpu, otter_scores = otter_batch(subs, zips, args.jobs, work)
            print(f"otter run       {otter_s:8.1f} s wall {cpu_text(otter_cpu)}  "
                  f"({2 * args.students} notebooks, {args.jobs} at a time)", flush=True)  # fmt: skip

        cold_out = work / "out-cold"
        cold_s, cold_cpu = jaxgrade_batch(subs, cold_out, args.release, args.jobs, "off")
        print(f"jaxgrade cold   {cold_s:8.1f} s wall {cpu_text(cold_cpu)}  (--compile-cache off)", flush=True)
        root = work / "xla-root"
        fill_s, fill_cpu, fill = run_metered("warm-cache", [
            str(BIN / "jaxgrade"), "warm-cache", "--release", str(args.release), "--root", str(root),
            "--jobs", str(args.jobs), *smoke_corpus(args.smoke, work)])  # fmt: skip
        if fill.returncode != 0:
            raise SystemExit(f"warm-cache failed: {fill.stderr[-2000:]}")
        cache = next(p for p in root.iterdir() if p.is_dir() and not p.name.startswith("."))
        entries = sum(1 for _ in os.scandir(cache))
        print(f"warm-cache      {fill_s:8.1f} s wall {cpu_text(fill_cpu)}  ({entries} entries, once per "
              "release and grader)", flush=True)  # fmt: skip
        warm_out = work / "out-warm"
        warm_s, warm_cpu = jaxgrade_batch(subs, warm_out, args.release, args.jobs, str(cache))
        print(f"jaxgrade warm   {warm_s:8.1f} s wall {cpu_text(warm_cpu)}  (--compile-cache {cache.name})",
              flush=True)  # fmt: skip
        same = (cold_out / "grades.csv").read_bytes() == (warm_out / "grades.csv").read_bytes()

        print("\n== summary (ratios > 1: jaxgrade faster) ==")
        print(f"grades.csv cold == warm: {'yes' if same else 'NO'}")

        def ratio(a: float | None, b: float | None) -> str:
            return f"{a / b:5.2f}x ({a:.1f} / {b:.1f} s)" if a is not None and b else "n/a"

        if otter_s is not None:
            for label, wall, cpu in (("cold", cold_s, cold_cpu), ("warm", warm_s, warm_cpu)):
                print(f"jaxgrade {label} vs otter: wall {ratio(otter_s, wall)}   CPU {ratio(otter_cpu, cpu)}")
        print(f"warm vs cold:           wall {ratio(cold_s, warm_s)}   CPU {ratio(cold_cpu, warm_cpu)}")
        grades = {line.split(",")[0]: line.split(",")[-3] for line in
                  (warm_out / "grades.csv").read_text().splitlines()[1:]}  # fmt: skip
        print("scores (jaxgrade total / otter public-test total):")
        for sid in plan:
            otter_txt = f"{otter_scores[sid]:g}" if otter_scores else "-"
            print(f"  {sid}: {grades.get(sid, '?'):>6} / {otter_txt}")

        print("\nper-phase seconds, summed over the batch (gradebook phases):")
        cold_p, warm_p = phase_seconds(cold_out), phase_seconds(warm_out)
        print(f"  {'phase':16s} {'cold':>8s} {'warm':>8s}")
        for name in sorted({*cold_p, *warm_p}):
            print(f"  {name:16s} {cold_p.get(name, 0):8.1f} {warm_p.get(name, 0):8.1f}")

        print("\nhit rates with the warm cache (hits / compile requests; fresh seeds):")
        categories = category_notebooks(release)
        for category, notebooks in categories.items():
            if args.smoke and category != "reference answers":
                continue
            parts = hit_rates(release, cache, category, notebooks, work / "hits" / category.replace("/", "-"))
            text = "  ".join(
                f"{part} {h}/{r} ({100 * h / r if r else 0:.0f}%)" for part, (h, r) in parts.items()
            )
            print(f"  {category:24s} {text}", flush=True)

        print("\ncold start of a child (plain process, no sandbox):")
        for chapter, steps in cold_start(release, work).items():
            print(f"  {chapter}: " + ", ".join(f"{name} {s:.2f} s" for name, s in steps))
        print(f"\nload average at end: {loadavg()}")
    finally:
        if args.keep:
            print(f"work folder: {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
