"""The course roster: who the students are, shared by `jaxgrade grade --roster` and `jaxgrade serve`.

A roster is a UTF-8 CSV (a BOM is tolerated, as spreadsheets write one) with a header row:

| column         | required | meaning                                                             |
| ---            | ---      | ---                                                                 |
| `student_id`   | yes      | the course's id; what `grades.csv` rows and the service login carry |
| `name`         | yes      | the student's display name                                          |
| `email`        | no       |                                                                     |
| `lms_id`       | no       | the LMS user id found in Canvas/Moodle download names               |
| `sis_login_id` | no       | Canvas "SIS Login ID"                                                |
| `section`      | no       | Canvas/Moodle section                                               |

Other columns are kept in `Student.extra`. Every problem is reported with its line number and nothing
is guessed: a roster with any problem is refused as a whole (`RosterError`).
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, field
from pathlib import Path

REQUIRED = ("student_id", "name")
OPTIONAL = ("email", "lms_id", "sis_login_id", "section")
MAX_BYTES = 8 * 1024 * 1024
MAX_ROWS = 50_000
# Same alphabet the gradebook accepts for a folder name: no path separators, no control characters.
_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._@+-]{0,127}$")


class RosterError(ValueError):
    """The roster file cannot be used; the message names the file and the lines (English, for TAs)."""


@dataclass(frozen=True)
class Student:
    student_id: str
    name: str
    email: str = ""
    lms_id: str = ""
    sis_login_id: str = ""
    section: str = ""
    extra: tuple[tuple[str, str], ...] = field(default=())


@dataclass(frozen=True)
class Roster:
    students: tuple[Student, ...]

    def by_id(self) -> dict[str, Student]:
        return {s.student_id: s for s in self.students}

    def by_lms_id(self) -> dict[str, Student]:
        """LMS user id -> student (only students that have one)."""
        return {s.lms_id: s for s in self.students if s.lms_id}

    def ids(self) -> tuple[str, ...]:
        return tuple(s.student_id for s in self.students)


def valid_student_id(value: str) -> bool:
    return bool(_ID.match(value))


def parse_roster(data: bytes, *, source: str = "roster") -> Roster:
    if len(data) > MAX_BYTES:
        raise RosterError(f"{source}: larger than {MAX_BYTES} bytes")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise RosterError(f"{source}: not UTF-8 ({exc})") from exc
    reader = csv.reader(io.StringIO(text, newline=""))
    try:
        header = [h.strip() for h in next(reader)]
    except StopIteration:
        raise RosterError(f"{source}: empty file (expected a header row: student_id,name,...)") from None
    except csv.Error as exc:
        raise RosterError(f"{source}: line 1: {exc}") from exc
    missing = [c for c in REQUIRED if c not in header]
    if missing:
        raise RosterError(f"{source}: header lacks column(s) {', '.join(missing)} (got: {', '.join(header)})")
    dup = sorted({h for h in header if header.count(h) > 1})
    if dup:
        raise RosterError(f"{source}: duplicate column(s) {', '.join(dup)}")
    problems: list[str] = []
    students: list[Student] = []
    seen_id: dict[str, int] = {}
    seen_lms: dict[str, int] = {}
    try:
        for row in reader:
            line = reader.line_num
            if not any(cell.strip() for cell in row):
                continue
            if len(students) >= MAX_ROWS:
                raise RosterError(f"{source}: more than {MAX_ROWS} students")
            if len(row) != len(header):
                problems.append(f"line {line}: {len(row)} fields, header has {len(header)}")
                continue
            rec = {h: cell.strip() for h, cell in zip(header, row, strict=True)}
            sid = rec["student_id"]
            if not valid_student_id(sid):
                problems.append(
                    f"line {line}: student_id {sid!r} is not usable (letters, digits and ._@+- only,"
                    " starting with a letter or digit, at most 128 characters)"
                )
                continue
            if sid in seen_id:
                problems.append(f"line {line}: student_id {sid!r} already on line {seen_id[sid]}")
                continue
            seen_id[sid] = line
            lms = rec.get("lms_id", "")
            if lms:
                if lms in seen_lms:
                    problems.append(f"line {line}: lms_id {lms!r} already on line {seen_lms[lms]}")
                    continue
                seen_lms[lms] = line
            known = set(REQUIRED) | set(OPTIONAL)
            students.append(
                Student(
                    student_id=sid,
                    name=rec["name"],
                    **{k: rec.get(k, "") for k in OPTIONAL},
                    extra=tuple((h, rec[h]) for h in header if h not in known),
                )
            )
    except csv.Error as exc:
        problems.append(f"line {reader.line_num}: {exc}")
    if problems:
        shown = "; ".join(problems[:20]) + (f"; and {len(problems) - 20} more" if len(problems) > 20 else "")
        raise RosterError(f"{source}: {shown}")
    return Roster(tuple(students))


def load_roster(path: Path) -> Roster:
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_BYTES + 1)
    except OSError as exc:
        raise RosterError(f"cannot read roster {path}: {exc.strerror or exc}") from exc
    return parse_roster(data, source=str(path))
