"""`jaxgrade grade DOWNLOAD --layout canvas|moodle|flat [--roster CSV]`: an LMS download as grading input.

Before the batch: scan the download (zip or folder), map names to student ids (roster), stage the
files as a plain SUBMISSIONS folder inside OUT (hidden from every sandbox like the rest of OUT).
After the batch: with a roster, `OUT/canvas.csv` and `OUT/moodle.csv`; always a section "LMS download"
at the end of `OUT/report.md` (late submissions, names that could not be parsed, unknown ids), and
the staged copy is removed. `grades.csv` is written by the batch as for any SUBMISSIONS folder; its
rows carry the roster's student ids.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from autograder.lms.export import ScoreRow, canvas_csv, moodle_csv
from autograder.lms.layouts import LAYOUTS, scan_download
from autograder.lms.mapping import Mapping, map_students
from autograder.lms.stage import remove_stage, stage
from autograder.roster import Roster, RosterError, load_roster


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--layout",
        choices=LAYOUTS,
        default=None,
        help="SUBMISSIONS is an LMS bulk download (zip or folder) in this layout: canvas "
        "(<name>_[LATE_]<userid>_<subid>_<file>), moodle (<Full Name>_<id>_assignsubmission_file_/), "
        "flat (<id>.ipynb, <id>.zip, <id>/ inside a zip)",
    )
    parser.add_argument(
        "--roster",
        type=Path,
        default=None,
        metavar="CSV",
        help="course roster (student_id,name[,email,lms_id,sis_login_id,section]): maps LMS ids in "
        "download names to student ids; with --layout also writes OUT/canvas.csv and OUT/moodle.csv",
    )


@dataclass(frozen=True)
class LmsOptions:
    layout: str
    download: Path
    roster: Roster | None
    title: str | None  # canvas.csv column title (default: the release version)


def check(args: argparse.Namespace) -> LmsOptions | None:
    """None when SUBMISSIONS is a plain folder; raises ValueError (usage) otherwise."""
    if args.nbgrader is not None:
        return None
    layout = args.layout
    if layout is None:
        if args.roster is None:
            return None
        layout = "flat"  # a plain SUBMISSIONS folder whose names must be roster student ids
    download = Path(args.submissions)
    if not (download.is_dir() or (download.is_file() and download.suffix.lower() == ".zip")):
        raise ValueError(f"--layout {layout}: SUBMISSIONS {download} is neither a folder nor a .zip")
    roster = None
    if args.roster is not None:
        try:
            roster = load_roster(args.roster)
        except RosterError as exc:
            raise ValueError(str(exc)) from exc
    return LmsOptions(layout, download, roster, args.assignment)


@dataclass(frozen=True)
class PreparedLms:
    options: LmsOptions
    mapping: Mapping
    submissions: Path  # the staged SUBMISSIONS folder (inside OUT)
    problems: tuple[str, ...]  # scan, mapping and staging problems


def prepare(opts: LmsOptions, out: Path, *, err: TextIO | None = None) -> PreparedLms:
    """Scan, map and stage; raises ValueError when the download cannot be read at all."""
    err = err if err is not None else sys.stderr
    scan = scan_download(opts.download, opts.layout)
    mapping = map_students(scan, opts.roster)
    out.mkdir(parents=True, exist_ok=True)
    out.chmod(0o700)
    staged = Path(tempfile.mkdtemp(prefix=".lms-download-", dir=out)) / "submissions"
    problems = mapping.problems + stage(mapping, staged)
    for line in problems:
        err.write(f"jaxgrade grade: {opts.layout} download: {line}\n")
    late = mapping.late_ids()
    err.write(
        f"jaxgrade grade: {opts.layout} download: {len(mapping.students)} student(s)"
        + (f", late: {', '.join(late)}" if late else "")
        + (f", {len(problems)} problem(s) (listed in report.md)" if problems else "")
        + "\n"
    )
    return PreparedLms(opts, mapping, staged, problems)


def report_section(prepared: PreparedLms) -> str:
    m = prepared.mapping
    how = "ids mapped through the roster" if prepared.options.roster else "LMS ids used as student ids"
    lines = ["", f"## LMS download ({prepared.options.layout})", "",
             f"- download: `{prepared.options.download}`",
             f"- students found: {len(m.students)} ({how})"]  # fmt: skip
    late = m.late_ids()
    lines.append(f"- late (LMS marker): {', '.join(late) if late else 'none'}")
    if prepared.options.roster is not None:
        have = {s.student_id for s in m.students}
        absent = [s.student_id for s in prepared.options.roster.students if s.student_id not in have]
        lines.append(f"- on the roster without a submission: {', '.join(absent) if absent else 'none'}")
    if prepared.problems:
        lines += ["", "Not graded or partly read (nothing is guessed):", ""]
        lines += [f"- {p.replace('|', '/')}" for p in prepared.problems]
    lines.append("")
    return "\n".join(lines)


def graded_totals(out: Path, prepared: PreparedLms) -> dict[str, float | None]:
    """student id -> total from OUT's gradebook (None: not graded, e.g. a grader fault)."""
    from autograder.grade.gradebook import Gradebook

    scores: dict[str, float | None] = {}
    with Gradebook(out / "gradebook.sqlite") as gb:
        for m in prepared.mapping.students:
            row = gb.get(m.student_id)
            scores[m.student_id] = row.total if row is not None and row.state == "graded" else None
    return scores


def finish(prepared: PreparedLms, out: Path, scores: dict[str, float | None], points_possible: float,
           release_version: str) -> None:  # fmt: skip
    """Exports and the report section; `scores` maps graded student ids to their total (None: no grade)."""
    try:
        roster = prepared.options.roster
        if roster is not None:
            rows = [ScoreRow(s, scores.get(s.student_id)) for s in roster.students]
            title = prepared.options.title or release_version
            _write(out / "canvas.csv", canvas_csv(rows, assignment=title, points_possible=points_possible))
            _write(out / "moodle.csv", moodle_csv(rows, max_grade=points_possible))
        report = out / "report.md"
        if report.is_file():
            with open(report, "a", encoding="utf-8") as f:
                f.write(report_section(prepared))
    finally:
        remove_stage(prepared.submissions.parent)


def _write(path: Path, text: str) -> None:
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(text, encoding="utf-8", newline="")
    tmp.replace(path)
