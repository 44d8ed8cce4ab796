"""The grading run's fingerprints of the disguise benchmark's answers, for bench_similarity_disguise.py.

Every distinct answer text of the classes `bench_similarity_disguise.class_texts` builds is graded by
the real grader (`grade_submission`, bwrap sandbox, fixed seed so every answer sees the same inputs,
the exercises filter set to the units measured): student k of a chapter holds the k-th text of every
unit of that chapter. The master's answers are graded too (`REFERENCE_TEXT`): their jaxpr is no
evidence. What comes back is each result's `behaviour` (grade/run/behaviour_read.py), cached by the
text's hash in a JSON file, so a second run grades nothing.

Units with a kernel (silu_ffi, ffi_lowering, silu.cc) are not graded here: their answers need a
kernel build per text, and the disguise benchmark's C++ copies are compared as code only.
"""

from __future__ import annotations

import hashlib
import json
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from benchmarks.similarity_corpus import ROOT

BEHAVIOUR_UNITS = (
    "histogram", "recompile", "fusion", "safe_distance", "reduce_sum_rules", "gammaln_callback",
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

    if entries:
        print(f"grading {len(entries)} notebooks for their fingerprints (cached in {cache})", flush=True)
        with ThreadPoolExecutor(max_workers=jobs) as pool:
            for done, got in enumerate(pool.map(one, entries), 1):
                known.update(got)
                cache.write_text(json.dumps(known))
                if done % 10 == 0:
                    print(f"  {done}/{len(entries)} graded", flush=True)
    return known
