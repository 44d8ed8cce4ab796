"""`jaxgrade similarity SUBMISSIONS --out OUT`: which students' answers to one exercise look alike.

Reads the submissions exactly as `jaxgrade grade` does (same intake and ids; `--layout`/`--roster`
for LMS downloads, `--nbgrader COURSE_DIR --assignment V` for an nbgrader course), never runs any
student code, and writes `OUT/similarity.html` and `OUT/similarity.csv`. Similarity is evidence for
a TA to look at, never a verdict.

Exit codes: 0 the report was written; 1 the release or OUT is unusable; 2 bad usage.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

EXIT_OK, EXIT_FAULT, EXIT_USAGE = 0, 1, 2


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from autograder.lms import course_input
    from autograder.nbgrader_bridge import grade_input
    from autograder.similarity.analyse import DEFAULT_MIN_TOKENS, DEFAULT_THRESHOLD

    parser.add_argument(
        "submissions",
        metavar="SUBMISSIONS",
        type=Path,
        nargs="?",
        default=None,
        help="the folder `jaxgrade grade` reads (with --layout: an LMS download; none with --nbgrader)",
    )
    parser.add_argument(
        "--out",
        type=Path,
        default=None,
        help="output folder for similarity.html and similarity.csv (required, except with "
        "--nbgrader: COURSE_DIR/jaxgrade/<assignment>)",
    )
    parser.add_argument(
        "--release",
        type=Path,
        default=None,
        help="released assignment folder (default: the last assignments/<version>/ here)",
    )
    parser.add_argument(
        "--solutions",
        type=Path,
        default=Path("solutions"),
        help="master notebooks, for 'close to the reference solution' (default: %(default)s; "
        "skipped when missing)",
    )
    parser.add_argument(
        "--threshold",
        type=float,
        default=DEFAULT_THRESHOLD,
        help="report pairs at or above this similarity, 0..1 (default: %(default)s, measured "
        "by benchmarks/bench_similarity.py)",
    )
    parser.add_argument(
        "--min-tokens",
        type=int,
        default=DEFAULT_MIN_TOKENS,
        help="answers with fewer tokens of their own are 'too short to compare' (default: %(default)s)",
    )
    parser.add_argument(
        "--behaviour",
        type=Path,
        default=None,
        metavar="GRADE_OUT",
        help="the OUT folder of `jaxgrade grade` on these submissions: its behaviour.json files (the "
        "grading run's traced primitives and wrong values) are compared too (default: code only)",
    )
    course_input.add_arguments(parser)
    grade_input.add_arguments(parser)
    parser.set_defaults(isolation=None)  # the nbgrader check reads it; nothing here is sandboxed


def _check(args: argparse.Namespace) -> tuple[object | None, Path, Path]:
    """(course input or None, SUBMISSIONS, OUT); ValueError on bad usage."""
    from autograder import course_io
    from autograder.commands.grade import UsageError, _default_release

    course = course_io.check(args)
    if args.submissions is None:
        raise ValueError("SUBMISSIONS is required (or --nbgrader COURSE_DIR)")
    if args.out is None:
        raise ValueError("--out is required")
    if not 0 < args.threshold <= 1:
        raise ValueError("--threshold must be in (0, 1]")
    if args.min_tokens < 0:
        raise ValueError("--min-tokens must not be negative")
    subs, out = Path(args.submissions), Path(args.out)
    if course is None and not subs.is_dir():
        raise ValueError(f"SUBMISSIONS {subs} is not a folder")
    if out.resolve() == subs.resolve() or subs.resolve() in out.resolve().parents:
        raise ValueError("--out must not be inside SUBMISSIONS (it would be read as a student)")
    try:
        args.release = args.release if args.release is not None else _default_release()
    except UsageError as exc:
        raise ValueError(str(exc)) from exc
    return course, subs, out


def run(args: argparse.Namespace) -> int:
    from autograder.model import GraderFault, ReleaseInfo
    from autograder.similarity import analyse, report, units
    from autograder.similarity import behaviour as similarity_behaviour

    try:
        course, subs, out = _check(args)
    except ValueError as exc:
        print(f"jaxgrade similarity: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    try:
        release = ReleaseInfo.load(Path(args.release))
        folder = course.prepare(out) if course is not None else subs  # type: ignore[attr-defined]
        try:
            students = units.read_students(folder, release)
        finally:
            if course is not None:
                course.discard()  # type: ignore[attr-defined]
        solutions = Path(args.solutions) if Path(args.solutions).is_dir() else None
        behaviour = similarity_behaviour.load_folder(args.behaviour) if args.behaviour else None
        if args.behaviour and not behaviour:
            print(
                f"jaxgrade similarity: {args.behaviour} holds no readable */behaviour.json "
                "(is it the --out folder of `jaxgrade grade`?): comparing on code only",
                file=sys.stderr,
            )
        result = analyse.analyse(
            students,
            units.subtracted(release, solutions),
            threshold=args.threshold,
            min_tokens=args.min_tokens,
            behaviour=behaviour,
        )
        report.write(result, out)
    except (GraderFault, OSError) as exc:
        print(f"jaxgrade similarity: error: {exc}", file=sys.stderr)
        return EXIT_FAULT
    pairs = sum(len(u.pairs) for u in result.units.values())
    print(
        f"jaxgrade similarity: {len(students)} student(s), {pairs} pair(s) at or above {args.threshold:.2f}; "
        f"wrote {out / 'similarity.html'} and {out / 'similarity.csv'}"
    )
    print(f"jaxgrade similarity: channels used: {', '.join(report.channels_used(result))}")
    for sid, notes in sorted(result.notes.items()):
        print(f"jaxgrade similarity: {sid}: {'; '.join(notes)}", file=sys.stderr)
    return EXIT_OK
