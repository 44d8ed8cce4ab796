"""CSV injection (OWASP): no text cell of grades.csv, canvas.csv or moodle.csv, batch or service, may
start a formula in a spreadsheet, neither at the start of the cell nor after a tab or CR inside it
(spreadsheets that split on tabs, or read a bare CR as a row end, start a new cell there)."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from autograder.grade import reports
from autograder.lms.export import ScoreRow, canvas_csv, moodle_csv
from autograder.roster import Student

from helpers.csv_inert import assert_inert
from helpers.report_rows import grow
from helpers.served import call, serve

HOSTILE_NAMES = (
    '=HYPERLINK("http://127.0.0.1/x","y")',
    "+1+1",
    "-2+3",
    "@SUM(A1:A9)",
    "Bob\t=cmd|' /C calc'!A0",
    "Eve\r=1+1",
    "Mal\t\t+SUM(1)",
)


def hostile_students() -> list[Student]:
    return [
        Student(f"s{i}", name, email=f"{name}@example.edu", lms_id=name, sis_login_id=name, section=name)
        for i, name in enumerate(HOSTILE_NAMES)
    ]


def test_batch_grades_csv_ids_are_inert() -> None:
    assert_inert(reports.grades_csv([grow(name) for name in HOSTILE_NAMES]))


def test_lms_exports_are_inert() -> None:
    rows = [ScoreRow(s, 1.0) for s in hostile_students()]
    assert_inert(canvas_csv(rows, assignment="=evil\tassignment", points_possible=80.0))
    assert_inert(moodle_csv(rows, max_grade=80.0))
    # The text survives as text: a TA can still read who it was.
    assert "'=HYPERLINK" in canvas_csv(rows, assignment="a")


def test_service_exports_of_a_hostile_roster_are_inert(tmp_path: Path) -> None:
    roster = tmp_path / "roster.csv"
    with roster.open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["student_id", "name", "email", "lms_id", "sis_login_id", "section"])
        for s in hostile_students():
            w.writerow([s.student_id, s.name, s.email, s.lms_id, s.sis_login_id, s.section])
    served = serve(tmp_path / "data", "--roster", str(roster), "--workers", "0")
    try:
        for path in ("/api/grades.csv", "/api/canvas.csv"):
            status, _, body = call(served, "GET", path, token=served.ta)
            assert status == 200, body
            assert_inert(body.decode("utf-8-sig"))
    finally:
        served.stop()


@pytest.mark.parametrize("text", ["a\tb", "a\rb", "a\r\nb"])
def test_neutralize_cell_drops_tab_and_cr_inside(text: str) -> None:
    assert "\t" not in reports.neutralize_cell(text) and "\r" not in reports.neutralize_cell(text)
