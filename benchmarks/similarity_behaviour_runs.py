"""The grading run's fingerprints of the disguise benchmark's answers, for bench_similarity_disguise.py.

Every distinct answer text of the classes `bench_similarity_disguise.class_texts` builds is graded by
the real grader (`grade_submission`, bwrap sandbox, fixed seed so every answer sees the same inputs,
the exercises filter set to the units measured): student k of a chapter holds the k-th text of every
unit of that chapter. The master's answers are graded too (`REFERENCE_TEXT`): their jaxpr is no
evidence. What comes back is each result's `behaviour` (grade/run/behaviour_read.py), cached by the
text's hash in a JSON file, so a second run grades nothing.

Units with a kernel (silu_ffi, ffi_lowering) are not graded here: their answers need a kernel build
per text. The kernel unit (`silu.cc`) is: each kernel text is built by the grader's build cache in
the bwrap sandbox with its IR fingerprint (grade/build.py, grade/kernel_ir.py), exactly the build
step of a grading run, without running the rest of the notebook (`kernel_fingerprints`).
"""

from __future__ import annotations

import hashlib
import json
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from benchmarks.similarity_corpus import ROOT

KERNEL_UNIT = "silu.cc"
BEHAVIOUR_UNITS = (
    "histogram", "recompile", "fusion", "safe_distance", "reduce_sum_rules", "gammaln_callback", KERNEL_UNIT,
)
SEED = 20261129
CACHE = Path(tempfile.gettempdir()) / "jaxgrade-similarity-behaviour-cache.json"
REFERENCE_TEXT = "\0reference"


def text_key(unit: str, text: str) -> str:
    return hashlib.sha256(f"{unit}\0{text}".encode()).hexdigest()[:32]


def _student_id(k: int, release_root: Path) -> str:
    """An id whose recompile sequence is the pool's first (the corpus's recompile answers were written
    for it; the grader picks the sequence by the student id)."""
    from jaxcourse.variants import load_pool, variant_index

    pool = load_pool(release_root / "jaxcourse" / "recompile_pool.json")
    return next(sid for n in range(10_000) if variant_index(sid := f"entry{k}-{n}", pool) == 0)


def fingerprints(
    texts_by_unit: dict[str, set[str]], *, jobs: int = 2, cache: Path = CACHE
) -> dict[str, dict]:
    """text key -> ExerciseBehaviour JSON (`to_json`; {} when the run recorded nothing)."""
    from autograder.exercises import CHAPTERS
    from autograder.grade.run import RunSettings, grade_submission
    from autograder.model import ChapterNotebook, ReleaseInfo, StudentSubmission

    known: dict[str, dict] = json.loads(cache.read_text()) if cache.is_file() else {}
    todo = {u: sorted(t for t in ts if text_key(u, t) not in known) for u, ts in texts_by_unit.items()}
    release = ReleaseInfo.load(ROOT / "assignments" / "2026-fall")
    entries = []
    tmp = Path(tempfile.mkdtemp(prefix="jaxgrade-bench-behaviour-"))
    for chapter, ids in CHAPTERS.items():
        units = [u for u in ids if todo.get(u)]
        if not units:
            continue
        released = json.loads(release.notebooks[chapter].read_text(encoding="utf-8"))
        for k in range(max(len(todo[u]) for u in units)):
            answers = {u: todo[u][k] for u in units if k < len(todo[u])}
            nb = json.loads(json.dumps(released))
            for cell in nb["cells"]:
                meta = cell.get("metadata", {}).get("jaxgrade", {})
                if meta.get("role") == "answer" and meta.get("exercise") in answers:
                    cell["source"] = answers[meta["exercise"]]
            digest = hashlib.sha256(json.dumps(answers, sort_keys=True).encode()).hexdigest()
            sid = _student_id(k, release.root)
            sub = StudentSubmission(sid, digest, {chapter: ChapterNotebook(chapter, f"{sid}.ipynb", nb)})
            settings = RunSettings(isolation="bwrap", exercises=tuple(answers), seed_policy="fixed",
                                   fixed_seed=SEED, build_cache=tmp / "build-cache",
                                   scratch_root=tmp / "scratch")
            entries.append((sub, settings, answers))

    def one(entry: tuple) -> dict[str, dict]:
        sub, settings, answers = entry
        result = grade_submission(sub, release, settings)
        return {text_key(u, t): (result.behaviour[u].to_json() if u in result.behaviour else {})
                for u, t in answers.items()}

    kernels = todo.get(KERNEL_UNIT, [])
    if kernels:
        print(f"building {len(kernels)} kernels for their IR fingerprints", flush=True)
        known.update(kernel_fingerprints(kernels, tmp, jobs=jobs))
        cache.write_text(json.dumps(known))
    if entries:
        print(f"grading {len(entries)} notebooks for their fingerprints (cached in {cache})", flush=True)
        with ThreadPoolExecutor(max_workers=jobs) as pool:
            for done, got in enumerate(pool.map(one, entries), 1):
                known.update(got)
                cache.write_text(json.dumps(known))
                if done % 10 == 0:
                    print(f"  {done}/{len(entries)} graded", flush=True)
    return known


def kernel_fingerprints(texts: list[str], tmp: Path, *, jobs: int = 2) -> dict[str, dict]:
    """text key -> the kernel unit's fingerprint JSON ({} when the text does not build), each text
    built in the bwrap sandbox by the grader's build cache with its IR step (as a grading run's
    build step does for the chosen source); the time of the IR step is printed beside the build's."""
    from autograder.grade.build import BuildCache, KernelSource
    from autograder.grade.run.behaviour_read import kernel_fingerprint
    from autograder.grade.run.job import BUILD_VISIBLE, covered_top_level, python_prefixes
    from autograder.sandbox import Limits, Mount, make_sandbox

    limits = Limits(wall_s=300, address_space_bytes=4 * 2**30)
    cache = BuildCache(tmp / "kernel-cache", make_sandbox("bwrap", uid=65098, gid=65098),
                       scratch_root=tmp / "kernel-scratch", limits=limits,
                       hidden=[*covered_top_level(BUILD_VISIBLE), tmp],
                       mounts=[Mount(Path(p), p) for p in python_prefixes()])
    build_s: list[float] = []
    ir_s: list[float] = []

    def one(text: str) -> tuple[str, dict]:
        out = cache.build(KernelSource("silu.cc", text.encode(), "cell"), fingerprint=True)
        if out.ok:
            build_s.append(out.duration_s - out.ir_s)
            ir_s.append(out.ir_s)
        fp = kernel_fingerprint(out.ir)
        return text_key(KERNEL_UNIT, text), (fp.to_json() if fp is not None else {})

    with ThreadPoolExecutor(max_workers=jobs) as pool:
        got = dict(pool.map(one, texts))
    if build_s:
        print(f"  kernel builds: {len(build_s)}, build {sum(build_s) / len(build_s):.2f} s, IR step "
              f"{sum(ir_s) / len(ir_s):.2f} s on average (IR/build {sum(ir_s) / sum(build_s):.2f})",
              flush=True)
    return got
