"""A small term on the in-process service core, graded through recorded results: the fixture of the
gradebook-of-record tests (tests/test_ledger.py, tests/test_ledger_stateful.py).

Two assignments on the course release: hw2 (chapter 2, past due, a late window with factor 0.9,
`after_due`, `last`) and hw5 (chapter 5, open, `on_release`, `best`). `Term.upload` stores a real
upload and records the result a worker reports for a one-chapter notebook: the assignment's
exercises with the given points, the other chapter's at 0 and `partial:not_submitted:<other>`,
max_total 80, exactly as the batch grades such an upload.
"""

from __future__ import annotations

import dataclasses
import json
import shutil
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from autograder.exercises import CHAPTERS, EXERCISE_IDS

from helpers.served import MALFORMED, write_roster

RELEASE = Path(__file__).resolve().parents[2] / "assignments" / "2026-fall"
START = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
HW2_DUE = START + timedelta(hours=1)
HW2_LATE_UNTIL = START + timedelta(days=3)
HW5_DUE = START + timedelta(days=7)
LATE_FACTOR = 0.9
CHAPTER_OF = {"hw2": "ch02", "hw5": "ch05"}
POLICY = {"hw2": "last", "hw5": "best"}
VISIBILITY = {"hw2": "after_due", "hw5": "on_release"}


def _at(t: datetime) -> str:
    return t.isoformat(timespec="seconds")


def write_course(path: Path) -> Path:
    path.write_text(
        f"""
[[assignment]]
id = "hw2"
title = "第 2 章:性能"
release = "{RELEASE}"
chapters = ["ch02"]
due_at = {_at(HW2_DUE)}
late_until = {_at(HW2_LATE_UNTIL)}
counting = "last"
visibility = "after_due"
late_policy = [{{after = "0h", factor = 1.0}}, {{after = "1s", factor = {LATE_FACTOR}}}]

[[assignment]]
id = "hw5"
title = "第 5 章:扩展"
release = "{RELEASE}"
chapters = ["ch05"]
due_at = {_at(HW5_DUE)}
counting = "best"
visibility = "on_release"
""",
        encoding="utf-8",
    )
    return path


def release_with_points(dest: Path, version: str, changed: dict[str, float]) -> Path:
    """A copy of the course release whose manifest gives these exercises other points (what a
    regrade run with changed point values runs under; grading itself is recorded, not run)."""
    folder = shutil.copytree(RELEASE, dest / version)
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    manifest["version"] = version
    for entry in manifest["exercises"]:
        entry["points"] = changed.get(entry["id"], entry["points"])
    (folder / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    return folder


def outcome(student_id: str, assignment_id: str, points: dict[str, float], out_dir: Path) -> Any:
    """The result the batch records for a notebook of the assignment's chapter only."""
    from autograder.service.domain.core import GradedOutcome

    chapter = CHAPTER_OF[assignment_id]
    other = next(ch for ch in CHAPTERS if ch != chapter)
    exercises = {ex: float(points.get(ex, 0.0)) if ex in CHAPTERS[chapter] else 0.0 for ex in EXERCISE_IDS}
    total = sum(v for v in exercises.values())
    status = f"partial:not_submitted:{other}"
    return GradedOutcome(total, 80.0, status, exercises, {}, (), str(out_dir))


@dataclass
class Term:
    service: Any
    now: list[float]
    out_dir: Path
    students: tuple[str, ...]
    tokens: dict[str, str] = field(default_factory=dict)

    def set_time(self, t: datetime | float) -> None:
        self.now[0] = t.timestamp() if isinstance(t, datetime) else float(t)

    def upload(
        self, student_id: str, assignment_id: str, points: dict[str, float],
        artefacts: dict[str, bytes] | None = None,
    ) -> int:  # fmt: skip
        """A graded upload of the student's notebook at the current time, with the grade host's
        `artefacts` (kind -> bytes, e.g. feedback_html) if given; returns its attempt id."""
        att = self.service.intake.submit(student_id, [("nb.ipynb", MALFORMED)], assignment_id)
        claimed = self.service.queue.claim_next("w")
        assert claimed is not None and claimed.id == att.id
        done = outcome(student_id, assignment_id, points, self.out_dir)
        if artefacts:
            done = dataclasses.replace(done, artefacts={**done.artefacts, **artefacts})
        assert self.service.queue.finish_graded("w", att.id, done)
        return int(att.id)

    def regrade_run(self, assignment_id: str, release: Path, points: dict[str, dict[str, float]]) -> int:
        """A regrade run of the assignment's counted attempts under `release`, every candidate
        graded with the recorded points of its student (`points[student]`); returns the run id."""
        run_id = self.service.regrades.start(assignment_id, release, "counted", "ta-anna")
        while (job := self.service.regrade_queue.claim_next("w")) is not None:
            sid = job.attempt.student_id
            done = outcome(sid, assignment_id, points.get(sid, {}), self.out_dir)
            assert self.service.regrade_queue.finish_graded("w", job.result_id, done)
        return run_id

    def csv_rows(self, text: str) -> dict[str, dict[str, str]]:
        import csv
        import io

        return {r["student_id"]: r for r in csv.DictReader(io.StringIO(text))}

    def json(self, obj: Any) -> Any:
        return json.loads(json.dumps(obj))


def make_term(
    tmp_path: Path,
    students: tuple[str, ...] = ("s01", "s02", "s03"),
    database_url: str | None = None,
    grade_args: tuple[str, ...] = (),
) -> Term:
    from autograder.service.domain.core import Service
    from autograder.service.domain.course.config import ServiceConfig

    now = [START.timestamp()]
    cfg = ServiceConfig(
        data_dir=tmp_path / "data",
        release=RELEASE,
        roster=write_roster(tmp_path / "roster.csv", students),
        course=write_course(tmp_path / "course.toml"),
        workers=0,
        db_url=database_url,
        grade_args=grade_args,  # for the few tests that grade for real (the worker's own code)
    )
    service = Service(cfg, clock=lambda: now[0])
    (tmp_path / "out").mkdir(exist_ok=True)
    return Term(service, now, tmp_path / "out", students, dict(service.new_tokens))
