"""Recall per level of disguise and the false-positive rate of `jaxgrade similarity`, beside copydetect.

The class (per unit: the 8 exercises and silu.cc) is made from tests/corpus/answers/:
  * its members are every corpus variant except the degenerate family and `undefined`;
  * the independently written ones (the reference and the "Correct, written differently"
    variants, see bench_similarity.py) each get one planted copy per level of disguise
    (benchmarks/similarity_levels.py: verbatim, renamed, comments, reordered, split_inline,
    loops_comprehensions, lax_jnp, dead_code; cpp_helpers_dead for silu.cc), made with a seed;
  * a planted pair is an answer and its copy; it counts as found at threshold t when it is
    reported as a pair at or above t, or when both sides are reported as close to the reference
    solution (what a TA sees when both copied the master);
  * the independent pairs are every member or copy of one independent answer against every
    member or copy of another: flagging one is a false positive.
Every engine scores the same texts in the same run:
  * `jaxgrade`: the shipped engine (autograder/similarity/), template and reference subtracted;
  * `copydetect`: copydetect's winnowing at its defaults (k=25, window 6), the release's starter
    code as boilerplate (only when copydetect is installed: it is in the `dev` extra);
  * `behaviour`: the grading run's channel alone (similarity/behaviour.py): every text is graded by
    the real grader in the bwrap sandbox once (benchmarks/similarity_behaviour_runs.py, cached), and
    pairs are scored on their traced primitives and wrong values, the master's jaxpr weighing 0;
  * `jaxgrade+behaviour`: what the report shows with `--behaviour`: max(code, behaviour) per pair.
  The two behaviour engines measure BEHAVIOUR_UNITS: the units without a kernel, and `silu.cc`,
  whose channel is the kernel build's IR (each kernel text built in the sandbox with its IR step,
  similarity_behaviour_runs.kernel_fingerprints); pass `--units` to compare every engine on the
  same units.
`--one-copy-per-level`: a class per level (the members and one copy of each independent answer at
that level), as in a real class where one copier disguises one source; the default class holds
every level's copy at once, so an answer's family is 9 of about 30 students, which no rarity weight
calls rare.
`--smoke`: one exercise, one seed (what tests/test_benchmarks_smoke.py runs).
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.bench_similarity import (  # noqa: E402
    Scores,
    _base_names,
    _release_subtracted,
    _written_independently,
    engine_tree_sitter,
)
from benchmarks.similarity_corpus import load_convergent, load_corpus  # noqa: E402
from benchmarks.similarity_hard_levels import (  # noqa: E402
    HARD_CPP_LEVELS,
    HARD_PY_LEVELS,
    hard_cpp_copy,
    hard_python_copy,
)
from benchmarks.similarity_heldout import HELDOUT  # noqa: E402
from benchmarks.similarity_levels import CPP_LEVELS, PY_LEVELS, cpp_copy, python_copy  # noqa: E402

DEFAULT_THRESHOLD = 0.5
Engine = Callable[[str, dict[str, str]], tuple[Scores, set[str], dict[str, float]]]


def class_texts(unit: str, seed: int) -> tuple[dict[str, str], dict[str, str]]:
    """(name -> text, copy name -> level): members by variant name, copies as `<base>@<level>`."""
    exercise = "silu_ffi" if unit == "silu.cc" else unit
    corpus = load_corpus(exercise)
    starter = " ".join(t for _, t in _release_subtracted().template.get(unit, []))
    keep = frozenset(re.findall(r"[A-Za-z_]\w*", starter))
    texts: dict[str, str] = {}
    levels: dict[str, str] = {}
    bases = {n: (corpus[n].kernel if unit == "silu.cc" else corpus[n].python) for n in _base_names(exercise)}
    if unit != "silu.cc":
        bases.update(load_convergent(exercise))
    for i, (name, base) in enumerate(bases.items()):
        if base is None:
            continue
        texts[name] = base
        if not _written_independently(exercise, name):
            continue
        for j, level in enumerate(
            (*CPP_LEVELS, *HARD_CPP_LEVELS) if unit == "silu.cc" else (*PY_LEVELS, *HARD_PY_LEVELS)
        ):
            at = seed * 1000 + i * 20 + j
            copied = _copy(unit, base, level, at, keep)
            if copied is not None:
                texts[f"{name}@{level}"] = copied
                levels[f"{name}@{level}"] = level
    return texts, levels


def _copy(unit: str, base: str, level: str, at: int, keep: frozenset[str]) -> str | None:
    if level in HARD_CPP_LEVELS:
        return hard_cpp_copy(base, level, at)
    if level in HARD_PY_LEVELS:
        return hard_python_copy(base, level, at, keep)
    return cpp_copy(base, level, at) if unit == "silu.cc" else python_copy(base, level, at, keep)


def engine_copydetect(unit: str, texts: dict[str, str]) -> tuple[Scores, set[str], dict[str, float]]:
    import copydetect
    import numpy as np

    suffix = ".cc" if unit == "silu.cc" else ".py"
    sub = _release_subtracted()
    with tempfile.TemporaryDirectory() as tmp:
        tpl = Path(tmp) / f"template{suffix}"
        tpl.write_text("\n".join(t for _, t in sub.template.get(unit, [])) + "\n")
        boiler = np.array(sorted(copydetect.CodeFingerprint(str(tpl), 25, 6).hashes))
        fps = {}
        for i, (name, text) in enumerate(sorted(texts.items())):
            path = Path(tmp) / f"a{i}{suffix}"
            path.write_text(text)
            fps[name] = copydetect.CodeFingerprint(str(path), 25, 6, boilerplate=boiler)
    scores: Scores = {}
    for a, b in combinations(sorted(texts), 2):
        if len(fps[a].hashes) and len(fps[b].hashes):
            _, (s1, s2), _ = copydetect.compare_files(fps[a], fps[b])
            scores[a, b] = max(s1, s2)
    return scores, {n for n, fp in fps.items() if len(fp.hashes) == 0}, {}


def _exercise(unit: str) -> str:
    return "silu_ffi" if unit == "silu.cc" else unit


_FINGERPRINTS: dict[str, dict] = {}  # text key -> behaviour JSON (similarity_behaviour_runs.py)


def _behaviour_fingerprints(unit: str, texts: dict[str, str]) -> tuple[dict, object]:
    """(name -> ExerciseBehaviour, the reference's or None) from the cached grading runs."""
    from autograder.grade.run.behaviour_read import ExerciseBehaviour
    from benchmarks.similarity_behaviour_runs import text_key

    fps = {}
    for name, text in texts.items():
        fp = ExerciseBehaviour.from_json(_FINGERPRINTS.get(text_key(unit, text)) or None)
        if fp is not None:
            fps[name] = fp
    ref_text = _release_subtracted().reference.get(unit)
    ref = (
        ExerciseBehaviour.from_json(_FINGERPRINTS.get(text_key(unit, ref_text)) or None) if ref_text else None
    )
    return fps, ref


def _behaviour_scores(unit: str, texts: dict[str, str]) -> Scores:
    """The behaviour channel alone, calibrated against the class's pairs as the report does."""
    from autograder.similarity.analyse import calibrated, calibration_baseline
    from autograder.similarity.behaviour import score_pairs

    fps, ref = _behaviour_fingerprints(unit, texts)
    matches = score_pairs(fps, ref)  # type: ignore[arg-type]
    n = len(fps)
    base = calibration_baseline([m.score for m in matches.values()], n * (n - 1) // 2)
    return {pair: calibrated(m.score, base) for pair, m in matches.items()}


def engine_behaviour(unit: str, texts: dict[str, str]) -> tuple[Scores, set[str], dict[str, float]]:
    return _behaviour_scores(unit, texts), set(), {}


def engine_combined(unit: str, texts: dict[str, str]) -> tuple[Scores, set[str], dict[str, float]]:
    """What the report computes with `--behaviour` (analyse.add_behaviour: max of the calibrated code
    and behaviour scores); an answer too short to compare as code still counts when its run traced
    something (the report compares it on behaviour)."""
    from autograder.similarity import analyse
    from benchmarks.similarity_behaviour_runs import text_key

    sub = _release_subtracted()
    rep = analyse.analyse_unit(unit, texts, sub, threshold=0.0, min_tokens=analyse.DEFAULT_MIN_TOKENS)
    fps, ref = _behaviour_fingerprints(unit, texts)
    if fps:
        analyse.add_behaviour(rep, texts, sub, fps, ref, 0.0)  # type: ignore[arg-type]
    scores: Scores = {(m.a, m.b): m.similarity for m in rep.pairs}
    near_ref = {m.a: m.similarity for m in rep.reference}
    traced = {n for n, t in texts.items() if (_FINGERPRINTS.get(text_key(unit, t)) or {}).get("jaxprs")}
    return scores, {*rep.too_short, *rep.starter_only} - traced, near_ref


def _classes(unit: str, seed: int, per_level: bool) -> list[tuple[dict[str, str], dict[str, str]]]:
    texts, levels = class_texts(unit, seed)
    if not per_level:
        return [(texts, levels)]
    out = []
    for level in sorted(set(levels.values())):
        keep = {n: t for n, t in texts.items() if levels.get(n, level) == level}
        out.append((keep, {n: lv for n, lv in levels.items() if lv == level}))
    return out


def load_fingerprints(units: list[str], seeds: list[int]) -> None:
    from benchmarks.similarity_behaviour_runs import BEHAVIOUR_UNITS, fingerprints

    wanted: dict[str, set[str]] = {}
    for unit in units:
        if unit not in BEHAVIOUR_UNITS:
            continue
        for seed in seeds:
            wanted.setdefault(unit, set()).update(class_texts(unit, seed)[0].values())
        ref = _release_subtracted().reference.get(unit)
        if ref:
            wanted[unit].add(ref)
    _FINGERPRINTS.update(fingerprints(wanted))


SHOW_MISSED = False  # --show-missed: list the planted copies of the tuning part not found


def measure(
    units: list[str], engines: dict[str, Engine], seeds: list[int], threshold: float, per_level: bool = False
) -> None:
    for engine_name, engine in engines.items():
        found: dict[str, int] = defaultdict(int)
        planted: dict[str, int] = defaultdict(int)
        flagged = independent = short_pairs = 0
        worst: list[tuple[float, str, str, str]] = []
        missed: list[str] = []
        started = time.perf_counter()
        for seed in seeds:
            for unit, (texts, levels) in ((u, c) for u in units for c in _classes(u, seed, per_level)):
                scores, short, near_ref = engine(unit, texts)

                def hit(a: str, b: str) -> bool:
                    pair = (a, b) if a < b else (b, a)
                    both_ref = min(near_ref.get(a, 0.0), near_ref.get(b, 0.0)) >= threshold  # noqa: B023
                    return scores.get(pair, 0.0) >= threshold or both_ref  # noqa: B023

                for copy_name, level in levels.items():
                    base = copy_name.split("@")[0]
                    if {base, copy_name} & short:
                        short_pairs += 1
                        continue
                    planted[level] += 1
                    found[level] += hit(base, copy_name)
                    if SHOW_MISSED and not hit(base, copy_name):
                        pair = (base, copy_name) if base < copy_name else (copy_name, base)
                        missed.append(f"{unit} {level} {base} ({scores.get(pair, 0.0):.2f})")
                for a, b in combinations(sorted(texts), 2):
                    ba, bb = a.split("@")[0], b.split("@")[0]
                    ex = _exercise(unit)
                    if ba == bb or not (_written_independently(ex, ba) and _written_independently(ex, bb)):
                        continue
                    if {a, b} & short:
                        continue
                    independent += 1
                    if scores.get((a, b), 0.0) >= threshold:
                        flagged += 1
                        worst.append((scores[a, b], unit, a, b))
        elapsed = time.perf_counter() - started
        total_found, total = sum(found.values()), sum(planted.values())
        print(f"engine {engine_name} (threshold {threshold:.2f}, seeds {seeds}, {elapsed:.1f} s)")
        for level in (*PY_LEVELS, *CPP_LEVELS, *HARD_PY_LEVELS, *HARD_CPP_LEVELS):
            if planted[level]:
                print(
                    f"  recall {level:22} {found[level]:4d}/{planted[level]:<4d} "
                    f"{100 * found[level] / planted[level]:5.1f} %"
                )
        print(f"  recall {'ALL':22} {total_found:4d}/{total:<4d} {100 * total_found / max(1, total):5.1f} %")
        every = total + short_pairs
        print(
            f"  recall {'ALL, too short = missed':22} {total_found:4d}/{every:<4d} "
            f"{100 * total_found / max(1, every):5.1f} %"
        )
        print(
            f"  false positives {flagged}/{independent} independent pairs "
            f"{100 * flagged / max(1, independent):.2f} %; planted pairs with a side too short: {short_pairs}"
        )
        for score, unit, a, b in sorted(worst, reverse=True)[:5]:
            print(f"    flagged independent pair {unit}: {a} ~ {b} at {score:.2f}")
        for line in missed:
            print(f"    missed {line}")


def use_detector(root: Path) -> None:
    """Import `autograder` from another checkout (e.g. `git worktree add /tmp/sim-before <commit>`), so
    that the same benchmark measures the detector as it was; must run before anything imports it."""
    import importlib.util

    if "autograder" in sys.modules:
        raise RuntimeError("autograder is already imported")
    init = root / "autograder" / "__init__.py"
    spec = importlib.util.spec_from_file_location(
        "autograder", init, submodule_search_locations=[str(init.parent)]
    )
    if spec is None or spec.loader is None:
        raise RuntimeError(f"no autograder package under {root}")
    module = importlib.util.module_from_spec(spec)
    sys.modules["autograder"] = module
    spec.loader.exec_module(module)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if "--detector-root" in argv:  # before the first import of autograder
        use_detector(Path(argv[argv.index("--detector-root") + 1]).resolve())
    import autograder
    from autograder.exercises import EXERCISE_IDS

    print(f"detector: {Path(autograder.__file__).resolve().parent}")

    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--smoke", action="store_true", help="one exercise, one seed (seconds)")
    p.add_argument("--seeds", type=int, default=3, help="planted copies made with this many seeds")
    p.add_argument("--threshold", type=float, default=DEFAULT_THRESHOLD)
    p.add_argument("--engines", default="jaxgrade,copydetect")
    p.add_argument("--min-tokens", type=int, help="jaxgrade's --min-tokens (default: its own)")
    p.add_argument("--units", help="comma-separated units (default: every exercise and silu.cc)")
    p.add_argument(
        "--one-copy-per-level",
        action="store_true",
        help="one class per level of disguise (members and that level's copies)",
    )
    p.add_argument(
        "--heldout",
        nargs="?",
        const=str(HELDOUT),
        default=None,
        metavar="DIR",
        help="also measure the class the detector was not tuned on (default DIR: "
        "tests/corpus/similarity_heldout); aggregate figures only",
    )
    p.add_argument(
        "--heldout-behaviour",
        type=Path,
        default=None,
        metavar="GRADE_OUT",
        help="the grading run's OUT folder of the held-out class (its behaviour.json files)",
    )
    p.add_argument(
        "--heldout-grade",
        action="store_true",
        help="grade the held-out class's answers for their behaviour fingerprints (the real grader, cached)",
    )
    p.add_argument("--show-missed", action="store_true", help="list the tuning part's missed copies")
    p.add_argument("--no-tuning", action="store_true", help="only the measurement part (with --heldout)")
    p.add_argument(
        "--detector-root",
        type=Path,
        default=None,
        metavar="CHECKOUT",
        help="measure the `autograder` package of another checkout (the detector before a change)",
    )
    args = p.parse_args(argv)
    global SHOW_MISSED
    SHOW_MISSED = args.show_missed
    if args.min_tokens is not None:
        from autograder.similarity import analyse

        analyse.DEFAULT_MIN_TOKENS = args.min_tokens
    units = ["safe_distance"] if args.smoke else [*EXERCISE_IDS, "silu.cc"]
    if args.units:
        units = args.units.split(",")
    seeds = [1] if args.smoke else list(range(1, args.seeds + 1))
    engines: dict[str, Engine] = {}
    for name in args.engines.split(","):
        if name == "copydetect":
            try:
                import copydetect  # noqa: F401
            except ImportError:
                print("copydetect not installed (pip install -e '.[dev]'): its figures are skipped")
                continue
            engines[name] = engine_copydetect
        elif name == "jaxgrade":
            engines[name] = engine_tree_sitter(True)
        elif name in ("behaviour", "jaxgrade+behaviour"):
            engines[name] = engine_behaviour if name == "behaviour" else engine_combined
    if not args.no_tuning:
        print(
            "== tuning part (tests/corpus/answers, benchmarks/similarity_convergent, the planted levels) =="
        )
        if any("behaviour" in name for name in engines):
            load_fingerprints(units, seeds)
        measure(units, engines, seeds, args.threshold, args.one_copy_per_level)
    if args.heldout:
        from benchmarks.similarity_heldout import report

        lines = report(Path(args.heldout), args.threshold, args.heldout_behaviour, args.heldout_grade)
        print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
