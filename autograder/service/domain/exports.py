"""The TA's views over all students: grades.csv, the Canvas and Moodle imports, queue status, the
dashboard, and a term's per-assignment exports and course summary.

Each view is computed from the database on every call (no copy kept in memory), over the attempt
that counts for each roster student (`submissions.counted_row`). A method without an assignment id
is the first assignment's (the one-assignment service's, unchanged: `grades_csv` keeps exactly the
batch's columns). The per-assignment grades.csv adds TERM_COLUMNS: the counted attempt's raw total,
the late penalty, a TA's override and the final total (`term/final_score.py`); the LMS imports and
the course summary use the final total.
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
from autograder.service.domain import overrides
from autograder.service.domain.assignments import Releases
from autograder.service.domain.config import ServiceConfig
from autograder.service.domain.identity import Identity
from autograder.service.domain.submissions import Submissions, attempt_of
from autograder.service.storage import db
from autograder.service.storage.records import Attempt
from autograder.states import AttemptState
from autograder.term.course import Assignment
from autograder.term.final_score import FinalScore, final_score

TERM_COLUMNS = ("raw_total", "late_penalty", "override", "final_total")


@dataclass(frozen=True)
class CountedScore:
    """One roster student's counted attempt of one assignment and its final score."""

    student_id: str
    row: Any | None  # the counted attempt's row; None: no attempt
    factor: float  # the late factor applied to it (1.0 without an attempt)
    late: bool
    score: FinalScore


class Exports:
    def __init__(
        self,
        engine: sa.Engine,
        cfg: ServiceConfig,
        releases: Releases,
        identity: Identity,
        submissions: Submissions,
        workers: Callable[[], list[dict[str, Any]]],
    ):
        self.engine, self.cfg, self.releases = engine, cfg, releases
        self.identity, self.submissions = identity, submissions
        self._workers = workers

    @property
    def release(self) -> ReleaseInfo:
        """The first assignment's release (the views without an assignment id)."""
        return self.releases.of(self.submissions.first)

    def _counted_rows(self) -> list[tuple[str, Any | None]]:
        by = self.submissions.rows_by_student()
        return [
            (s.student_id, self.submissions.counted_row(by.get(s.student_id, [])))
            for s in self.identity.students()
        ]

    def counted_attempts(self) -> dict[str, Attempt | None]:
        """Roster student id -> the attempt that counts (None: no attempt)."""
        return {sid: None if row is None else attempt_of(row) for sid, row in self._counted_rows()}

    def grades_csv(self) -> str:
        """Exactly the batch grades.csv columns, one row per roster student, sorted by id.

        A graded counted attempt contributes its own grades.csv row verbatim; a student with no
        attempt gets 0 points and `not_submitted` (what the batch gives an empty entry); an attempt
        that is not graded yet gets empty scores and its state, as the batch does for grader_error."""
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n", quoting=csv.QUOTE_MINIMAL)
        w.writerow(GRADES_COLUMNS)
        max_total = sum(self.release.points[ex] for ex in EXERCISE_IDS)
        with self.engine.connect() as conn:
            overridden = overrides.all_current(conn, self.submissions.assignment(None).id)
        for sid, row in self._counted_rows():
            if row is None:
                zeros = [format_score(0.0) for _ in EXERCISE_IDS]
                cells = [
                    neutralize_cell(sid),
                    *zeros,
                    format_score(0.0),
                    format_score(max_total),
                    "not_submitted",
                ]
            elif row.status == AttemptState.GRADED and row.grades_row:
                cells = json.loads(row.grades_row)
            else:
                cells = [neutralize_cell(sid), *("" for _ in EXERCISE_IDS), "", "", row.status]
            w.writerow(_with_override(cells, overridden.get(sid)))
        return buf.getvalue()

    def counted_scores(self, assignment_id: str | None = None) -> list[CountedScore]:
        """Every roster student's counted attempt of the assignment with its final score, by id."""
        aid = self.submissions.assignment(assignment_id).id
        by = self.submissions.rows_by_student(aid)
        with self.engine.connect() as conn:
            overridden = overrides.all_current(conn, aid)
        return [
            self._counted(aid, s.student_id, by.get(s.student_id, []), overridden.get(s.student_id))
            for s in self.identity.students()
        ]

    def counted_score(self, assignment_id: str, student_id: str) -> CountedScore:
        """One student's counted attempt of the assignment with its final score."""
        rows = self.submissions.rows_by_student(assignment_id).get(student_id, [])
        with self.engine.connect() as conn:
            override = overrides.current(conn, assignment_id, student_id)
        return self._counted(assignment_id, student_id, rows, override)

    def _counted(
        self, aid: str, student_id: str, rows: list[Any], override: overrides.Override | None
    ) -> CountedScore:
        detail = self.submissions.counted_detail_of(rows, aid)
        row = None if detail is None else next(r for r in rows if r.id == detail.attempt_id)
        graded = row is not None and row.status == AttemptState.GRADED
        raw = 0.0 if row is None else (row.score if graded else None)  # no attempt: 0, as grades.csv
        factor = 1.0 if detail is None else detail.factor
        points = json.loads(row.exercises) if graded and row.exercises else {}
        score = final_score(raw, factor, override, points)  # a TA's override survives regrades
        return CountedScore(student_id, row, factor, bool(detail and detail.late), score)

    def max_total(self, assignment_id: str | None = None) -> float:
        assignment = self.submissions.assignment(assignment_id)
        points = self.releases.of(assignment).points
        return sum(points[ex] for ex in assignment.exercises)

    def assignment_grades_csv(self, assignment_id: str) -> str:
        """grades.csv of one assignment: the batch's columns, then TERM_COLUMNS (empty while the
        counted attempt is not graded; `override` empty unless a TA set one)."""
        assignment = self.submissions.assignment(assignment_id)
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n", quoting=csv.QUOTE_MINIMAL)
        w.writerow((*GRADES_COLUMNS, *TERM_COLUMNS))
        for c in self.counted_scores(assignment.id):
            w.writerow([*self._grades_cells(assignment, c), *_term_cells(c.score)])
        return buf.getvalue()

    def _grades_cells(self, assignment: Assignment, c: CountedScore) -> list[str]:
        """The batch's grades.csv cells of the counted attempt (verbatim when graded)."""
        if c.row is None:
            zeros = [format_score(0.0) if ex in assignment.exercises else "" for ex in EXERCISE_IDS]
            max_total = format_score(self.max_total(assignment.id))
            return [neutralize_cell(c.student_id), *zeros, format_score(0.0), max_total, "not_submitted"]
        if c.row.status == AttemptState.GRADED and c.row.grades_row:
            return list(json.loads(c.row.grades_row))
        return [neutralize_cell(c.student_id), *("" for _ in EXERCISE_IDS), "", "", c.row.status]

    def _score_rows(self, assignment_id: str | None) -> list[ScoreRow]:
        finals = {c.student_id: c.score.final_total for c in self.counted_scores(assignment_id)}
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
        assignment = self.submissions.assignment(assignment_id)
        name = assignment.title if self.submissions.named else f"jaxgrade {self.release.version}"
        return canvas_csv(
            self._score_rows(assignment.id), assignment=name, points_possible=self.max_total(assignment.id)
        )

    def moodle_csv(self, assignment_id: str | None = None) -> str:
        """Moodle grade import of the final totals (the batch's moodle.csv columns)."""
        return moodle_csv(self._score_rows(assignment_id), max_grade=self.max_total(assignment_id))

    def summary_csv(self) -> str:
        """The course summary: one row per roster student, each assignment's final total, the sum."""
        ids = list(self.submissions.assignments)
        finals = {aid: {c.student_id: c.score.final_total for c in self.counted_scores(aid)} for aid in ids}
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
            "assignments": list(self.submissions.assignments),
            "policy": self.cfg.policy,
            "deadline": self.cfg.deadline.isoformat() if self.cfg.deadline else None,
            "late_until": self.cfg.late_until.isoformat() if self.cfg.late_until else None,
        }

    def dashboard(self) -> dict[str, Any]:
        """Numbers for the TA dashboard, over the counted attempts that are graded:

        scores (list of totals), max_score, exercise_pass_rates {exercise: share with full points},
        subcheck_pass_rates {"<exercise>: <sub-check>": share passed}, grader_errors [{attempt_id,
        student_id, error, tries}] (attempts in grader_error now, any student), flagged [{attempt_id,
        student_id, flags, grade_status}] (every graded attempt with a TA flag), counts by status."""
        by = self.submissions.rows_by_student()
        counted = [self.submissions.counted_row(by.get(s.student_id, [])) for s in self.identity.students()]
        graded = [r for r in counted if r is not None and r.status == AttemptState.GRADED]
        ex_full: dict[str, list[bool]] = {ex: [] for ex in EXERCISE_IDS}
        sub: dict[str, list[bool]] = {}
        for r in graded:
            for ex, value in json.loads(r.exercises or "{}").items():
                if ex in ex_full and value is not None:
                    ex_full[ex].append(value >= self.release.points[ex])
            for name, passed in json.loads(r.subchecks or "{}").items():
                sub.setdefault(name, []).append(bool(passed))
        all_rows = [r for rows in by.values() for r in rows]
        return {
            "scores": [float(r.score) for r in graded if r.score is not None],
            "max_score": sum(self.release.points.values()),
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


def _term_cells(score: FinalScore) -> list[str]:
    return ["" if v is None else format_score(v)
            for v in (score.raw_total, score.late_penalty, score.override, score.final_total)]  # fmt: skip


def _with_override(cells: list[str], found: overrides.Override | None) -> list[str]:
    """A grades.csv row with the student's override applied: overridden exercise cells hold the TA's
    points and `total` follows them (or is the total override). Cells without a score (not graded
    yet) stay empty unless the total is overridden."""
    if found is None:
        return cells
    out = list(cells)
    n = len(EXERCISE_IDS)
    for i, ex in enumerate(EXERCISE_IDS, start=1):
        if ex in found.exercise_scores:
            out[i] = format_score(found.exercise_scores[ex])
    scored = [c for c in out[1 : n + 1] if c != ""]
    if cells[n + 1] != "":  # graded (or not submitted): the total is the sum of the cells
        out[n + 1] = format_score(sum(float(c) for c in scored))
    if found.total is not None:
        out[n + 1] = format_score(found.total)
    return out
