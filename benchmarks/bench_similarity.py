"""How well `jaxgrade similarity` finds disguised copies, and what it costs.

Planted-copy corpus (per unit: the 8 exercises and silu.cc), from tests/corpus/answers/:
  * bases: every variant except the degenerate family and `undefined` (correct and partial answers);
  * per base two disguised copies (benchmarks/similarity_disguise.py: all identifiers renamed,
    definitions reordered, comments, prints and dead code added, loop style changed; C++: renamed,
    reformatted, handlers reordered), with different seeds;
  * planted pairs: base~copy1, base~copy2, copy1~copy2;
  * independent pairs: every version of base X against every version of base Y, X != Y, for bases
    written independently (the `mistake_*` variants are the reference with one bug, and
    `master_solution` is the master: those are copies by construction, not independent). The
    independent correct answers of one exercise are the hard negatives.
A planted pair counts as found when it is reported as a pair, or when both sides are reported as
close to the reference solution (what the TA sees when both copied the master). Pairs with a side
too short to compare are left out of both rates and counted.

Engines measured (the table in docs/architecture.md, "Similarity report"):
  * `tree-sitter`: the shipped engine (autograder/similarity/), template and reference subtracted;
  * `tree-sitter-names`: the same with every attribute name abstracted too;
  * `copydetect`: copydetect's Pygments tokens and winnowing, its default k=25, window 6, the
    template as boilerplate (only when copydetect is installed: it is not a project dependency).

Scale: `--students 300` students x 8 exercises (+ silu.cc) as notebooks on disk, read by the
grader's intake, compared and written as HTML + CSV, timed end to end, with the peak RSS.
`--smoke`: one exercise and 12 students (what tests/test_similarity.py runs).
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import sys
import tempfile
import time
from collections.abc import Callable
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.similarity_corpus import (  # noqa: E402
    CONVERGENT_PREFIX,
    ROOT,
    Answer,
    load_corpus,
    write_student,
)
from benchmarks.similarity_disguise import disguise_cpp, disguise_python  # noqa: E402

THRESHOLDS = (0.3, 0.4, 0.5, 0.6, 0.7)
Scores = dict[tuple[str, str], float]


def _base_names(exercise: str) -> list[str]:
    return [n for n in load_corpus(exercise) if not n.startswith("degenerate_") and n != "undefined"]


def _written_independently(exercise: str, name: str) -> bool:
    """The corpus says so in the answer's first line: the reference, or "Correct, written differently"
    (the mistakes, bypasses and unfinished variants are mostly one edit away from the reference)."""
    if name.startswith(CONVERGENT_PREFIX):
        return True
    first = load_corpus(exercise)[name].python.lstrip().split("\n", 1)[0]
    return first.startswith(("# Reference answer", "# Correct"))


def unit_texts(unit: str, seed: int) -> dict[str, str]:
    """name -> text for the bases and their two copies (`<base>~1`, `<base>~2`)."""
    exercise = "silu_ffi" if unit == "silu.cc" else unit
    corpus = load_corpus(exercise)
    texts: dict[str, str] = {}
    for i, name in enumerate(_base_names(exercise)):
        answer = corpus[name]
        base = answer.kernel if unit == "silu.cc" else answer.python
        if base is None:
            continue
        disguise = disguise_cpp if unit == "silu.cc" else disguise_python
        texts[name] = base
        for c in (1, 2):
            texts[f"{name}~{c}"] = disguise(base, seed * 1000 + i * 10 + c)
    return texts


Pairs = list[tuple[str, str]]


def labelled_pairs(unit: str, texts: dict[str, str]) -> tuple[Pairs, Pairs, Pairs]:
    """(planted, independent correct answers, other distinct variants) pairs."""
    exercise = "silu_ffi" if unit == "silu.cc" else unit
    planted, independent, variants = [], [], []
    for a, b in combinations(sorted(texts), 2):
        ba, bb = a.split("~")[0], b.split("~")[0]
        if ba == bb:
            planted.append((a, b))
        elif _written_independently(exercise, ba) and _written_independently(exercise, bb):
            independent.append((a, b))
        else:
            variants.append((a, b))
    return planted, independent, variants


def _release_subtracted(keep_reference: bool = True):  # noqa: ANN202
    from autograder.model import ReleaseInfo
    from autograder.similarity.units import Subtracted, subtracted

    sub = subtracted(ReleaseInfo.load(ROOT / "assignments" / "2026-fall"), ROOT / "solutions")
    return sub if keep_reference else Subtracted(sub.template, {})


Engine = Callable[[str, dict[str, str]], tuple[Scores, set[str], dict[str, float]]]


def engine_tree_sitter(keep_attributes: bool) -> Engine:
    def score(unit: str, texts: dict[str, str]) -> tuple[Scores, set[str], dict[str, float]]:
        from autograder.similarity import analyse, tokens

        original = tokens.tokenize
        if not keep_attributes:
            analyse.tokenize = lambda s, lang, **kw: original(s, lang, keep_attributes=False, **kw)  # type: ignore[assignment]
        try:
            rep = analyse.analyse_unit(
                unit, texts, _release_subtracted(), threshold=0.0, min_tokens=analyse.DEFAULT_MIN_TOKENS
            )
        finally:
            analyse.tokenize = original  # type: ignore[assignment]
        scores: Scores = {(m.a, m.b): m.similarity for m in rep.pairs}
        near_ref = {m.a: m.similarity for m in rep.reference}
        return scores, {*rep.too_short, *rep.starter_only}, near_ref

    return score


def engine_copydetect(unit: str, texts: dict[str, str]) -> tuple[Scores, set[str], dict[str, float]]:
    import copydetect

    suffix = ".cc" if unit == "silu.cc" else ".py"
    sub = _release_subtracted()
    with tempfile.TemporaryDirectory() as tmp:
        tpl = Path(tmp) / f"template{suffix}"
        tpl.write_text(
            "\n".join(t for _, t in sub.template.get(unit, [])) + "\n" + sub.reference.get(unit, "")
        )
        import numpy as np

        boiler = np.array(sorted(copydetect.CodeFingerprint(str(tpl), 25, 6).hashes))
        fps = {}
        for name, text in texts.items():
            path = Path(tmp) / f"{abs(hash(name))}{suffix}"
            path.write_text(text)
            fps[name] = copydetect.CodeFingerprint(str(path), 25, 6, boilerplate=boiler)
    scores: Scores = {}
    for a, b in combinations(sorted(texts), 2):
        if len(fps[a].hashes) and len(fps[b].hashes):
            _, (s1, s2), _ = copydetect.compare_files(fps[a], fps[b])
            scores[a, b] = max(s1, s2)
    return scores, {n for n, fp in fps.items() if len(fp.hashes) == 0}, {}


def _rates(
    scores: Scores, near_ref: dict[str, float], pairs: tuple[Pairs, Pairs, Pairs], t: float
) -> tuple[int, int, int]:
    planted, independent, variants = pairs
    found = sum(
        scores.get(p, 0.0) >= t or min(near_ref.get(p[0], 0), near_ref.get(p[1], 0)) >= t for p in planted
    )
    return (
        found,
        sum(scores.get(p, 0.0) >= t for p in independent),
        sum(scores.get(p, 0.0) >= t for p in variants),
    )


def measure_quality(units: list[str], engines: dict[str, Engine], seed: int) -> None:
    """Per engine and unit: recall of planted pairs, false positives among independent correct answers
    (fp) and among the other distinct variants (fpv, for information), at each threshold."""
    print(
        f"{'engine':18} {'unit':17} {'plant':>5} {'indep':>5} {'var':>5} {'short':>5}  "
        + "  ".join(f"rec/fp/fpv@{t:.1f}  " for t in THRESHOLDS)
    )
    for engine_name, engine in engines.items():
        totals = {t: [0] * 6 for t in THRESHOLDS}
        started = time.perf_counter()
        for unit in units:
            texts = unit_texts(unit, seed)
            scores, short, near_ref = engine(unit, texts)
            pairs = tuple([p for p in group if not set(p) & short] for group in labelled_pairs(unit, texts))
            sizes = [len(g) for g in pairs]
            row = []
            for t in THRESHOLDS:
                counts = _rates(scores, near_ref, pairs, t)  # type: ignore[arg-type]
                totals[t] = [a + b for a, b in zip(totals[t], (*counts, *sizes), strict=True)]
                row.append("/".join(f"{c / max(1, n):.2f}" for c, n in zip(counts, sizes, strict=True)))
            print(
                f"{engine_name:18} {unit:17} {sizes[0]:5d} {sizes[1]:5d} {sizes[2]:5d} {len(short):5d}  "
                + "  ".join(f"{r:16}" for r in row)
            )
        row = ["/".join(f"{v[i] / max(1, v[i + 3]):.2f}" for i in range(3)) for v in totals.values()]
        first = totals[THRESHOLDS[0]]
        print(
            f"{engine_name:18} {'ALL':17} {first[3]:5d} {first[4]:5d} {first[5]:5d} {'':5}  "
            + "  ".join(f"{r:16}" for r in row)
            + f"  ({time.perf_counter() - started:.1f} s)"
        )


def make_class(folder: Path, students: int, exercises: list[str], seed: int) -> None:
    """`students` notebooks: each answer a disguised corpus variant (so many pairs are copies:
    a worst case for the report's size)."""
    rng = random.Random(seed)
    corpora = {ex: load_corpus(ex) for ex in exercises}
    bases = {ex: _base_names(ex) for ex in exercises}
    release = ROOT / "assignments" / "2026-fall"
    for s in range(students):
        answers = {}
        for ex in exercises:
            base = corpora[ex][rng.choice(bases[ex])]
            k = rng.randrange(1 << 30)
            kernel = disguise_cpp(base.kernel, k) if base.kernel is not None else None
            answers[ex] = Answer(disguise_python(base.python, k), kernel)
        write_student(folder, f"s{s:04d}", release, answers)


def measure_scale(students: int, exercises: list[str], seed: int) -> float:
    from autograder.model import ReleaseInfo
    from autograder.similarity import analyse, units
    from autograder.similarity import report as report_files

    with tempfile.TemporaryDirectory() as tmp:
        subs, out = Path(tmp) / "subs", Path(tmp) / "out"
        make_class(subs, students, exercises, seed)
        load = os.getloadavg()
        t0 = time.perf_counter()
        release = ReleaseInfo.load(ROOT / "assignments" / "2026-fall")
        students_units = units.read_students(subs, release)
        t1 = time.perf_counter()
        sub = units.subtracted(release, ROOT / "solutions")
        report = analyse.analyse(students_units, sub)
        t2 = time.perf_counter()
        report_files.write(report, out)
        t3 = time.perf_counter()
        pairs = sum(len(u.pairs) for u in report.units.values())
        rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(
            f"scale: {students} students x {len(exercises)} exercises: intake {t1 - t0:.1f} s, "
            f"compare {t2 - t1:.1f} s, write {t3 - t2:.1f} s, total {t3 - t0:.1f} s; "
            f"{pairs} pairs reported; peak RSS {rss:.0f} MiB; load average before {load[0]:.1f} "
            f"{load[1]:.1f} {load[2]:.1f}, after {os.getloadavg()[0]:.1f}"
        )
        return t3 - t0


def main(argv: list[str] | None = None) -> int:
    from autograder.exercises import EXERCISE_IDS

    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--smoke", action="store_true", help="one exercise, 12 students (seconds)")
    p.add_argument("--students", type=int, default=300)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--engines", default="tree-sitter,tree-sitter-names,copydetect")
    p.add_argument("--no-scale", action="store_true", help="quality only")
    args = p.parse_args(argv)
    units = ["safe_distance"] if args.smoke else [*EXERCISE_IDS, "silu.cc"]
    engines: dict[str, Callable] = {}
    for name in args.engines.split(","):
        if name == "copydetect":
            try:
                import copydetect  # noqa: F401
            except ImportError:
                print("copydetect not installed (pip install copydetect): its row is skipped")
                continue
            engines[name] = engine_copydetect
        elif name in ("tree-sitter", "tree-sitter-names"):
            engines[name] = engine_tree_sitter(name == "tree-sitter")
    if args.smoke:
        engines = {"tree-sitter": engine_tree_sitter(True)}
    measure_quality(units, engines, args.seed)
    if not args.no_scale:
        measure_scale(
            12 if args.smoke else args.students,
            list(EXERCISE_IDS[:2] if args.smoke else EXERCISE_IDS),
            args.seed,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
