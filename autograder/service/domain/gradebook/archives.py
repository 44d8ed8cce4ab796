"""Zip downloads: every submission of an assignment for a TA, and an assignment's student folder.

    submissions_zip(ledger, reads, blobs, assignment_id, scope, now) -> bytes
        scope `counted`: each student's counted attempt (the ledger's); `all`: every attempt.
        <student>/attempt-<n>/<file> (n: the attempt's number among the student's attempts of the
        assignment, as every page shows it), and manifest.csv, one row per file:
        student_id, attempt_number, counted, submitted_at, late, state, final_total, file, path,
        sha256, bytes. Student ids are folder names by `safe_id`; file names are their base names.

    student_folder_zip(notebooks, assignment_id, student_id) -> DownloadFile (name, zip bytes)
        What a student needs to work on the assignment: its chapters' notebooks (personalised, as
        the notebook download), the release's manifest.json, quiz.json, jaxcourse/, kernels/ and the
        public tests of the assignment's exercises, under one folder named after the release.

Both are built in memory: a course's uploads are a few MB per student (`--max-upload-bytes`).
"""

from __future__ import annotations

import csv
import io
import json
import zipfile
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import PurePosixPath

from autograder.grade.gradebook import safe_id
from autograder.grade.reports import format_score, neutralize_cell
from autograder.service.domain.course.attempt_reads import AttemptReads
from autograder.service.domain.course.download_file import DownloadFile
from autograder.service.domain.gradebook.ledger import Ledger
from autograder.service.domain.intake.student_notebooks import StudentNotebooks
from autograder.service.records import iso
from autograder.service.storage.blobs import BlobStore

SCOPES = ("counted", "all")
MANIFEST_COLUMNS = (
    "student_id", "attempt_number", "counted", "submitted_at", "late", "state", "final_total",
    "file", "path", "sha256", "bytes",
)  # fmt: skip
_FOLDERS = ("jaxcourse", "kernels")


def _stamp(t: float) -> tuple[int, int, int, int, int, int]:
    when = datetime.fromtimestamp(max(t, 315532800.0), UTC)  # zip times start in 1980
    return (when.year, when.month, when.day, when.hour, when.minute, when.second)


def submissions_zip(
    ledger: Ledger,
    reads: AttemptReads,
    blobs: BlobStore,
    assignment_id: str,
    scope: str,
    now: Callable[[], float],
) -> bytes:
    """The assignment's submissions as one zip (see the module doc). ValueError for a bad scope."""
    if scope not in SCOPES:
        raise ValueError(f"scope must be one of {', '.join(SCOPES)}")
    records = {r.student_id: r for r in ledger.records(assignment_id)}
    by_student = reads.rows_by_student(assignment_id)
    out = io.BytesIO()
    manifest = io.StringIO()
    rows = csv.writer(manifest, lineterminator="\n")
    rows.writerow(MANIFEST_COLUMNS)
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for student_id in sorted(by_student):
            record = records.get(student_id)
            for number, row in enumerate(by_student[student_id], start=1):
                counted = record is not None and record.attempt_id == row.id
                if scope == "counted" and not counted:
                    continue
                final = record.final_total if counted and record is not None else None
                for f in json.loads(row.files):
                    name = PurePosixPath(str(f["name"]).replace("\\", "/")).name or "file"
                    path = f"{safe_id(student_id)}/attempt-{number}/{name}"
                    info = zipfile.ZipInfo(path, _stamp(row.submitted_at))
                    info.compress_type = zipfile.ZIP_DEFLATED
                    z.writestr(info, blobs.get(f["sha256"]))
                    rows.writerow([
                        neutralize_cell(student_id), number, "yes" if counted else "", iso(row.submitted_at),
                        "late" if row.late else "", row.status, "" if final is None else format_score(final),
                        neutralize_cell(name), path, f["sha256"], f.get("size", ""),
                    ])  # fmt: skip
        info = zipfile.ZipInfo("manifest.csv", _stamp(now()))
        info.compress_type = zipfile.ZIP_DEFLATED
        z.writestr(info, manifest.getvalue())
    return out.getvalue()


def student_folder_zip(
    notebooks: StudentNotebooks, assignment_id: str | None, student_id: str
) -> DownloadFile:
    """The file name and zip bytes of the assignment's student folder (see the module doc)."""
    assignment = notebooks.lookup.assignment(assignment_id)
    notebooks.check_open(assignment)
    release = notebooks.releases.of(assignment)
    root = release.root.resolve()
    top = f"{release.version}-{assignment.id}"
    own_tests = {f"{ex}.py" for ex in assignment.exercises}
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for chapter in notebooks.releases.chapters(assignment):
            notebook = notebooks.release_notebook(
                student_id, chapter, known=True, assignment_id=assignment.id
            )
            z.writestr(f"{top}/{notebook.name}", notebook.data)
        for name in ("manifest.json", "quiz.json"):
            if (root / name).is_file():
                z.write(root / name, f"{top}/{name}")
        for folder in _FOLDERS:
            for path in sorted((root / folder).rglob("*")):
                if path.is_file() and "__pycache__" not in path.parts:
                    z.write(path, f"{top}/{path.relative_to(root).as_posix()}")
        for path in sorted((root / "tests").glob("*.py")):
            if path.name in own_tests:
                z.write(path, f"{top}/tests/{path.name}")
    return DownloadFile(f"{top}.zip", out.getvalue())
