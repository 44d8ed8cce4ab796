"""One stored quiz answer, the record `quiz_answers` writes and reads and `rubric_grading` grades.

It lives apart from both so that neither imports the other for its type (the service has no
import cycle, `tests/test_import_layers.py`).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class StoredAnswer:
    """One stored answer as the grading pages and the ledger read it."""

    id: int
    attempt_id: int
    student_id: str
    question: str
    kind: str  # choice | written
    status: str
    letters: tuple[str, ...]
    chosen: tuple[int, ...]
    text: str
    group_key: str
    points: float | None  # a choice answer's score; None for a written one
    max_points: float
