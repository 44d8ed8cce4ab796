"""The extensions CSV a TA imports: `student_id,due_at[,late_until]`, one row per student.

Times are ISO 8601 with a UTC offset; an empty late_until means nothing is accepted after the new
due_at. The whole file is checked before anything is applied; `ExtensionCsvError` names the first
bad line (1 is the header).
"""

from __future__ import annotations

import csv
import io
from datetime import datetime

from autograder.term import deadline_range
from autograder.term.counting import Extension

COLUMNS = ("student_id", "due_at", "late_until")
MAX_ROWS = 5000


class ExtensionCsvError(ValueError):
    """English, for the TA."""


def _time(text: str, line: int, key: str) -> float:
    try:
        when = datetime.fromisoformat(text.strip())
    except ValueError:
        raise ExtensionCsvError(f"line {line}: {key} {text!r} is not an ISO 8601 time") from None
    if when.tzinfo is None:
        raise ExtensionCsvError(f"line {line}: {key} {text!r} has no UTC offset (e.g. +08:00)")
    try:
        return deadline_range.checked(when, key)
    except deadline_range.DeadlineError as exc:
        raise ExtensionCsvError(f"line {line}: {exc}") from None


def parse_extensions_csv(text: str) -> dict[str, Extension]:
    """Student id -> Extension, in file order."""
    rows = list(csv.reader(io.StringIO(text.lstrip("\ufeff"))))
    if not rows or tuple(c.strip() for c in rows[0]) not in (COLUMNS[:2], COLUMNS):
        raise ExtensionCsvError("line 1: the header must be student_id,due_at[,late_until]")
    if len(rows) - 1 > MAX_ROWS:
        raise ExtensionCsvError(f"more than {MAX_ROWS} rows")
    width = len(rows[0])
    out: dict[str, Extension] = {}
    for line, row in enumerate(rows[1:], start=2):
        if not any(c.strip() for c in row):
            continue
        if len(row) != width:
            raise ExtensionCsvError(f"line {line}: {len(row)} cells, the header has {width}")
        sid = row[0].strip()
        if not sid or sid in out:
            raise ExtensionCsvError(f"line {line}: student_id is empty or repeated ({sid!r})")
        due = _time(row[1], line, "due_at")
        until = _time(row[2], line, "late_until") if width == 3 and row[2].strip() else None
        if until is not None and until < due:
            raise ExtensionCsvError(f"line {line}: late_until is before due_at")
        out[sid] = Extension(due, until)
    return out
