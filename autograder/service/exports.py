"""The TA's views over all students: grades.csv, the Canvas import, queue status, the dashboard.

Each view is computed from the database on every call (no copy kept in memory), over the attempt
that counts for each roster student (`submissions.counted_row`).
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable
from typing import Any

import sqlalchemy as sa

from autograder.exercises import EXERCISE_IDS
from autograder.grade.reports import GRADES_COLUMNS, format_score, neutralize_cell
from autograder.lms.export import ScoreRow, canvas_csv
from autograder.model import ReleaseInfo
from autograder.roster import Student as RosterStudent
from autograder.service import db, overrides
from autograder.service.config import ServiceConfig
from autograder.service.identity import Identity
from autograder.service.records import Attempt
from autograder.service.submissions import Submissions, attempt_of
from autograder.states import AttemptState


class Exports:
    def __init__(
        self,
        engine: sa.Engine,
        cfg: ServiceConfig,
        release: ReleaseInfo,
        identity: Identity,
        submissions: Submissions,
        workers: Callable[[], list[dict[str, Any]]],
    ):
        self.engine, self.cfg, self.release = engine, cfg, release
        self.identity, self.submissions = identity, submissions
        self._workers = workers

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
            overridden = overrides.all_current(conn, self.submissions.assignment.id)
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

    def overridden_total(self, attempt: Attempt | None, found: overrides.Override | None) -> float | None:
        """The score a gradebook gets: the counted attempt's (0 with none, None not graded yet)
        with the student's override applied."""
        if attempt is None:
            exercises: dict[str, float | None] | None = {ex: 0.0 for ex in EXERCISE_IDS}
        else:
            exercises = dict(attempt.exercises) if attempt.status == AttemptState.GRADED else None
        if found is None:
            return 0.0 if attempt is None else (attempt.score if exercises is not None else None)
        return overrides.apply(exercises, found).total

    def canvas_csv(self) -> str:
        """Canvas gradebook import of the counted attempts (`lms.export.canvas_csv`): a student with no
        attempt scores 0 (as in grades.csv), an attempt not graded yet leaves the cell empty."""
        counted = self.counted_attempts()
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(db.students).order_by(db.students.c.student_id)).all()
            overridden = overrides.all_current(conn, self.submissions.assignment.id)
        scored: list[ScoreRow] = []
        for r in rows:
            a = counted.get(r.student_id)
            score = self.overridden_total(a, overridden.get(r.student_id))
            student = RosterStudent(r.student_id, r.name, r.email, r.lms_id, r.sis_login_id, r.section)
            scored.append(ScoreRow(student, score))
        return canvas_csv(
            scored,
            assignment=f"jaxgrade {self.release.version}",
            points_possible=sum(self.release.points.values()),
        )

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
