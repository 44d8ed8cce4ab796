"""Plain data that moves between intake, runner, gradebook and reports (trusted side, bottom layer).

A submission moves through explicit states (see gradebook.py): received -> parsed -> graded
(or failed), each with an `*_at` timestamp, so the gradebook can answer "where did the time go?".
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from autograder import registry
from autograder.student_input import StudentInputError

__all__ = ["ChapterNotebook", "ExerciseScore", "GraderFault", "Phase", "ReleaseInfo", "StudentInputError",
           "StudentResult", "StudentSubmission", "TestResult"]


class GraderFault(RuntimeError):
    """The grader itself failed (sandbox would not start, broken release, disk full).

    Never turned into a student's score: the submission stays ungraded and is retried.
    Its counterpart, `StudentInputError` (defined in autograder/student_input.py, below every layer
    that decodes student data, and exported here), is always the student's: a status and a message.
    """


@dataclass(frozen=True)
class ReleaseInfo:
    """What grading needs from `assignments/<version>/manifest.json` (written by `jaxgrade release`).

    manifest.json: {"version": str, "exercises": [{"id", "chapter", "points"}],
                    "notebooks": {"ch02": file name, "ch05": file name}, "files": {relpath: sha256}}
    """

    version: str
    root: Path
    points: dict[str, float]  # exercise id -> max points (release decides, never a submission)
    notebooks: dict[str, Path]  # chapter -> released student notebook

    @classmethod
    def load(cls, root: Path) -> ReleaseInfo:
        path = root / "manifest.json"
        try:
            doc = json.loads(path.read_text(encoding="utf-8"))
            points = {e["id"]: float(e["points"]) for e in doc["exercises"]}
            notebooks = {ch: root / name for ch, name in doc["notebooks"].items()}
            version = str(doc["version"])
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise GraderFault(f"release at {root} has no usable manifest.json: {exc}") from exc
        if set(points) != set(registry.exercise_ids()) or set(notebooks) != set(registry.chapters()):
            raise GraderFault(f"release manifest at {path} does not list all exercises and chapters")
        return cls(version, root, points, notebooks)


@dataclass(frozen=True)
class ChapterNotebook:
    chapter: str  # "ch02" | "ch05"
    source_name: str  # file name inside the submission (for messages only)
    notebook: dict[str, Any]  # validated nbformat v4 document as plain JSON data
    note_zh: str = ""  # e.g. why this notebook was chosen over another of the same chapter


@dataclass(frozen=True)
class StudentSubmission:
    student_id: str
    content_hash: str  # sha256 over everything that can change the grade
    notebooks: dict[str, ChapterNotebook]  # chapter -> notebook; a missing chapter is simply absent
    extra_files: dict[str, bytes] = field(default_factory=dict)  # safe relative path -> bytes (e.g. *.cc)
    problems_zh: tuple[str, ...] = ()  # intake messages for the student
    status: str = "ok"  # "ok" or "malformed" (nothing gradable), "not_submitted" (empty)
    # chapter -> why its notebook is absent although the student handed one in: intake left it out for
    # its size (messages "notebook_too_large"); only chapters missing from `notebooks`
    too_large_zh: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Phase:
    """One timed step of grading, like pytest's CallInfo: what ran, how long, how it ended."""

    name: str  # e.g. "ch05/build", "ch05/child#1", "ch05/verdict"
    started_at: float  # unix time
    duration_s: float
    outcome: str  # "ok", "timeout", "crashed", "memory", "cached", ...


@dataclass(frozen=True)
class TestResult:
    name: str  # "<exercise>: <subcheck>"
    score: float
    max_score: float
    output_zh: str
    passed: bool


@dataclass(frozen=True)
class ExerciseScore:
    exercise: str
    score: float
    max_score: float
    tests: tuple[TestResult, ...]
    status: str  # a Status (messages.py): "ok" or the reason (timeout, crashed, gate_failed, tampered, ...)
    summary_zh: str = ""


@dataclass(frozen=True)
class StudentResult:
    student_id: str
    content_hash: str
    release_version: str
    scores: dict[str, ExerciseScore]  # every exercise id, missing chapters scored 0
    status: str  # "ok" or a short machine-readable reason for the TA
    phases: tuple[Phase, ...] = ()
    messages_zh: tuple[str, ...] = ()  # submission-level notes for the student
    flags: tuple[str, ...] = ()  # TA-facing flags, e.g. "tampered", "unsafe_no_sandbox"
    # chapter -> how the student's chosen kernel built (a BuildStatus value), for chapters that had one
    kernel_builds: dict[str, str] = field(default_factory=dict)
    # exercise -> the grading run's behavioural fingerprint (grade/run/behaviour_read.ExerciseBehaviour),
    # for the similarity report only; not kept in the gradebook
    behaviour: dict[str, Any] = field(default_factory=dict)

    @property
    def total(self) -> float:
        return sum(s.score for s in self.scores.values())

    @property
    def max_total(self) -> float:
        return sum(s.max_score for s in self.scores.values())
