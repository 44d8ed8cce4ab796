"""Gradebook import files for Canvas and Moodle from plain rows (no gradebook or batch needed).

`canvas_csv`: Canvas "Import" of the Grades page: `Student,ID,SIS User ID,SIS Login ID,Section,<title>`,
then a `Points Possible` row. `ID` is the Canvas user id (`lms_id`), `SIS User ID` the course's
`student_id`. Canvas matches an existing assignment by the column title `Name (assignment id)`;
any other title creates a new assignment column on import.

`moodle_csv`: Moodle's assignment "Upload grading worksheet": `Identifier` is `Participant <lms_id>`
(the id in Moodle's download names), then `Full name,Email address,Grade,Maximum Grade`.

A row whose score is `None` (not submitted, or a grader fault) leaves the grade cell empty, which both
imports read as "no change".
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from dataclasses import dataclass

from autograder.grade.reports import format_score, neutralize_cell
from autograder.roster import Student

CANVAS_COLUMNS = ("Student", "ID", "SIS User ID", "SIS Login ID", "Section")
MOODLE_COLUMNS = ("Identifier", "Full name", "Email address", "Grade", "Maximum Grade")


@dataclass(frozen=True)
class ScoreRow:
    student: Student
    score: float | None  # None: no grade to send


def _number(x: float | None) -> str:
    return "" if x is None else format_score(x)


# Text cells go through the batch's own CSV-injection guard (full-width forms included).
_cell = neutralize_cell


def _write(header: Iterable[str], rows: Iterable[Iterable[str]]) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(list(header))
    for row in rows:
        w.writerow(list(row))
    return buf.getvalue()


def canvas_csv(rows: Iterable[ScoreRow], *, assignment: str, points_possible: float | None = None) -> str:
    body: list[list[str]] = []
    if points_possible is not None:
        body.append(["Points Possible", "", "", "", "", _number(points_possible)])
    for r in sorted(rows, key=lambda r: r.student.name):
        s = r.student
        body.append([_cell(s.name), _cell(s.lms_id), _cell(s.student_id), _cell(s.sis_login_id),
                     _cell(s.section), _number(r.score)])  # fmt: skip
    return _write((*CANVAS_COLUMNS, _cell(assignment)), body)


def moodle_csv(rows: Iterable[ScoreRow], *, max_grade: float | None = None) -> str:
    body = []
    for r in sorted(rows, key=lambda r: r.student.name):
        s = r.student
        ident = f"Participant {s.lms_id}" if s.lms_id else ""
        body.append([_cell(ident), _cell(s.name), _cell(s.email), _number(r.score), _number(max_grade)])
    return _write(MOODLE_COLUMNS, body)
