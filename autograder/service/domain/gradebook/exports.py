"""The TA's views over all students: grades.csv, the Canvas and Moodle imports, queue status, the
dashboard, and a term's per-assignment exports and course summary.

Every number comes from the gradebook of record (`ledger.py`), read from the database on every
call: nothing here computes a grade. A method without an assignment id is the first assignment's
(`grades_csv` keeps exactly the batch's columns, filled from the ledger). The per-assignment
grades.csv adds TERM_COLUMNS: the counted attempt's raw total, the late penalty, a TA's total
override and the final total, then the quiz's parts and the late factor; the LMS imports and the
course summary use the final total, and their points possible is the ledger's. `total` is the final
total in every export (the raw one is `raw_total`). The quiz export (`quiz_csv`) has one row per
student and question of the counted attempts: points, rubric items, grader.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from autograder.exercises import EXERCISE_IDS
from autograder.grade.reports import GRADES_COLUMNS, format_score, neutralize_cell
from autograder.lms.export import ScoreRow, canvas_csv, moodle_csv
from autograder.model import ReleaseInfo
from autograder.roster import Student as RosterStudent
from autograder.service.domain.course.assignment_lookup import AssignmentLookup
from autograder.service.domain.course.assignments import Releases
from autograder.service.domain.course.attempt_reads import AttemptReads, attempt_of, points_of
from autograder.service.domain.course.config import ServiceConfig
from autograder.service.domain.course.counting import Counting
from autograder.service.domain.gradebook import quiz_export
from autograder.service.domain.gradebook.ledger import GradeRecord, Ledger
from autograder.service.domain.identity.identity import Identity
from autograder.service.records import Attempt
from autograder.service.storage import db
from autograder.states import AttemptState
from autograder.term.course import Assignment
from autograder.term.final_score import FinalScore

TERM_COLUMNS = (
    "raw_total", "late_penalty", "override", "final_total",
    "late_factor", "quiz_choice", "quiz_written", "quiz_total", "quiz_max",
)  # fmt: skip
# final_total = (override, or raw_total - late_penalty) + quiz_total;
# quiz_total = (quiz_choice + quiz_written) × late_factor; max_total includes quiz_max


@dataclass(frozen=True)
class CountedScore:
    """One roster student's counted attempt of one assignment and its final score."""

    student_id: str
    row: Any | None  # the counted attempt's row; None: no attempt
    factor: float  # the late factor applied to it (1.0 without an attempt)
    late: bool
    score: FinalScore
    record: GradeRecord  # the ledger's record these numbers come from


class Exports:
    def __init__(
        self,
        engine: sa.Engine,
        cfg: ServiceConfig,
        releases: Releases,
        identity: Identity,
        lookup: AssignmentLookup,
        reads: AttemptReads,
        counting: Counting,
        workers: Callable[[], list[dict[str, Any]]],
    ):
        self.engine, self.cfg, self.releases = engine, cfg, releases
        self.identity, self.lookup, self.reads, self.counting = identity, lookup, reads, counting
        self._workers = workers
        self.ledger = Ledger(engine, releases, identity, lookup, lookup.clock)

    @property
    def release(self) -> ReleaseInfo:
        """The first assignment's release (the views without an assignment id)."""
        return self.releases.of(self.lookup.first)

    def _counted_rows(self) -> list[tuple[str, Any | None]]:
        by = self.reads.rows_by_student()
        return [
            (s.student_id, self.counting.counted_row(by.get(s.student_id, [])))
            for s in self.identity.students()
        ]

    def counted_attempts(self) -> dict[str, Attempt | None]:
        """Roster student id -> the attempt that counts (None: no attempt)."""
        counted = self._counted_rows()
        with self.engine.connect() as conn:
            points = points_of(conn, [row.id for _sid, row in counted if row is not None])
        return {sid: None if row is None else attempt_of(row, points.get(row.id)) for sid, row in counted}

    def grades_csv(self) -> str:
        """The batch grades.csv columns for the first assignment, one row per roster student, sorted
        by id, every number the ledger's: exercise cells with a TA's overrides (empty for
        exercises the assignment does not have), `total` the final total (late factor and overrides
        applied), `max_total` the assignment's points possible, `status` the graded attempt's
        (about the assignment's own chapters), else the attempt's state or `not_submitted`."""
        return self._csv(GRADES_COLUMNS, self.lookup.first, lambda a, r: self._grades_cells(a, r))

    def _csv(self, header: tuple[str, ...], assignment: Assignment, cells: Callable[..., list[str]]) -> str:
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n", quoting=csv.QUOTE_MINIMAL)
        w.writerow(header)
        for record in self.ledger.records(assignment.id):
            w.writerow(cells(assignment, record))
        return buf.getvalue()

    def counted_scores(self, assignment_id: str | None = None) -> list[CountedScore]:
        """Every roster student's counted attempt of the assignment with its final score, by id."""
        aid = self.lookup.assignment(assignment_id).id
        by = {r.id: r for rows in self.reads.rows_by_student(aid).values() for r in rows}
        return [_counted(record, by) for record in self.ledger.records(aid)]

    def counted_score(self, assignment_id: str, student_id: str) -> CountedScore:
        """One student's counted attempt of the assignment with its final score."""
        rows = self.reads.rows_by_student(assignment_id).get(student_id, [])
        return _counted(self.ledger.record(assignment_id, student_id), {r.id: r for r in rows})

    def max_total(self, assignment_id: str | None = None) -> float:
        return self.ledger.max_total(assignment_id)

    def assignment_grades_csv(self, assignment_id: str) -> str:
        """grades.csv of one assignment: the batch's columns as `grades_csv` fills them (`total` the
        final total, as in every export), then TERM_COLUMNS (the exercise total, penalty, override
        and final total empty while the counted attempt is not graded; `override` empty unless a TA
        set a total override; the quiz's columns empty while its quiz is off)."""
        assignment = self.lookup.assignment(assignment_id)
        return self._csv(
            (*GRADES_COLUMNS, *TERM_COLUMNS),
            assignment,
            lambda a, r: [*self._grades_cells(a, r), *_term_cells(r)],
        )

    def quiz_csv(self, assignment_id: str) -> str:
        """The quiz of one assignment: a row per roster student and question of the counted attempt
        (QUIZ_COLUMNS), the points the ledger counts before the late factor (empty: a written answer
        not graded yet), the applied rubric items and who graded it. Student text is never in it."""
        assignment = self.lookup.assignment(assignment_id)
        records = self.ledger.records(assignment.id)
        with self.engine.connect() as conn:
            rows = quiz_export.rows(conn, assignment, self.releases.chapters(assignment), records)
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n", quoting=csv.QUOTE_MINIMAL)
        w.writerow(quiz_export.QUIZ_COLUMNS)
        for row in rows:
            w.writerow([neutralize_cell(str(cell)) for cell in row.cells()])
        return buf.getvalue()

    def _grades_cells(self, assignment: Assignment, r: GradeRecord) -> list[str]:
        """The batch's grades.csv cells of a ledger record: `total` is the final total (late factor,
        overrides and the quiz's points applied)."""
        total = r.final_total
        own = set(assignment.exercises)
        if r.state == AttemptState.GRADED or not r.submitted:
            marks = [_score(r.exercises.get(ex, 0.0 if not r.submitted else None)) if ex in own else ""
                     for ex in EXERCISE_IDS]  # fmt: skip
            status = r.grade_status if r.submitted else "not_submitted"
            return [neutralize_cell(r.student_id), *marks, _score(total), format_score(r.max_total),
                    neutralize_cell(status or "")]  # fmt: skip
        return [neutralize_cell(r.student_id), *("" for _ in EXERCISE_IDS), _score(total),
                format_score(r.max_total), r.state]  # fmt: skip

    def _score_rows(self, assignment_id: str | None) -> list[ScoreRow]:
        finals = {r.student_id: r.final_total for r in self.ledger.records(assignment_id)}
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(db.students).order_by(db.students.c.student_id)).all()
        return [
            ScoreRow(
                RosterStudent(r.student_id, r.name, r.email, r.lms_id, r.sis_login_id, r.section),
                finals.get(r.student_id),
            )  # fmt: skip
            for r in rows
        ]

    def canvas_csv(self, assignment_id: str | None = None) -> str:
        """Canvas gradebook import of the final totals (`lms.export.canvas_csv`): a student with no
        attempt scores 0 (as in grades.csv), an attempt not graded yet leaves the cell empty."""
        assignment = self.lookup.assignment(assignment_id)
        name = assignment.title if self.lookup.named else f"jaxgrade {self.release.version}"
        return canvas_csv(
            self._score_rows(assignment.id), assignment=name, points_possible=self.max_total(assignment.id)
        )

    def moodle_csv(self, assignment_id: str | None = None) -> str:
        """Moodle grade import of the final totals (the batch's moodle.csv columns)."""
        return moodle_csv(self._score_rows(assignment_id), max_grade=self.max_total(assignment_id))

    def summary_csv(self) -> str:
        """The course summary: one row per roster student, each assignment's final total, the sum."""
        ids = list(self.lookup.assignments)
        finals = {aid: {r.student_id: r.final_total for r in self.ledger.records(aid)} for aid in ids}
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n", quoting=csv.QUOTE_MINIMAL)
        w.writerow(["student_id", *ids, "total", "max_total"])
        max_total = sum(self.max_total(aid) for aid in ids)
        for s in self.identity.students():
            got = [finals[aid].get(s.student_id) for aid in ids]
            total = sum(g for g in got if g is not None)
            cells = ["" if g is None else format_score(g) for g in got]
            w.writerow([neutralize_cell(s.student_id), *cells, format_score(total), format_score(max_total)])
        return buf.getvalue()

    def counts(self) -> dict[str, int]:
        a = db.attempts.c
        with self.engine.connect() as conn:
            counts = dict(conn.execute(sa.select(a.status, sa.func.count()).group_by(a.status)).all())
        return {str(state): int(counts.get(state, 0)) for state in AttemptState}

    def status(self) -> dict[str, Any]:
        """Queue counts, workers (this process's, and every live lease in the database) and the
        settings a TA wants to see."""
        a = db.attempts.c
        with self.engine.connect() as conn:
            retrying = conn.execute(
                sa.select(sa.func.count())
                .select_from(db.attempts)
                .where(a.status == AttemptState.QUEUED, a.tries > 0)
            ).scalar_one()
            n_students = conn.execute(sa.select(sa.func.count()).select_from(db.students)).scalar_one()
            leases = conn.execute(
                sa.select(a.id, a.worker, a.lease_until)
                .where(a.status == AttemptState.RUNNING)
                .order_by(a.id)
            ).all()
        return {
            **self.counts(),
            "retrying": int(retrying),
            "workers": self._workers(),
            "leases": [{"attempt": r.id, "worker": r.worker, "lease_until": r.lease_until} for r in leases],
            "students": int(n_students),
            "release": self.release.version,
            "assignments": list(self.lookup.assignments),
            "policy": self.cfg.policy,
            "deadline": self.cfg.deadline.isoformat() if self.cfg.deadline else None,
            "late_until": self.cfg.late_until.isoformat() if self.cfg.late_until else None,
        }

    def dashboard(self, assignment_id: str | None = None) -> dict[str, Any]:
        """Numbers for the TA dashboard of one assignment (None: the first), over its counted
        attempts that are graded:

        scores (list of totals), max_score, exercise_pass_rates {exercise: share with full points},
        subcheck_pass_rates {"<exercise>: <sub-check>": share passed}, grader_errors [{attempt_id,
        student_id, error, tries}] (attempts in grader_error now, any student), flagged [{attempt_id,
        student_id, flags, grade_status}] (every graded attempt with a TA flag), counts by status."""
        assignment = self.lookup.assignment(assignment_id)
        points = self.releases.of(assignment).points
        by = self.reads.rows_by_student(assignment.id)
        records = [r for r in self.ledger.records(assignment.id) if r.state == AttemptState.GRADED]
        rows = {r.id: r for rows in by.values() for r in rows}
        graded = [rows[r.attempt_id] for r in records if r.attempt_id in rows]
        ex_full: dict[str, list[bool]] = {ex: [] for ex in EXERCISE_IDS if ex in assignment.exercises}
        sub: dict[str, list[bool]] = {}
        with self.engine.connect() as conn:
            raw = points_of(conn, [r.id for r in graded])
        for r in graded:
            for ex, value in raw.get(r.id, {}).items():
                if ex in ex_full and value is not None:
                    ex_full[ex].append(value >= points[ex])
            for name, passed in json.loads(r.subchecks or "{}").items():
                sub.setdefault(name, []).append(bool(passed))
        all_rows = [r for rows in by.values() for r in rows]
        return {
            "scores": [float(r.final_total) for r in records if r.final_total is not None],
            "max_score": self.ledger.max_total(assignment.id),
            "counted": len(graded),
            "exercise_pass_rates": {ex: (sum(v) / len(v) if v else None) for ex, v in ex_full.items()},
            "subcheck_pass_rates": {n: sum(v) / len(v) for n, v in sorted(sub.items())},
            "grader_errors": [
                {"attempt_id": r.id, "student_id": r.student_id, "error": r.error or "", "tries": r.tries}
                for r in all_rows
                if r.status == AttemptState.GRADER_ERROR
            ],
            "flagged": [
                {
                    "attempt_id": r.id,
                    "student_id": r.student_id,
                    "flags": json.loads(r.flags),
                    "grade_status": r.grade_status,
                }
                for r in all_rows
                if r.status == AttemptState.GRADED and r.flags and json.loads(r.flags)
            ],
            "counts": self.counts(),
        }


def _score(v: float | None) -> str:
    return "" if v is None else format_score(v)


def _term_cells(r: GradeRecord) -> list[str]:
    quiz_on = r.quiz_points is not None
    quiz = (r.quiz_choice, r.quiz_written, r.quiz_points) if quiz_on else (None, None, None)
    return [
        *(_score(v) for v in (r.raw_total, r.late_penalty, r.override_total, r.final_total)),
        f"{r.factor:g}",
        *(_score(v) for v in quiz),
        format_score(r.quiz_max) if quiz_on else "",
    ]


def _counted(record: GradeRecord, rows_by_id: dict[int, Any]) -> CountedScore:
    row = None if record.attempt_id is None else rows_by_id.get(record.attempt_id)
    score = FinalScore(record.raw_total, record.late_penalty, record.override_total, record.final_total)
    return CountedScore(record.student_id, row, record.factor, record.late, score, record)
