"""`jaxgrade grade --nbgrader COURSE_DIR --assignment V [--out OUT]`: grade what `nbgrader collect` gathered.

Before the batch: `COURSE_DIR/submitted/<student>/V/` (notebooks and source files at its top level;
the release's support folders, `timestamp.txt` and `submission_secret.txt` are nbgrader's, not the
student's answer) is staged as a plain SUBMISSIONS folder inside OUT. The batch grades it in the
sandbox like any folder submission: nbgrader never runs student code.
After the batch: the results go into nbgrader's gradebook and folders through nbgrader's own API,
in nbgrader's environment (nbgrader_side.py `writeback`): per `<exercise>_check` cell the score
(needs_manual_grade false) and the Chinese feedback as auto comment; autograded/ and feedback/.
A student whose grading hit a grader fault, or an exercise left out by `--exercises`, is not written
(formgrader keeps showing it as not autograded / needing a grade).
Default OUT: COURSE_DIR/jaxgrade/V/.
"""

from __future__ import annotations

import argparse
import json
import os
import stat
import sys
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, TextIO

from autograder.exercises import CHAPTERS
from autograder.grade import reports
from autograder.grade.gradebook import Gradebook
from autograder.grade.intake import EXTRA_SUFFIXES
from autograder.i18n import _
from autograder.lms.layouts import Item, Scan, Source
from autograder.lms.mapping import Mapping, map_students
from autograder.lms.stage import remove_stage, stage
from autograder.model import ReleaseInfo, StudentResult
from autograder.nbgrader_bridge import venv
from autograder.roster import Roster, RosterError, load_roster

NBGRADER_FILES = frozenset({"timestamp.txt", "submission_secret.txt"})


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--nbgrader",
        type=Path,
        default=None,
        metavar="COURSE_DIR",
        help="grade COURSE_DIR/submitted/<student>/<assignment>/ (after `nbgrader collect`) and write "
        "the scores into the course's nbgrader gradebook, autograded/ and feedback/ (no SUBMISSIONS)",
    )
    parser.add_argument(
        "--assignment",
        default=None,
        metavar="NAME",
        help="with --nbgrader: the nbgrader assignment (= jaxgrade release version); "
        "with --layout: the assignment title in canvas.csv",
    )


@dataclass(frozen=True)
class NbgraderOptions:
    course_dir: Path
    assignment: str
    roster: Roster | None


def check(args: argparse.Namespace) -> NbgraderOptions | None:
    """None without --nbgrader. Fills in SUBMISSIONS, --out and --release defaults; ValueError on misuse."""
    if args.nbgrader is None:
        return None
    if args.submissions is not None:
        raise ValueError("--nbgrader reads COURSE_DIR/submitted/: give no SUBMISSIONS")
    if args.layout is not None:
        raise ValueError("--nbgrader and --layout do not go together")
    if not args.assignment:
        raise ValueError("--nbgrader needs --assignment NAME")
    course = Path(args.nbgrader)
    if not (course / "submitted").is_dir():
        raise ValueError(f"--nbgrader {course} has no submitted/ folder (run `nbgrader collect` first)")
    if args.isolation == "rlimit" and os.stat(course).st_mode & (stat.S_IROTH | stat.S_IXOTH):
        raise ValueError(f"--isolation rlimit: {course} is readable by other users (sources and gradebook); "
                         f"run: chmod o-rwx {course}")  # fmt: skip
    try:  # before grading for minutes: can the results be written back at all?
        venv.nbgrader_python()
    except venv.NbgraderError as exc:
        raise ValueError(str(exc)) from exc
    args.submissions = course / "submitted"
    if args.out is None:
        args.out = course / "jaxgrade" / args.assignment
    if args.release is None and (Path("assignments") / args.assignment / "manifest.json").is_file():
        args.release = Path("assignments") / args.assignment
    roster = None
    if args.roster is not None:
        try:
            roster = load_roster(args.roster)
        except RosterError as exc:
            raise ValueError(str(exc)) from exc
    return NbgraderOptions(course, args.assignment, roster)


def scan_submitted(course: Path, assignment: str) -> Scan:
    items: list[Item] = []
    problems: list[str] = []
    base = course / "submitted"
    for sid in sorted(os.listdir(base)):
        folder = base / sid / assignment
        if sid.startswith(".") or not folder.is_dir() or folder.is_symlink():
            continue
        for name in sorted(os.listdir(folder)):
            path = folder / name
            st = os.lstat(path)
            suffix = Path(name).suffix.lower()
            if name in NBGRADER_FILES or not stat.S_ISREG(st.st_mode):
                continue  # nbgrader's own files, and the release's folders the student fetched
            if suffix == ".ipynb" or suffix in EXTRA_SUFFIXES:
                items.append(
                    Item(sid, "", name, Source(path, "", st.st_size, st.st_mtime), shown=f"{sid}/{name}")
                )
    return Scan("flat", tuple(items), tuple(problems))


@dataclass(frozen=True)
class PreparedNbgrader:
    options: NbgraderOptions
    mapping: Mapping
    submissions: Path
    problems: tuple[str, ...]


def prepare(opts: NbgraderOptions, out: Path, *, err: TextIO | None = None) -> PreparedNbgrader:
    err = err if err is not None else sys.stderr
    mapping = map_students(scan_submitted(opts.course_dir, opts.assignment), opts.roster)
    out.mkdir(parents=True, exist_ok=True)
    out.chmod(0o700)
    staged = Path(tempfile.mkdtemp(prefix=".nbgrader-submitted-", dir=out)) / "submissions"
    problems = mapping.problems + stage(mapping, staged)
    for line in problems:
        err.write(f"jaxgrade grade: nbgrader: {line}\n")
    err.write(f"jaxgrade grade: nbgrader: {len(mapping.students)} submission(s) of {opts.assignment}\n")
    return PreparedNbgrader(opts, mapping, staged, problems)


def exercise_comment_zh(result: StudentResult, exercise: str) -> str:
    """The Chinese feedback of one exercise, as plain text (the auto comment of its nbgrader cell)."""
    s = result.scores[exercise]
    lines = [_("{title}:{score} / {max_score} 分").format(
        title=reports.exercise_title_zh(exercise),
        score=reports.format_score(s.score),
        max_score=reports.format_score(s.max_score),
    )]  # fmt: skip
    if s.status != "ok":
        lines.append(_("状态:{exercise_status_zh}").format(exercise_status_zh=reports.exercise_status_zh(s.status)))
    if s.summary_zh:
        lines.append(s.summary_zh)
    for t in s.tests:
        mark = "✔" if t.passed and t.score >= t.max_score else "✘"
        lines.append(f"{mark} {t.output_zh}")
    return "\n".join(lines)


def quiz_cells(quiz: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """The scored (choice) quiz answers of one student (OUT/quiz/answers.json) as nbgrader cell scores;
    written answers stay with formgrader's TAs."""
    from autograder.nbgrader_bridge.source import quiz_grade_id

    return {
        quiz_grade_id(qid): {
            "score": r["points"],
            "comment": _("测验 {qid}:{points:g} 分").format(qid=qid, points=r["points"]),
        }
        for qid, r in quiz.items()
        if r.get("points") is not None
    }


def writeback_request(result: StudentResult, release: ReleaseInfo,
                      quiz: dict[str, dict[str, Any]] | None = None) -> dict[str, Any]:
    notebooks: dict[str, Any] = {}
    scored_quiz = quiz_cells(quiz or {})
    for chapter, ids in CHAPTERS.items():
        cells = {k: v for k, v in scored_quiz.items() if k.startswith(chapter + "_")}
        for ex in ids:
            s = result.scores.get(ex)
            if s is None or s.status == "skipped":
                continue  # not graded this time: nbgrader keeps it as needing a grade
            cells[f"{ex}_check"] = {"score": s.score, "comment": exercise_comment_zh(result, ex)}
        part = replace(result, scores={ex: result.scores[ex] for ex in ids if ex in result.scores})
        notebooks[release.notebooks[chapter].stem] = {
            "cells": cells,
            "feedback_html": reports.feedback_html(part),
        }
    return {"id": result.student_id, "notebooks": notebooks}


WRITEBACK_STATUS_FILE = "nbgrader-writeback.json"


def writeback_statuses(answer: dict[str, Any], skipped: list[str]) -> dict[str, dict[str, str]]:
    """Student id -> {status, note}: `written`, `refused` (the student's folder: a timestamp.txt that does
    not parse, a link), `failed` (the write of this student failed; nothing of it was committed),
    `not_graded` (the batch has no grade for it)."""
    out: dict[str, dict[str, str]] = {sid: {"status": "not_graded", "note": "not graded"} for sid in skipped}
    for sid in answer.get("students", []):
        out[sid] = {"status": "written", "note": answer.get("notes", {}).get(sid, "")}
    for key in ("refused", "failed"):
        for sid, note in answer.get(key, {}).items():
            out[sid] = {"status": key, "note": note}
    return out


def _write_statuses(out: Path, statuses: dict[str, dict[str, str]]) -> None:
    """OUT/nbgrader-writeback.json: what the last write-back did per student (for the TA)."""
    tmp = out / f".{WRITEBACK_STATUS_FILE}.tmp"
    tmp.write_text(json.dumps(statuses, ensure_ascii=False, indent=1, sort_keys=True), encoding="utf-8")
    os.replace(tmp, out / WRITEBACK_STATUS_FILE)


def finish(prepared: PreparedNbgrader, out: Path, release: ReleaseInfo, *, err: TextIO | None = None) -> int:
    """Write the graded students into nbgrader; returns how many were written (raises venv.NbgraderError)."""
    err = err if err is not None else sys.stderr
    try:
        from autograder.quiz.records import load_answers

        students, skipped = [], []
        quiz = load_answers(out)
        with Gradebook(out / "gradebook.sqlite") as gb:
            for m in prepared.mapping.students:
                row = gb.get(m.student_id)
                result = gb.load_result(m.student_id) if row is not None and row.state == "graded" else None
                if result is None:
                    skipped.append(m.student_id)
                else:
                    students.append(writeback_request(result, release, quiz.get(m.student_id)))
        answer: dict[str, Any] = {"students": []}
        if students:
            opts = prepared.options
            answer = venv.call(
                "writeback", opts.course_dir, {"assignment": opts.assignment, "students": students}
            )
        statuses = writeback_statuses(answer, skipped)
        _write_statuses(out, statuses)
        for sid, entry in sorted(statuses.items()):
            if entry["status"] != "written" or entry.get("note"):
                err.write(f"jaxgrade grade: nbgrader: {sid}: {entry['status']}: {entry.get('note', '')}\n")
        course = prepared.options.course_dir
        written = len(answer.get("students", []))
        err.write(f"jaxgrade grade: nbgrader: wrote {written} submission(s) into {course}\n")
        return written
    finally:
        remove_stage(prepared.submissions.parent)
