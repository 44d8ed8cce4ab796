"""`jaxgrade release`: build assignments/<version>/ from the master notebooks with the real otter assign.

Heavy imports (otter, nbclient) happen inside run(), so `jaxgrade --help` and other subcommands
do not pay for them.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--version", required=True, help="release name, e.g. 2026-fall (folder assignments/<version>)"
    )
    parser.add_argument(
        "--solutions",
        type=Path,
        default=Path("solutions"),
        help="folder of the otter-format master notebooks (default: solutions)",
    )
    parser.add_argument(
        "--out",
        type=Path,
        default=Path("assignments"),
        help="folder that receives <version>/ (default: assignments)",
    )
    parser.add_argument(
        "--force", action="store_true", help="replace an existing release of the same version"
    )
    parser.add_argument(
        "--verify-run",
        action="store_true",
        help="also execute every released notebook in a real Jupyter kernel, untouched "
        "(self-checks must say 尚未作答) and with the reference answers pasted in "
        "(self-checks must pass); slow",
    )
    parser.add_argument(
        "--service-url",
        default=None,
        metavar="URL",
        help="the grader service (jaxgrade serve) the notebooks' submit cell uploads to, written to "
        "manifest.json; students can override it with JAXGRADE_SERVER",
    )
    parser.add_argument(
        "--service-assignment",
        default=None,
        metavar="ID",
        help="the assignment of the course file (jaxgrade serve --course) the submit cell uploads to, "
        "written to manifest.json; students can override it with JAXGRADE_ASSIGNMENT (default: none, "
        "the service infers it from the chapters)",
    )
    parser.add_argument(
        "--nbgrader",
        type=Path,
        default=None,
        metavar="COURSE_DIR",
        help="also release to this nbgrader course: COURSE_DIR/source/<version>/, then the real "
        "`nbgrader generate_assignment <version>` (nbgrader runs in .venv-nbgrader/)",
    )
    parser.add_argument(
        "--per-student",
        type=Path,
        metavar="ROSTER",
        help="also write one personalised copy of the release per student of ROSTER (roster CSV, see "
        "autograder/roster.py) whose notebooks show that student's own variants; an existing release "
        "is personalised as it is unless --force rebuilds it",
    )
    parser.add_argument(
        "--per-student-out",
        type=Path,
        default=None,
        help="folder of the personalised copies (default: build/per-student/<version>)",
    )


def _per_student(args: argparse.Namespace, release_root: Path) -> int:
    from autograder.model import GraderFault
    from autograder.release.personalise import PersonaliseError, write_per_student
    from autograder.roster import RosterError, load_roster

    try:
        roster = load_roster(args.per_student)
        out = args.per_student_out or Path("build") / "per-student" / args.version
        folders = write_per_student(release_root, list(roster.ids()), out)
    except (RosterError, PersonaliseError, GraderFault, OSError) as exc:
        print(f"jaxgrade release: {exc}", file=sys.stderr)
        return 1
    print(f"personalised {len(folders)} copies of {args.version} -> {out}")
    return 0


def run(args: argparse.Namespace) -> int:
    from autograder.release.build import ReleaseError, build_release

    existing = args.out / args.version
    if args.per_student is not None and (existing / "manifest.json").is_file() and not args.force:
        return _per_student(args, existing)

    def log(msg: str) -> None:
        print(msg, file=sys.stderr, flush=True)

    try:
        import nbformat  # noqa: F401
        import otter  # noqa: F401

        if args.verify_run:
            import nbclient  # noqa: F401
    except ImportError as exc:
        print(
            f"jaxgrade release: {exc.name} is not installed; install the release tools with "
            "`.venv/bin/python -m pip install -e '.[dev]'` (or '.[release]' without --verify-run)",
            file=sys.stderr,
        )
        return 2
    if args.nbgrader is not None:  # before the slow otter release: is nbgrader's environment there?
        from autograder.nbgrader_bridge.venv import NbgraderError, nbgrader_python

        try:
            nbgrader_python()
        except NbgraderError as exc:
            print(f"jaxgrade release: {exc}", file=sys.stderr)
            return 2
    try:
        report = build_release(
            args.version,
            args.solutions,
            args.out,
            force=args.force,
            verify_run=args.verify_run,
            service_url=args.service_url,
            service_assignment=args.service_assignment,
            log=log,
        )
    except ReleaseError as exc:
        print(f"jaxgrade release: {exc}", file=sys.stderr)
        return 1
    timing = f"{report.duration_s:.1f} s"
    if report.verify_run_s is not None:
        timing += f", verify-run {report.verify_run_s:.1f} s"
    print(f"released {report.version} -> {report.path} ({report.file_count} files, {timing})")
    for ch, name in sorted(report.notebooks.items()):
        print(f"  {ch}: {name}")
    for ex, pts in report.points.items():
        print(f"  {ex:<18} {pts:g} points")
    if report.restored_metadata:
        print(f"  restored jaxgrade metadata on {report.restored_metadata} cell(s) that otter dropped")
    if args.nbgrader is not None:
        from autograder.nbgrader_bridge.release import NbgraderReleaseError, release_to_nbgrader

        try:
            nbg = release_to_nbgrader(report.path, args.solutions, args.nbgrader, log=log)
        except NbgraderReleaseError as exc:
            print(f"jaxgrade release: {exc}", file=sys.stderr)
            return 1
        print(f"released {report.version} to nbgrader -> {nbg.release} ({', '.join(nbg.notebooks)})")
    if args.per_student is not None:
        return _per_student(args, report.path)
    return 0
