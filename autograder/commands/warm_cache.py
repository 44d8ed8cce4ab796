"""`jaxgrade warm-cache`: fill a release's trusted XLA compile cache (autograder/release/compile_cache.py).

    jaxgrade warm-cache [--release DIR] [--solutions solutions] [--corpus tests/corpus/answers]
                        [--root DIR] [--isolation bwrap|rlimit|container] [--jobs N]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from autograder.cache_paths import ENV_ROOT
from autograder.states import SANDBOXED_ISOLATIONS


def _default_release() -> Path | None:
    found = sorted(p.parent for p in Path("assignments").glob("*/manifest.json"))
    return found[-1] if found else None


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--release",
        type=Path,
        default=None,
        help="release folder (default: the last assignments/<version>/ here)",
    )
    parser.add_argument(
        "--solutions",
        type=Path,
        default=Path("solutions"),
        help="master notebooks whose answers are compiled (default: solutions)",
    )
    parser.add_argument(
        "--corpus",
        type=Path,
        default=Path("tests/corpus/answers"),
        help="corpus of answer variants; those expected 'full' are compiled too "
        "(default: tests/corpus/answers; skipped when missing)",
    )
    parser.add_argument(
        "--root",
        type=Path,
        default=None,
        help=f"cache root (default: ${ENV_ROOT} or ~/.cache/jaxgrade/xla)",
    )
    parser.add_argument("--isolation", choices=SANDBOXED_ISOLATIONS, default="bwrap")
    parser.add_argument("--jobs", type=int, default=2, help="trusted entries graded at once (default 2)")
    parser.add_argument("--timeout-scale", type=float, default=1.0)


def run(args: argparse.Namespace) -> int:
    from autograder.exercises.structure_pool import POOL_SIZE
    from autograder.model import GraderFault, ReleaseInfo
    from autograder.release.compile_cache import fill

    release_root = args.release or _default_release()
    if release_root is None or not (Path(release_root) / "manifest.json").is_file():
        print("jaxgrade warm-cache: error: no release (--release DIR with a manifest.json)", file=sys.stderr)
        return 2
    if not args.solutions.is_dir():
        print(f"jaxgrade warm-cache: error: no master notebooks in {args.solutions}", file=sys.stderr)
        return 2
    release = ReleaseInfo.load(Path(release_root))
    try:
        report = fill(
            release,
            args.solutions,
            args.corpus,
            root=args.root,
            isolation=args.isolation,
            jobs=args.jobs,
            timeout_scale=args.timeout_scale,
            log=lambda m: print(m, file=sys.stderr, flush=True),
        )
    except GraderFault as exc:
        print(f"jaxgrade warm-cache: grader fault: {exc}", file=sys.stderr)
        return 1
    print(
        f"compile cache {report.path}: {report.entries} entries from {len(report.results)} trusted runs "
        f"({POOL_SIZE} structures per exercise, {report.seconds:.1f} s)"
    )
    for name, exs in report.short.items():
        print(
            f"  warning: trusted run {name} scored below full on {', '.join(exs)} (its entries are kept: "
            "they were compiled from trusted code)"
        )
    return 0
