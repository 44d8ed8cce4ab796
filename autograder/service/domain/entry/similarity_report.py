"""The TA's similarity report of one assignment as the domain reads it (`web/similarity_page.py` keeps
and serves the reports): each roster student's counted graded attempt, its files read from the blob
store into a private temp folder and through the grader's own intake, and the grading run's
fingerprints (each attempt's `behaviour` artefact, kept in the blob store when its grade was recorded:
`domain/course/graded_artefacts.py`). Nothing is executed: the service never runs student code."""

from __future__ import annotations

import json
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from autograder.service.domain.core import ClaimedAttempt, Service

SOLUTIONS = Path(__file__).resolve().parents[4] / "solutions"  # for "close to the reference solution"


@dataclass(frozen=True)
class CountedGraded:
    """A roster student's counted attempt of one assignment, graded: its files and grade output."""

    attempt: ClaimedAttempt
    graded_at: float
    artefacts: str | None  # its artefacts' digests (`attempts.artefacts`: the behaviour fingerprints)


def counted_graded(service: Service, assignment_id: str) -> list[CountedGraded]:
    roster = {s.student_id for s in service.identity.students()}
    by_student = service.attempt_reads.rows_by_student(assignment_id)
    out = []
    for sid in sorted(by_student):
        row = service.counting.counted_row(by_student[sid], assignment_id) if sid in roster else None
        if row is None or row.status != "graded":
            continue
        files = tuple((f["name"], f["sha256"]) for f in json.loads(row.files))
        attempt = ClaimedAttempt(row.id, row.student_id, row.submitted_at, files, row.tries)
        out.append(CountedGraded(attempt, float(row.graded_at or 0.0), row.artefacts))
    return out


def behaviour_of(data: bytes | None) -> tuple[str, dict[str, Any]] | None:
    """(student id, exercise -> fingerprint) of a `behaviour` artefact's bytes; None when absent or
    malformed (a malformed exercise entry is left out)."""
    from autograder.grade.run.behaviour_read import parse_behaviour

    read = parse_behaviour(data) if data is not None else None
    return None if read is None else (read.student_id, read.exercises)


def _behaviour(service: Service, counted: list[CountedGraded]) -> dict[str, Any]:
    """student -> exercise -> fingerprint, from each counted attempt's `behaviour` artefact."""
    from autograder.service.domain.course import graded_artefacts

    found: dict[str, Any] = {}
    for c in counted:
        read = behaviour_of(graded_artefacts.read(service.blobs, c.artefacts, "behaviour"))
        if read is not None and read[0] == c.attempt.student_id:
            found[read[0]] = read[1]
    return found


def compute(service: Service, counted: list[CountedGraded], assignment_id: str | None = None) -> Any:
    """The report over `counted` attempts of the assignment, read the way `jaxgrade grade` reads them
    (one entry per student), on the assignment's exercises."""
    from autograder.service.storage.layout import materialise
    from autograder.similarity import analyse, units

    assignment = service.assignment_lookup.assignment(assignment_id)
    release = service.releases.of(assignment)
    students = []
    with tempfile.TemporaryDirectory(prefix="jaxgrade-similarity-") as tmp:
        for n, c in enumerate(counted):
            folder = Path(tmp) / str(n)
            materialise(service.blobs, c.attempt, folder)
            students += units.read_students(folder, release)
            shutil.rmtree(folder)
    solutions = SOLUTIONS if SOLUTIONS.is_dir() else None
    return analyse.analyse(students, units.subtracted(release, solutions),
                           units=units.units_of(assignment.exercises), behaviour=_behaviour(service, counted))
