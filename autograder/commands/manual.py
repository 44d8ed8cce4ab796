"""`jaxgrade manual import OUT/quiz/manual.csv` and `jaxgrade manual nbgrader COURSE_DIR --assignment V`:
merge the TAs' written-answer scores, from the batch's packet or from nbgrader's formgrader
(docs/quizzes.md). `jaxgrade manual import OUT/quiz/line_comments.txt` reads the TAs' line comments
into each student's feedback (docs/ta/line_comments.md)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

EXIT_OK, EXIT_REFUSED, EXIT_USAGE = 0, 1, 2


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="action", required=True)
    imp = sub.add_parser("import", help="merge a filled-in manual.csv into the batch's quiz scores")
    imp.add_argument("packet", help="the filled-in grading packet (OUT/quiz/manual.csv or a copy), or the "
                     "line-comment packet (OUT/quiz/line_comments.txt or a copy: a .txt file)")
    imp.add_argument("--out", default=None,
                     help="the batch's OUT folder (default: two levels above PACKET, i.e. OUT/quiz/..)")
    imp.add_argument("--show-quiz-answers", action="store_true",
                     help="re-render the students' quiz.md with model answers (only after release)")
    nbg = sub.add_parser("nbgrader", help="read the written answers' scores TAs entered in formgrader")
    nbg.add_argument("course_dir", type=Path, help="the nbgrader course folder")
    nbg.add_argument("--assignment", required=True, help="the nbgrader assignment (= release version)")
    nbg.add_argument("--out", default=None,
                     help="the batch's OUT (default: COURSE_DIR/jaxgrade/<assignment>)")
    nbg.add_argument("--show-quiz-answers", action="store_true",
                     help="re-render the students' quiz.md with model answers (only after release)")


def run(args: argparse.Namespace) -> int:
    from autograder.quiz.batch import import_manual
    from autograder.quiz.key import QuizKeyError
    from autograder.quiz.manual_import import ManualImportError

    if args.action == "nbgrader":
        out = Path(args.out) if args.out else args.course_dir / "jaxgrade" / args.assignment
    else:
        out = Path(args.out) if args.out else Path(args.packet).resolve().parent.parent
    if args.action == "import" and Path(args.packet).suffix.lower() == ".txt":
        return _import_line_comments(out, Path(args.packet))
    if not (out / "quiz" / "answers.json").is_file():
        print(f"jaxgrade manual: error: {out} holds no quiz batch (run jaxgrade grade first, or pass --out)",
              file=sys.stderr)
        return EXIT_USAGE
    try:
        if args.action == "nbgrader":
            from autograder.nbgrader_bridge.manual_readback import read_back

            n = read_back(args.course_dir, args.assignment, out, show_answers=bool(args.show_quiz_answers))
        else:
            n = import_manual(out, Path(args.packet), show_answers=bool(args.show_quiz_answers))
    except ManualImportError as exc:
        print("jaxgrade manual: refused, nothing merged:", file=sys.stderr)
        for problem in exc.problems:
            print(f"  {problem}", file=sys.stderr)
        return EXIT_REFUSED
    except (QuizKeyError, OSError, ValueError, KeyError, RuntimeError) as exc:
        print(f"jaxgrade manual: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    print(f"merged {n} score(s); quiz.csv and the students' quiz.md rewritten in {out}")
    return EXIT_OK


def _import_line_comments(out: Path, packet: Path) -> int:
    from autograder.quiz.line_comment_packet import PacketError, import_comments

    try:
        n = import_comments(out, packet)
    except PacketError as exc:
        print("jaxgrade manual: refused, no line comment imported:", file=sys.stderr)
        for problem in exc.problems:
            print(f"  {problem}", file=sys.stderr)
        return EXIT_REFUSED
    print(f"imported {n} line comment(s); line_comments.md and feedback.html rewritten in {out}")
    return EXIT_OK
