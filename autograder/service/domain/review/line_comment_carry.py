"""Carrying a TA's line comments from an earlier attempt to a later one (issue 45, section 1).

    carry(service, earlier, later, actor=, now=) -> Carried   (CommentRefused: not the same student's
                                                               assignment, or not an earlier attempt)

Comments belong to their attempt; nothing is carried unless a TA asks, on the later attempt's page.
Each comment is placed by the text of its lines, not their numbers: the same cell at the same lines
when the text is still there, else the nearest place in the same cell, then another cell of the same
file, then any code cell, where the same lines appear (the student moved them). A comment whose lines
appear nowhere in the later attempt is not carried but listed (`Carried.vanished`) and audited, never
dropped silently. A comment already carried to the later attempt is not carried twice. Every carried
comment is one audit entry, like any new comment; the whole carry is one transaction.
"""

from __future__ import annotations

from dataclasses import dataclass

import sqlalchemy as sa

from autograder.service.domain.core import Service
from autograder.service.domain.review import line_comments
from autograder.service.domain.review.attempt_review import AttemptReview
from autograder.service.domain.review.line_comments import LOG, CommentRefused, LineComment, Target
from autograder.service.storage.line_comment_tables import line_comments as table


@dataclass(frozen=True)
class Moved:
    comment: LineComment  # the earlier attempt's comment
    new_id: int  # the later attempt's copy
    to: Target


@dataclass(frozen=True)
class Carried:
    carried: tuple[Moved, ...]
    vanished: tuple[LineComment, ...]  # their lines appear nowhere in the later attempt
    already: int  # carried before, left alone


def _parts(review: AttemptReview) -> list[tuple[str, int, list[str]]]:
    parts = [(c.file, c.index, c.source.splitlines() or [""]) for c in review.cells]
    if review.build_log:
        parts.append((LOG, 0, review.build_log.splitlines()))
    return parts


def _lines(review: AttemptReview, target: Target) -> list[str] | None:
    for file, cell, lines in _parts(review):
        if (file, cell) == (target.file, target.cell):
            return [s.rstrip() for s in lines[target.first_line - 1 : target.last_line]]
    return None


def _rank(target: Target, file: str, cell: int) -> int | None:
    """Where to look first: the same part, then the same file, then any code cell (a log only in a log)."""
    if (file, cell) == (target.file, target.cell):
        return 0
    if (cell == 0) != target.is_log:
        return None
    return 1 if file == target.file else 2


def place(target: Target, block: list[str], later: AttemptReview) -> Target | None:
    """The later attempt's lines holding `block`, the nearest to where it was in the best-ranked part."""
    found: list[tuple[int, int, Target]] = []
    for file, cell, lines in _parts(later):
        rank = _rank(target, file, cell)
        if rank is None:
            continue
        stripped = [s.rstrip() for s in lines]
        for start in range(len(stripped) - len(block) + 1):
            if stripped[start : start + len(block)] == block:
                at = Target(file, cell, start + 1, start + len(block))
                found.append((rank, abs(start + 1 - target.first_line), at))
    return min(found, key=lambda f: (f[0], f[1]))[2] if found else None


def _check(earlier: AttemptReview, later: AttemptReview) -> None:
    if (earlier.student_id, earlier.assignment_id) != (later.student_id, later.assignment_id):
        raise CommentRefused("comments are carried only between attempts of one student's assignment")
    if earlier.number >= later.number:
        raise CommentRefused(f"attempt {earlier.number} is not earlier than attempt {later.number}")


def carry(
    service: Service, earlier: AttemptReview, later: AttemptReview, *, actor: str, now: float
) -> Carried:
    _check(earlier, later)
    comments = line_comments.of_attempt(service, earlier.attempt_id)
    moved: list[Moved] = []
    vanished: list[LineComment] = []
    with service.engine.begin() as conn:
        done = set(
            conn.execute(
                sa.select(table.c.carried_from).where(
                    table.c.attempt_id == later.attempt_id, table.c.carried_from.is_not(None)
                )
            ).scalars()
        )
        for c in comments:
            if c.id in done:
                continue
            block = _lines(earlier, c.target)
            to = None if not block else place(c.target, block, later)
            if to is None:
                vanished.append(c)
                continue
            new_id = line_comments.insert(
                conn, later.attempt_id, to, c.body, actor=actor, now=now, link=c.link, carried_from=c.id
            )
            moved.append(Moved(c, new_id, to))
            detail = f"comment {c.id} of attempt {earlier.number} on {c.target.where()}"
            detail += f" carried to {to.where()}"
            line_comments.audit_change(
                conn, later, "line_comment_carried", detail, actor=actor, old=None, new=c.body, at=now
            )
        if vanished:
            gone = "; ".join(f"comment {c.id} on {c.target.where()}" for c in vanished)
            detail = f"not carried from attempt {earlier.number}, their lines are gone: {gone}"
            line_comments.audit_change(
                conn, later, "line_comment_carried", detail, actor=actor, old=None, new=None, at=now
            )
    return Carried(tuple(moved), tuple(vanished), len([c for c in comments if c.id in done]))
