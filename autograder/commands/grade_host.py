"""A `jaxgrade grade` that stays up: the service worker's grading subprocess, one batch per request.

    python -m autograder.commands.grade_host       (started by service/app/worker.py, never by hand)

Each request is one JSON line on stdin, `{"argv": [<jaxgrade grade arguments>], "log": <path>,
"result_for": <student id>}`; the host grades it exactly as `jaxgrade grade <argv>` would (same
options check, same runner, same batch and gradebook) with its output in `log`, and answers one JSON
line on stdout, `{"exit": <the command's exit code>}`. With `result_for`, a batch that ended well
also leaves that student's result as `OUT/result.json` (`jaxgrade-result/1`, grade/result_file.py):
the one thing the service reads back, never the batch's gradebook or its grades.csv. Before that
file is written the host scores the student's quiz (`quiz_scores`, when the release has a quiz key):
the one scoring of the quiz; the result file lists it with the other artefacts and the service
stores what it says.

Why it stays up: with `--executor tcp://...` each `jaxgrade grade` process connects a Dask client,
packs the release and checks every worker before it grades anything; the host does that once and
keeps the executor for every later request with the same executor options. It also saves the
interpreter start and the imports of every attempt on the local path.

Trusted side, like `jaxgrade grade`: it runs no student code itself (the runner's sandboxed
children do), and nothing a student sent reaches it except as files the batch's intake reads.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from typing import Any

from autograder.commands.grade import EXIT_GRADER_FAULT, EXIT_OK, EXIT_USAGE, UsageError
from autograder.model import GraderFault


class KeptExecutor:
    """An executor the batch may 'close' without closing it: the host keeps it for the next batch."""

    def __init__(self, inner: Any):
        self.inner = inner

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def close(self, cancel: bool = False) -> None:
        del cancel  # pending work of a one-student batch is its own; nothing else is queued here


class GradeHost:
    def __init__(self) -> None:
        from autograder.commands import grade

        self.parser = argparse.ArgumentParser(prog="jaxgrade grade")
        grade.add_arguments(self.parser)
        self._executors: dict[tuple[Any, ...], Any] = {}

    def _executor(self, opts: Any, release: Any, settings: Any, err: Any) -> Any:
        if opts.executor == "local":
            return None  # the batch makes a LocalExecutor of --jobs threads: nothing to keep
        from autograder.executors.dask_executor import DaskExecutor, wire_settings

        key = (opts.executor, str(release.root), json.dumps(wire_settings(settings), sort_keys=True))
        kept = self._executors.get(key)
        if kept is not None and kept.inner.client.status != "running":
            kept = None  # the scheduler connection is gone: connect again
        if kept is None:
            inner = DaskExecutor.connect(opts.executor, release=release, settings=settings,
                                         exercises=opts.exercises, err=err)  # fmt: skip
            kept = self._executors[key] = KeptExecutor(inner)
        return kept

    def grade(self, argv: list[str], log: Any, result_for: str | None = None) -> int:
        """What `jaxgrade grade ARGV` returns, with its output in `log` (no LMS or nbgrader input);
        with `result_for`, that student's result file too (a batch without it is a grader fault)."""
        from autograder.commands.grade import check_options, make_run_settings
        from autograder.grade import result_file
        from autograder.grade import run as runner
        from autograder.grade.batch import BatchConfig, run_batch
        from autograder.model import ReleaseInfo

        with contextlib.redirect_stderr(log), contextlib.redirect_stdout(log):
            try:
                args = self.parser.parse_args(argv)
                opts = check_options(args)
            except (UsageError, ValueError, SystemExit) as exc:
                print(f"jaxgrade grade: error: {exc}", file=log)
                return EXIT_USAGE
            try:
                release = ReleaseInfo.load(opts.release_root)
                settings = make_run_settings(opts, runner.RunSettings)
                cfg = BatchConfig(submissions=opts.submissions, out=opts.out, release=release, jobs=opts.jobs,
                                  regrade=opts.regrade, exercises=opts.exercises, isolation=opts.isolation,
                                  unsafe_no_sandbox=opts.unsafe_no_sandbox)  # fmt: skip
                executor = self._executor(opts, release, settings, log)
                summary = run_batch(
                    cfg, runner.grade_submission, settings, executor=executor, err=log, out=log
                )
            except GraderFault as exc:
                print(f"jaxgrade grade: grader fault: {' '.join(str(exc).split())}", file=log)
                return EXIT_GRADER_FAULT
            if summary.exit_code:
                print(f"jaxgrade grade: grader fault: {summary.reason}", file=log)
                return EXIT_GRADER_FAULT
            if result_for is not None:
                try:
                    write_quiz_scores(opts, result_for)
                    result_file.write(opts.out, result_for, opts.exercises)
                except (KeyError, OSError, ValueError) as exc:
                    print(f"jaxgrade grade: grader fault: no result file: {exc}", file=log)
                    return EXIT_GRADER_FAULT
            return EXIT_OK

    def serve(self, requests: Any, replies: Any) -> None:
        for line in requests:
            request = json.loads(line)
            with open(request["log"], "a", encoding="utf-8") as log:
                try:
                    result_for = request.get("result_for")
                    code = self.grade([str(a) for a in request["argv"]], log, result_for)
                except Exception as exc:  # our own bug: the grader's fault, and the host goes on
                    print(f"jaxgrade grade: grader fault: {type(exc).__name__}: {exc}", file=log)
                    code = EXIT_GRADER_FAULT
            replies.write(json.dumps({"exit": code}) + "\n")
            replies.flush()


def quiz_scores(opts: Any, student_id: str) -> list[dict[str, Any]] | None:
    """The student's quiz as the grader scores it, every question of the graded exercises' chapters
    (read from the batch's SUBMISSIONS entry through intake, nothing run); None when the release has
    no usable quiz key. The service stores these and never scores the quiz again."""
    from autograder.grade.intake import read_submissions
    from autograder.quiz.grading_key import load_key
    from autograder.quiz.key import QuizKeyError
    from autograder.quiz.score import score_quiz, score_submission
    from autograder.term.course import release_exercises

    try:
        key = load_key(opts.release_root)
    except QuizKeyError:
        return None
    if key is None:
        return None
    wanted = set(opts.exercises or ())
    found = [ch for ex, ch in release_exercises(opts.release_root) if not wanted or ex in wanted]
    chapters = tuple(dict.fromkeys(found))
    found_subs = read_submissions(opts.submissions)  # the attempt's one entry (service/storage/layout.py)
    if found_subs:
        scores = score_submission(key, found_subs[0], student_id, chapters)
    else:  # nothing laid out: every question of the chapters reads as missing
        asked = [ch for ch in chapters if key.chapter(ch)]
        scores = tuple(s for ch in asked for s in score_quiz(key, ch, None, student_id))
    return [
        {"question": s.question, "kind": s.kind, "status": str(s.status), "max_points": s.max_points,
         "points": s.points, "letters": list(s.letters), "chosen": list(s.chosen), "text": s.text,
         "reason_zh": s.reason_zh}
        for s in scores
    ]  # fmt: skip


def write_quiz_scores(opts: Any, student_id: str) -> None:
    """OUT/<student folder>/quiz_scores.json (result_file.QUIZ_SCHEMA) when the release has a quiz."""
    from autograder.grade import result_file

    questions = quiz_scores(opts, student_id)
    if questions is None:
        return
    name = result_file.ARTEFACT_FILES["quiz"]
    path = opts.out / result_file.student_folder(opts.out, student_id) / name
    path.parent.mkdir(parents=True, exist_ok=True)
    # ASCII escapes: an answer may hold a lone surrogate, which no UTF-8 file can carry
    path.write_text(json.dumps(result_file.quiz_doc(questions)), encoding="ascii")


def main() -> int:
    argparse.ArgumentParser(prog="python -m autograder.commands.grade_host", description=__doc__).parse_args()
    replies = sys.stdout
    sys.stdout = sys.stderr  # nothing but replies on the reply channel
    GradeHost().serve(sys.stdin, replies)
    return 0


if __name__ == "__main__":
    sys.exit(main())
