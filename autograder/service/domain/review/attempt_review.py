"""One attempt as a TA reviews it: any student's, any assignment's (the TA's attempt page).

    review(service, attempt_id, named=...) -> AttemptReview | None

`AttemptReview` holds what a TA opens an attempt for: its number among the student's attempts of
the assignment (`attempt_numbers`), the code cells of each uploaded notebook (other text files
whole), the grader's log (the batch's `results.json`: status line, messages, every check's
output; and the last grader fault), the timeline (uploaded, grading started, graded, and every
audit entry naming the attempt), and its points. Everything is read from the database and the blob
store (the upload, the graded try's artefacts: `graded_artefacts.py`); nothing runs. Sizes are
capped: a student's upload is hostile and a page must stay a page.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from autograder.service.domain.core import Service
from autograder.service.domain.course import graded_artefacts
from autograder.service.domain.course.attempt_numbers import numbers
from autograder.service.domain.course.attempt_reads import OwnPart, fits_id, own_status
from autograder.service.storage import db, scores
from autograder.service.storage.blobs import BlobStore
from autograder.states import AttemptState

MAX_CELLS = 300  # per file
MAX_CELL_CHARS = 20_000
MAX_LOG_CHARS = 200_000


@dataclass(frozen=True)
class CodeCell:
    file: str
    index: int  # 1-based, among the file's code cells (a plain text file is one cell)
    source: str
    truncated: bool


@dataclass(frozen=True)
class TimelineEntry:
    at: float  # unix seconds
    actor: str  # "student", "grader", a TA's name or "system"
    what: str  # in English


@dataclass(frozen=True)
class AttemptReview:
    attempt_id: int  # the address of the page; people read `number`
    student_id: str
    assignment_id: str | None
    number: int  # among the student's attempts of the assignment, from 1
    attempts: int  # how many the student uploaded to the assignment
    submitted_at: float  # unix seconds
    status: str
    late: bool
    score: float | None
    max_score: float | None
    grade_status: str | None
    exercises: dict[str, float | None]
    files: tuple[str, ...]
    cells: tuple[CodeCell, ...]
    unreadable: tuple[str, ...]  # uploaded files that are neither a notebook nor UTF-8 text
    build_log: str  # the grader's log of the graded try ("" before grading)
    grader_error: str | None
    timeline: tuple[TimelineEntry, ...]
    has_feedback: bool


def _cap(text: str, limit: int) -> tuple[str, bool]:
    return (text, False) if len(text) <= limit else (text[:limit], True)


def code_cells(name: str, data: bytes) -> tuple[CodeCell, ...] | None:
    """A notebook's code cells, or a text file as one cell; None when it is neither."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    if name.endswith(".ipynb"):
        try:
            doc = json.loads(text)
            cells = [c for c in doc.get("cells", []) if isinstance(c, dict) and c.get("cell_type") == "code"]
        except (ValueError, AttributeError):
            cells = None  # not a notebook after all: shown as the text it is
        if cells is not None:
            out = []
            for i, cell in enumerate(cells[:MAX_CELLS], start=1):
                raw = cell.get("source", "")
                source = "".join(s for s in raw if isinstance(s, str)) if isinstance(raw, list) else str(raw)
                out.append(CodeCell(name, i, *_cap(source, MAX_CELL_CHARS)))
            return tuple(out)
    return (CodeCell(name, 1, *_cap(text, MAX_CELL_CHARS * 5)),)


def _results_log(blobs: BlobStore, row: Any) -> str:
    """The graded try's `results.json` (its `results_json` artefact) as text: its output, then each
    check's name, points and output."""
    text = graded_artefacts.text(blobs, row.artefacts, "results_json")
    if text is None:
        return ""
    try:
        doc = json.loads(text[: MAX_LOG_CHARS * 2])
    except ValueError:
        return ""
    if not isinstance(doc, dict):
        return ""
    lines = [str(doc.get("output", ""))]
    for test in doc.get("tests", []) if isinstance(doc.get("tests"), list) else []:
        if isinstance(test, dict):
            points = f"{test.get('score', '')}/{test.get('max_score', '')}"
            head = f"{test.get('name', '')}: {test.get('status', '')} {points}"
            lines += [head, *(f"    {line}" for line in str(test.get("output", "")).splitlines())]
    return _cap("\n".join(lines).strip(), MAX_LOG_CHARS)[0]


def _timeline(conn: sa.Connection, row: Any) -> tuple[TimelineEntry, ...]:
    entries = [TimelineEntry(float(row.submitted_at), "student", "uploaded")]
    if row.started_at is not None:
        entries.append(TimelineEntry(float(row.started_at), "grader", "grading started"))
    if row.graded_at is not None:
        done = "graded" if row.status == AttemptState.GRADED else f"finished: {row.status}"
        entries.append(TimelineEntry(float(row.graded_at), "grader", done))
    log = db.audit_log.c
    for e in conn.execute(sa.select(db.audit_log).where(log.attempt_id == row.id).order_by(log.at, log.id)):
        entries.append(TimelineEntry(float(e.at), str(e.actor), f"{e.action}: {e.detail}"))
    return tuple(sorted(entries, key=lambda e: e.at))


def review(
    service: Service,
    attempt_id: int,
    *,
    named: bool,
    own_part: Callable[[Any], OwnPart | None] | None = None,
) -> AttemptReview | None:
    """The attempt as its TA page shows it; None when there is no such attempt. `own_part`
    (`AttemptReads.own_part`): the part of the release the attempt's assignment covers, so that a
    chapter-2 assignment's attempt does not read as missing chapter 5."""
    if not fits_id(attempt_id):
        return None
    a = db.attempts.c
    with service.engine.connect() as conn:
        row = conn.execute(sa.select(db.attempts).where(a.id == attempt_id)).first()
        if row is None:
            return None
        siblings = conn.execute(sa.select(a.id, a.assignment_id).where(a.student_id == row.student_id)).all()
        timeline = _timeline(conn, row)
        points = scores.of_attempts(conn, [int(row.id)]).get(int(row.id), {})
    assignment_id = row.assignment_id if named else None
    same = [s for s in siblings if (s.assignment_id if named else None) == assignment_id]
    number = numbers(_Sibling(s.id, s.assignment_id if named else None) for s in siblings)[row.id]
    files = json.loads(row.files)
    cells: list[CodeCell] = []
    unreadable: list[str] = []
    for f in files:
        name = str(f.get("name", "file"))
        try:
            found = code_cells(name, service.blobs.get(str(f["sha256"])))
        except (OSError, KeyError):
            found = None
        if found is None:
            unreadable.append(name)
        else:
            cells.extend(found)
    graded = row.status == AttemptState.GRADED
    own = own_part(row) if own_part is not None else None
    if own is not None:
        points = {ex: v for ex, v in points.items() if ex in own.points}
    return AttemptReview(
        attempt_id=int(row.id),
        student_id=str(row.student_id),
        assignment_id=assignment_id,
        number=number,
        attempts=len(same),
        submitted_at=float(row.submitted_at),
        status=str(row.status),
        late=bool(row.late),
        score=row.score,
        max_score=row.max_score,
        grade_status=row.grade_status if own is None else own_status(row.grade_status, own.chapters),
        exercises=points,
        files=tuple(str(f.get("name", "")) for f in files),
        cells=tuple(cells),
        unreadable=tuple(unreadable),
        build_log=_results_log(service.blobs, row) if graded else "",
        grader_error=row.error,
        timeline=timeline,
        has_feedback=graded and "feedback_html" in graded_artefacts.digests(row.artefacts),
    )


@dataclass(frozen=True)
class _Sibling:
    id: int
    assignment_id: str | None
