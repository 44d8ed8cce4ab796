"""Who Gradescope's run_autograder grades: the id per-student variants follow (no image needed)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from autograder.bundle.gradescope import STUDENT_ID, student_id


@pytest.mark.parametrize(
    ("meta", "want"),
    [
        ({"id": 1, "users": [{"sid": "2026001", "email": "a@x.edu"}, {"sid": "2026002"}]}, "2026001"),
        ({"id": 1, "users": [{"sid": "", "email": "a@x.edu"}]}, "a@x.edu"),
        ({"id": 1, "users": [{"sid": None, "email": None}]}, STUDENT_ID),
        ({"id": 1, "users": []}, STUDENT_ID),
        ({"id": 1, "users": "nonsense"}, STUDENT_ID),
        ([1, 2], STUDENT_ID),
    ],
)
def test_the_first_submitters_student_id_else_email_else_the_fixed_id(
    tmp_path: Path, meta: object, want: str
) -> None:
    (tmp_path / "submission_metadata.json").write_text(json.dumps(meta), encoding="utf-8")
    assert student_id(tmp_path) == want


def test_no_or_broken_metadata_grades_under_the_fixed_id(tmp_path: Path) -> None:
    assert student_id(tmp_path) == STUDENT_ID
    (tmp_path / "submission_metadata.json").write_text("{", encoding="utf-8")
    assert student_id(tmp_path) == STUDENT_ID
