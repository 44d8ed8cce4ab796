"""`jaxgrade grade SUBMISSIONS --out OUT`: grade a folder of submissions into a gradebook and reports.

Exit codes: 0 the batch was graded (whatever the students scored); 1 a grader fault (some
submissions are `grader_error`, or the release/OUT is unusable; rerun to retry); 2 bad usage.
A non-zero exit prints one line with the reason on stderr.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import stat
import sys
from pathlib import Path
from typing import Any

from autograder import i18n
from autograder.exercises import EXERCISE_IDS
from autograder.model import GraderFault, ReleaseInfo
from autograder.states import Isolation

ISOLATIONS = tuple(Isolation)
EXIT_OK, EXIT_GRADER_FAULT, EXIT_USAGE = 0, 1, 2


def _default_isolation() -> str:
    return "bwrap" if sys.platform.startswith("linux") else "container"


def _add_quiz_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--show-quiz-answers", action="store_true",
        help="put each quiz question's model answer and explanation into the students' quiz.md "
        "(only once the grades are released; default: none, see docs/quizzes.md)",
    )


def add_arguments(parser: argparse.ArgumentParser) -> None:  # over 80 lines: one flat add_argument per option
    from autograder.grade.batch import default_jobs

    parser.add_argument(
        "submissions",
        metavar="SUBMISSIONS",
        type=Path,
        nargs="?",
        default=None,
        help="folder with one entry per student: <id>.ipynb, <id>.zip or <id>/ "
        "(with --layout: an LMS download, zip or folder; none with --nbgrader)",
    )
    parser.add_argument(
        "--language",
        default=None,
        metavar="LANG",
        help="the language of the students' feedback (a catalogue under autograder/locale/, e.g. en; "
        "default: $JAXGRADE_LANGUAGE, else zh_CN)",
    )
    parser.add_argument(
        "--out",
        type=Path,
        default=None,
        help="output folder: grades.csv, report.md, gradebook.sqlite, <id>/results.json "
        "(required, except with --nbgrader: COURSE_DIR/jaxgrade/<assignment>)",
    )
    parser.add_argument(
        "--release",
        type=Path,
        default=None,
        help="released assignment folder with manifest.json "
        "(default: the last assignments/<version>/ under the current directory)",
    )
    parser.add_argument(
        "--jobs",
        type=int,
        default=default_jobs(),
        help="students graded at once (default: number of cores, %(default)s here)",
    )
    parser.add_argument(
        "--regrade", action="store_true", help="grade every submission again, even unchanged ones"
    )
    parser.add_argument(
        "--isolation",
        choices=ISOLATIONS,
        default=_default_isolation(),
        help="how student code is sandboxed (default: %(default)s); 'none' also needs --unsafe-no-sandbox",
    )
    parser.add_argument(
        "--unsafe-no-sandbox",
        action="store_true",
        help="allow --isolation none (student code runs as you; recorded in the report)",
    )
    parser.add_argument(
        "--engine",
        choices=("podman", "docker"),
        default=None,
        help="container engine for --isolation container",
    )
    parser.add_argument("--image", default=None, help="grader image for --isolation container")
    parser.add_argument(
        "--exercises",
        default=None,
        metavar="ID,ID",
        help=f"grade only these exercises (of: {', '.join(EXERCISE_IDS)})",
    )
    parser.add_argument("--timeout-scale", type=float, default=1.0,
                        help="multiply every time limit by this factor (slow machines)")  # fmt: skip
    parser.add_argument(
        "--executor",
        default="local",
        metavar="local|tcp://HOST:PORT",
        help="where students are graded: 'local' (--jobs threads here, the default) or the address of "
        "a Dask scheduler whose workers run jaxgrade (their --resources grader=N sets the slots)",
    )
    _add_quiz_arguments(parser)
    # course inputs and outputs: LMS downloads and rosters, nbgrader courses
    from autograder.lms import course_input
    from autograder.nbgrader_bridge import grade_input

    course_input.add_arguments(parser)
    grade_input.add_arguments(parser)
    parser.add_argument("--chapters-at-once", choices=("auto", "on", "off"), default="auto",
                        help="grade a submission's chapters at the same time, each in a sandbox job "
                             "of its own (bwrap and container isolation); auto: on when the cores "
                             "leave room, two per student graded at once (docs/performance.md)")
    parser.add_argument("--compile-cache", default="auto", metavar="auto|off|DIR",
                        help="trusted XLA compile cache, read-only in children (default auto: the "
                             "release's folder made by `jaxgrade warm-cache`, when there is one)")


@dataclasses.dataclass(frozen=True)
class GradeOptions:
    """The parsed and checked command line (what RunSettings and BatchConfig are built from)."""

    submissions: Path
    out: Path
    release_root: Path
    jobs: int
    regrade: bool
    isolation: str
    unsafe_no_sandbox: bool
    engine: str | None
    image: str | None
    exercises: tuple[str, ...]
    timeout_scale: float
    executor: str = "local"  # or a Dask scheduler address (autograder/executors/)
    compile_cache: str = "auto"  # "auto" | "off" | a folder (grade/compile_cache.py)
    chapters_at_once: str = "auto"  # "auto" | "on" | "off" (chapters_at_once_for)


class UsageError(ValueError):
    pass


def _default_release() -> Path:
    base = Path("assignments")
    found = sorted(p.parent for p in base.glob("*/manifest.json")) if base.is_dir() else []
    if not found:
        raise UsageError("no --release given and no assignments/<version>/manifest.json here")
    return found[-1]


def others_can_reach(path: Path) -> bool:
    """Could a user who is neither owner nor in the group open `path` (mode bits of it and its parents)?"""
    p = path.resolve()
    for parent in reversed(p.parents):
        if not os.stat(parent).st_mode & stat.S_IXOTH:
            return False
    return bool(os.stat(p).st_mode & (stat.S_IROTH | stat.S_IXOTH))


def check_options(args: argparse.Namespace) -> GradeOptions:
    if args.submissions is None:
        raise UsageError("SUBMISSIONS is required (or --nbgrader COURSE_DIR)")
    if args.out is None:
        raise UsageError("--out is required")
    subs = Path(args.submissions)
    lms_zip = args.layout is not None and subs.is_file() and subs.suffix.lower() == ".zip"
    if not subs.is_dir() and not lms_zip:
        raise UsageError(f"SUBMISSIONS {subs} is not a folder" + (" or a .zip" if args.layout else ""))
    out = Path(args.out)
    subs_r, out_r = subs.resolve(), out.resolve()
    if out_r == subs_r or subs_r in out_r.parents:
        raise UsageError("--out must not be inside SUBMISSIONS (it would be read as a student)")
    if out.exists() and not out.is_dir():
        raise UsageError(f"--out {out} exists and is not a folder")
    if args.isolation == "rlimit" and others_can_reach(subs):
        raise UsageError(
            f"--isolation rlimit protects files by permissions only, and SUBMISSIONS {subs} is readable "
            f"by other users (student code could read every submission); run: chmod o-rwx {subs}"
        )
    if args.isolation == "none" and not args.unsafe_no_sandbox:
        raise UsageError(
            "--isolation none runs student code unsandboxed; add --unsafe-no-sandbox to allow it"
        )
    if args.unsafe_no_sandbox and args.isolation != "none":
        raise UsageError("--unsafe-no-sandbox only goes with --isolation none")
    if args.jobs < 1:
        raise UsageError("--jobs must be at least 1")
    if not args.timeout_scale > 0 or args.timeout_scale == float("inf"):
        raise UsageError("--timeout-scale must be a positive number")
    exercises: tuple[str, ...] = ()
    if args.exercises is not None:
        wanted = [e.strip() for e in args.exercises.split(",") if e.strip()]
        unknown = [e for e in wanted if e not in EXERCISE_IDS]
        if unknown or not wanted:
            raise UsageError(
                f"--exercises: unknown {unknown or 'empty list'}; choose from {', '.join(EXERCISE_IDS)}"
            )
        exercises = tuple(e for e in EXERCISE_IDS if e in wanted)  # canonical order
    if (args.engine or args.image) and args.isolation != "container":
        raise UsageError("--engine/--image only apply to --isolation container")
    release = Path(args.release) if args.release is not None else _default_release()
    if not (release / "manifest.json").is_file():
        raise UsageError(f"--release {release} has no manifest.json")
    from autograder.executors import parse_executor

    try:
        executor = parse_executor(getattr(args, "executor", "local"))
    except ValueError as exc:
        raise UsageError(str(exc)) from exc
    return GradeOptions(subs, out, release, args.jobs, bool(args.regrade), args.isolation,
                        bool(args.unsafe_no_sandbox), args.engine, args.image, exercises,
                        float(args.timeout_scale), executor,
                        getattr(args, "compile_cache", "auto"),
                        getattr(args, "chapters_at_once", "auto"))  # fmt: skip


def make_run_settings(opts: GradeOptions, settings_cls: Any) -> Any:
    """The runner's RunSettings from the command line (via its `from_options`; unknown keys are ignored).

    SUBMISSIONS and OUT are hidden from every sandbox: a student's code must not read the others'
    submissions or the gradebook. Build cache and scratch stay at the runner's defaults (outside OUT).
    """
    from autograder.grade.cores import chapters_at_once_for

    return settings_cls.from_options(
        isolation=opts.isolation,
        unsafe_no_sandbox=opts.unsafe_no_sandbox,
        exercises=opts.exercises or None,
        timeout_scale=opts.timeout_scale,
        hidden=(opts.submissions.resolve(), opts.out.resolve()),
        engine=opts.engine,  # for the container mode (accepted, passed through)
        image=opts.image,
        compile_cache=compile_cache_for(opts),
        chapters_at_once=chapters_at_once_for(opts.chapters_at_once, opts.jobs),
    )


def compile_cache_for(opts: GradeOptions) -> Path | None:
    """The compile cache folder children get, or None; says on stderr why a chosen one is not used."""
    from autograder.grade import compile_cache

    if opts.compile_cache == "off" or opts.isolation == "none":
        return None
    if opts.compile_cache == "auto":
        manifest = json.loads((opts.release_root / "manifest.json").read_text(encoding="utf-8"))
        path = compile_cache.cache_dir(opts.release_root, str(manifest.get("version", "")))
    else:
        path = Path(opts.compile_cache)
    reason = compile_cache.usable(path, reachable_by_others=opts.isolation == "rlimit")
    if reason is None:
        return path
    if opts.compile_cache != "auto" or not reason.startswith("not filled"):
        print(f"jaxgrade grade: compile cache {path} not used: {reason}", file=sys.stderr)
    return None


def _grade_quizzes(submissions: Path, opts: GradeOptions, version: str, show_answers: bool) -> None:
    """The quiz step (autograder/quiz/batch.py): choice questions scored, written ones packeted."""
    from autograder.quiz.batch import grade_quizzes
    from autograder.quiz.key import QuizKeyError

    try:
        quiz = grade_quizzes(submissions, opts.out, opts.release_root, version, show_answers=show_answers)
    except QuizKeyError as exc:
        raise GraderFault(f"quiz key: {exc}") from exc
    if quiz is not None:
        print(f"quiz: {quiz.students} student(s), {quiz.choice_scored} choice answers scored, "
              f"{quiz.written_pending} written answers to grade in {opts.out / 'quiz' / 'manual.csv'}",
              file=sys.stderr)


def run(args: argparse.Namespace, *, grade_fn: Any = None, settings: Any = None) -> int:
    """`grade_fn`/`settings` are for tests (a fake runner); the command line uses the real runner."""
    from autograder import course_io
    from autograder.grade.batch import BatchConfig, run_batch

    try:
        if getattr(args, "language", None):
            i18n.use(args.language)  # before any text is made; the grading children inherit it
        course = course_io.check(args)  # an LMS download or an nbgrader course (fills in defaults)
        opts = check_options(args)
    except (UsageError, ValueError) as exc:
        print(f"jaxgrade grade: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    if course is not None:  # sandboxes must not see the whole download / course folder
        opts = dataclasses.replace(opts, submissions=course.input_root)
    try:
        release = ReleaseInfo.load(opts.release_root)
        if grade_fn is None:
            from autograder.grade import run as runner

            grade_fn = runner.grade_submission
            settings = make_run_settings(opts, runner.RunSettings)
        cfg = BatchConfig(
            submissions=course.prepare(opts.out) if course is not None else opts.submissions,
            out=opts.out,
            release=release,
            jobs=opts.jobs,
            regrade=opts.regrade,
            exercises=opts.exercises,
            isolation=opts.isolation,
            unsafe_no_sandbox=opts.unsafe_no_sandbox,
        )
        executor = None
        if opts.executor != "local":
            from autograder.executors.dask_executor import DaskExecutor

            executor = DaskExecutor.connect(opts.executor, release=release, settings=settings,
                                            exercises=opts.exercises, err=sys.stderr)  # fmt: skip
        try:
            summary = run_batch(cfg, grade_fn, settings, executor=executor)
        finally:
            if executor is not None:
                executor.close()
        show_answers = bool(getattr(args, "show_quiz_answers", False))
        _grade_quizzes(cfg.submissions, opts, release.version, show_answers)
        if course is not None:
            course.finish(opts.out, release, opts.exercises)
    except GraderFault as exc:
        print(f"jaxgrade grade: grader fault: {' '.join(str(exc).split())}", file=sys.stderr)
        return EXIT_GRADER_FAULT
    except KeyboardInterrupt:
        print("jaxgrade grade: interrupted; rerun the same command to resume", file=sys.stderr)
        return 130
    finally:
        if course is not None:
            course.discard()
    if summary.exit_code:
        print(f"jaxgrade grade: grader fault: {summary.reason}", file=sys.stderr)
        return EXIT_GRADER_FAULT
    return EXIT_OK
