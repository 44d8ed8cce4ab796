"""Which attempt counts for a student, with what late factor: one rule for the first grading, for
extensions granted later and for regrades (everything is recomputed from submission times).

- A student's deadlines are the assignment's, or their extension's (it replaces both due-at and
  late-until; a late-until left out means nothing is accepted after the new due-at).
- An attempt is late when submitted after the student's due-at. One submitted after their
  late-until (possible only when deadlines move earlier) gets factor 0.
- Without a late schedule (`late_policy` None), on-time attempts count first and a late one only
  when there is no on-time attempt, in full (the single-assignment service's rule).
- With a schedule, every attempt is a candidate with its schedule factor.
- `last`: the newest candidate. `best`: the graded candidate with the highest final score (the
  newest among equals); the newest candidate when none is graded yet.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from autograder.term.course import Assignment


@dataclass(frozen=True)
class Extension:
    """One student's deadlines for one assignment, set by a TA (unix seconds)."""

    due_at: float
    late_until: float | None = None  # None: nothing accepted after due_at


@dataclass(frozen=True)
class Deadlines:
    due_at: float | None  # None: never late
    late_until: float | None  # None: no closing time after due_at (with due_at None: never closes)

    def lateness_s(self, submitted_at: float) -> float:
        return submitted_at - self.due_at if self.due_at is not None else 0.0

    def closed_at(self, submitted_at: float) -> bool:
        closing = self.late_until if self.late_until is not None else self.due_at
        return closing is not None and submitted_at > closing


def deadlines_for(assignment: Assignment, extension: Extension | None) -> Deadlines:
    if extension is None:
        return Deadlines(assignment.due_at, assignment.late_until)
    return Deadlines(extension.due_at, extension.late_until)


@dataclass(frozen=True)
class Candidate:
    """One attempt as the rule sees it."""

    id: int
    submitted_at: float  # unix seconds
    score: float | None  # raw score; None: not graded (yet)


@dataclass(frozen=True)
class Counted:
    attempt_id: int
    late: bool
    lateness_s: float  # <= 0: on time
    factor: float  # the late factor applied (1.0 on time)
    raw: float | None  # the attempt's own score; None: not graded
    final: float | None  # raw * factor

    @property
    def penalty(self) -> float | None:
        """Points taken for lateness (raw - final), None when not graded."""
        return None if self.raw is None or self.final is None else self.raw - self.final


def _assess(assignment: Assignment, deadlines: Deadlines, c: Candidate) -> Counted:
    lateness = deadlines.lateness_s(c.submitted_at)
    if deadlines.closed_at(c.submitted_at):
        factor = 0.0
    elif assignment.late_policy is None:
        factor = 1.0
    else:
        factor = assignment.late_policy.factor(lateness)
    final = None if c.score is None else c.score * factor
    return Counted(c.id, lateness > 0, lateness, factor, c.score, final)


def counted_attempt(
    assignment: Assignment, deadlines: Deadlines, attempts: Sequence[Candidate]
) -> Counted | None:
    """The attempt that counts (None: no attempt), with its late factor and final score."""
    if not attempts:
        return None
    in_order = sorted(attempts, key=lambda c: (c.submitted_at, c.id))
    assessed = [_assess(assignment, deadlines, c) for c in in_order]
    pool = assessed
    if assignment.late_policy is None:
        pool = [a for a in assessed if not a.late] or assessed
    if assignment.counting == "best":
        graded = [a for a in pool if a.final is not None]
        if graded:
            return max(
                reversed(graded), key=lambda a: a.final if a.final is not None else 0.0
            )  # newest among equals
    return pool[-1]
