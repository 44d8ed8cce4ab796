"""The parts of an attempt as the line comments' views show them: each code cell (and the grader's log)
with its lines numbered and each comment under the last line of its range (web/line_comments.py for
the TA's page, web/line_comment_student.py and pages.py for the student's)."""

from __future__ import annotations

from dataclasses import dataclass, field

from fastapi import Request

from autograder.service.domain.course.attempt_reads import fits_id
from autograder.service.domain.review import attempt_review, line_comment_links, line_comments
from autograder.service.domain.review.attempt_review import AttemptReview
from autograder.service.web import page_auth


def attempt_review_of(request: Request, attempt_id: int) -> AttemptReview | None:
    service = page_auth.service_of(request)
    if not fits_id(attempt_id):
        return None
    return attempt_review.review(
        service, attempt_id, named=service.assignment_lookup.named,
        own_part=service.attempt_reads.own_part,
    )  # fmt: skip


@dataclass(frozen=True)
class LineRow:
    number: int
    text: str
    comments: tuple[line_comments.LineComment, ...]  # the comments whose range ends on this line


@dataclass(frozen=True)
class PartView:
    """One code cell or the grader's log with its lines numbered and its comments under their lines."""

    where: str  # the form's value: "<n>" (the n-th code cell, from 0) or "log"
    file: str  # line_comments.LOG for the grader's log
    cell: int  # from 1 among the file's code cells; 0 for the grader's log
    rows: tuple[LineRow, ...]
    comments: int
    # each linked comment's rubric item or override as it is now (`line_comment_links.shown`)
    links: dict[int, line_comment_links.LinkShown] = field(default_factory=dict)


def _part(
    where: str,
    file: str,
    cell: int,
    source: str,
    comments: list[line_comments.LineComment],
    links: dict[int, line_comment_links.LinkShown],
) -> PartView:
    lines = source.splitlines() or [""]
    ending: dict[int, list[line_comments.LineComment]] = {}
    for c in comments:
        ending.setdefault(min(c.target.last_line, len(lines)), []).append(c)
    rows = tuple(LineRow(n, text, tuple(ending.get(n, ()))) for n, text in enumerate(lines, start=1))
    return PartView(where, file, cell, rows, len(comments), links)


def part_views(
    review: AttemptReview,
    comments: tuple[line_comments.LineComment, ...],
    *,
    only_commented: bool = False,
    links: dict[int, line_comment_links.LinkShown] | None = None,
) -> list[PartView]:
    """The attempt's code cells (and its grader log, if any) as the comment views show them; with
    `only_commented` (the student's page) only the parts that have a comment."""
    by_part: dict[tuple[str, int], list[line_comments.LineComment]] = {}
    for c in comments:
        by_part.setdefault((c.target.file, c.target.cell), []).append(c)
    links = links or {}
    out = [
        _part(str(i), c.file, c.index, c.source, by_part.get((c.file, c.index), []), links)
        for i, c in enumerate(review.cells)
    ]
    if review.build_log:
        log = by_part.get((line_comments.LOG, 0), [])
        out.append(_part("log", line_comments.LOG, 0, review.build_log, log, links))
    return [p for p in out if p.comments] if only_commented else out


def student_part_views(request: Request, student_id: str, attempt_id: int) -> list[PartView]:
    """The student's commented parts of their own attempt, once its grade is shown to them; []
    before, and for an attempt that is not theirs (`line_comments.shown_to_student`)."""
    service = page_auth.service_of(request)
    shown = line_comments.shown_to_student(service, student_id, attempt_id)
    review = attempt_review_of(request, attempt_id) if shown else None
    if review is None:
        return []
    links = line_comment_links.shown(service, shown, review.assignment_id, review.student_id)
    return part_views(review, shown, only_commented=True, links=links)


def ta_commented_parts(request: Request, attempt_id: int) -> list[PartView]:
    """A TA's read-only view of an attempt's commented parts (the regrade run's diff shows them
    beside each changed attempt); [] when it has no comments."""
    service = page_auth.service_of(request)
    comments = line_comments.of_attempt(service, attempt_id)
    review = attempt_review_of(request, attempt_id) if comments else None
    if review is None:
        return []
    links = line_comment_links.shown(service, comments, review.assignment_id, review.student_id)
    return part_views(review, comments, only_commented=True, links=links)
