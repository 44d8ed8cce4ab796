"""Merge the TAs' scores of written quiz answers (a filled-in OUT/quiz/manual.csv) into the batch.

All or nothing: every row is checked first (known student and written question, points a number in
[0, the question's points], the answer still the one in the packet, no row twice); any problem
refuses the whole file with every problem listed by row, and nothing is merged. Rows whose `points`
cell is empty are not graded yet and change nothing.
"""

from __future__ import annotations

import csv
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from autograder.quiz.grading_key import QuizKey
from autograder.quiz.records import ManualScore

REQUIRED = ("student", "question", "points", "comment", "answer_sha256")
MAX_COMMENT_CHARS = 2000


class ManualImportError(ValueError):
    def __init__(self, problems: list[str]):
        super().__init__("\n".join(problems))
        self.problems = problems


@dataclass(frozen=True)
class ImportedScore:
    student_id: str
    question: str
    score: ManualScore


def _points(cell: str, max_points: float) -> float | str:
    """The points of a cell, or why they are refused."""
    try:
        value = float(cell.strip().lstrip("'"))
    except ValueError:
        return f"points {cell!r} is not a number"
    if not math.isfinite(value) or not 0 <= value <= max_points:
        return f"points {cell!r} are outside 0..{max_points:g}"
    return value


def read_packet(path: Path, key: QuizKey, answers: dict[str, dict[str, Any]],
                safe_ids: dict[str, str]) -> list[ImportedScore]:
    """The graded rows of `path`; raises ManualImportError listing every problem."""
    student_of = {safe: sid for sid, safe in safe_ids.items()}
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise ManualImportError([f"{path}: cannot read: {exc}"]) from exc
    reader = csv.DictReader(text.splitlines())
    missing = [c for c in REQUIRED if c not in (reader.fieldnames or [])]
    if missing:
        raise ManualImportError([f"{path}: missing column(s) {missing}; expected at least {list(REQUIRED)}"])
    problems: list[str] = []
    out: list[ImportedScore] = []
    seen: set[tuple[str, str]] = set()
    for n, row in enumerate(reader, start=2):  # line 1 is the header
        where = f"{path.name} line {n}"
        safe, qid = (row.get("student") or "").strip(), (row.get("question") or "").strip()
        points_cell = (row.get("points") or "").strip()
        sid = student_of.get(safe)
        q = key.question(qid)
        if sid is None:
            problems.append(f"{where}: unknown student {safe!r} (not in this batch)")
            continue
        if q is None or q.kind != "written":
            problems.append(f"{where}: unknown written question {qid!r}")
            continue
        if (sid, qid) in seen:
            problems.append(f"{where}: {safe} {qid} appears twice")
            continue
        seen.add((sid, qid))
        if not points_cell:
            continue
        points = _points(points_cell, q.points)
        if isinstance(points, str):
            problems.append(f"{where}: {safe} {qid}: {points}")
            continue
        record = answers.get(sid, {}).get(qid)
        sha = (row.get("answer_sha256") or "").strip()
        if record is None or record["sha256"] != sha:
            problems.append(f"{where}: {safe} {qid}: the answer changed since this packet was written "
                            "(resubmitted); grade the new manual.csv")
            continue
        comment = (row.get("comment") or "").strip()
        if len(comment) > MAX_COMMENT_CHARS:
            problems.append(f"{where}: {safe} {qid}: comment longer than {MAX_COMMENT_CHARS} characters")
            continue
        out.append(ImportedScore(sid, qid, ManualScore(points, comment, sha)))
    if problems:
        raise ManualImportError(problems)
    return out


__all__ = ["ImportedScore", "ManualImportError", "read_packet"]
