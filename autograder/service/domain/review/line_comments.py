"""A TA's comments on lines of an attempt (issue 45, section 1).

    add(service, review, target, body, actor=, now=)      -> LineComment      (CommentRefused)
    edit(service, comment_id, body, actor=, now=)          -> LineComment|None (CommentRefused)
    delete(service, comment_id, actor=, now=)              -> bool
    of_attempt(service, attempt_id)                        -> the TA's view: every comment
    shown_to_student(service, student_id, attempt_id)      -> the student's: only once shown

A comment points at lines of one attempt: a code cell of an uploaded file as the TA's attempt page
numbers them (`attempt_review.code_cells`) or the grader's log. Each change is one transaction that
writes the row and its audit entry. The entry names the attempt and the assignment but not the
student: a student reads every audit entry naming them (`grade_review.student_audit`), and a comment
must not reach its student before the grade does; the TA finds the entries on the attempt's page
(its timeline) and in the whole log.

A student sees the comments of their own attempt exactly when they see its grade: the one rule of
`StudentViews.attempt` (`grades_hidden` is None), never re-derived here. Bodies are Markdown kept as
typed; the pages render them through `web/comment_markdown.py` (escaped, a tiny subset).

A comment may link to a rubric item or an override (`Link`, checked and shown by
`line_comment_links.py`); a TA may carry an earlier attempt's comments to a later one
(`line_comment_carry.py`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from autograder.service.domain.core import Service
from autograder.service.domain.course import audit
from autograder.service.domain.review.attempt_review import AttemptReview
from autograder.service.records import iso
from autograder.service.storage import db
from autograder.service.storage.line_comment_tables import line_comments

MAX_BODY_CHARS = 4000
LOG = ""  # the `file` of a comment on the grader's log (its `cell` is 0)


class CommentRefused(ValueError):
    """A comment that cannot be stored as asked; the message (English) is for the TA."""


@dataclass(frozen=True)
class Target:
    """Lines first..last (1-based, inclusive) of a code cell (`file`, `cell` from 1) or of the
    grader's log (`file` LOG, `cell` 0)."""

    file: str
    cell: int
    first_line: int
    last_line: int

    @property
    def is_log(self) -> bool:
        return self.cell == 0

    def where(self) -> str:
        """In English, for the audit log and the TA."""
        lines = f"line {self.first_line}" if self.first_line == self.last_line else (
            f"lines {self.first_line}-{self.last_line}"
        )  # fmt: skip
        return f"grader log, {lines}" if self.is_log else f"{self.file} cell {self.cell}, {lines}"


@dataclass(frozen=True)
class Link:
    """What a comment points at besides its lines: a rubric item (`ref` its id) or an override of the
    attempt's student (`ref` its target: an exercise id or "total")."""

    kind: str  # RUBRIC_ITEM or OVERRIDE
    ref: str


RUBRIC_ITEM, OVERRIDE = "rubric_item", "override"
LINK_KINDS = (RUBRIC_ITEM, OVERRIDE)


@dataclass(frozen=True)
class LineComment:
    id: int
    attempt_id: int
    target: Target
    body: str  # Markdown as typed
    author: str  # a TA's name
    created_at: float
    edited_by: str | None
    edited_at: float | None
    link: Link | None = None
    carried_from: int | None = None

    def to_json(self, *, for_student: bool = False) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.id,
            "attempt_id": self.attempt_id,
            "file": self.target.file,
            "cell": self.target.cell,
            "first_line": self.target.first_line,
            "last_line": self.target.last_line,
            "body": self.body,
            "created_at": iso(self.created_at),
            "edited_at": None if self.edited_at is None else iso(self.edited_at),
            "link": None if self.link is None else {"kind": self.link.kind, "ref": self.link.ref},
        }
        if not for_student:  # a student reads "a TA", not which one
            out |= {"author": self.author, "edited_by": self.edited_by, "carried_from": self.carried_from}
        return out


def _comment(row: Any) -> LineComment:
    return LineComment(
        id=int(row.id),
        attempt_id=int(row.attempt_id),
        target=Target(str(row.file), int(row.cell), int(row.first_line), int(row.last_line)),
        body=str(row.body),
        author=str(row.created_by),
        created_at=float(row.created_at),
        edited_by=row.edited_by,
        edited_at=row.edited_at,
        link=None if row.link_kind is None else Link(str(row.link_kind), str(row.link_ref)),
        carried_from=None if row.carried_from is None else int(row.carried_from),
    )


def checked_body(body: str) -> str:
    text = body.replace("\r\n", "\n").strip()
    if not text:
        raise CommentRefused("the comment is empty")
    if len(text) > MAX_BODY_CHARS:
        raise CommentRefused(f"the comment is longer than {MAX_BODY_CHARS} characters")
    return text


def line_count(review: AttemptReview, file: str, cell: int) -> int | None:
    """How many lines the part has on the attempt's page; None when the attempt has no such part."""
    if cell == 0 and file == LOG:
        return len(review.build_log.splitlines()) if review.build_log else None
    for c in review.cells:
        if c.file == file and c.index == cell:
            return max(1, len(c.source.splitlines()))
    return None


def check_target(review: AttemptReview, target: Target) -> Target:
    lines = line_count(review, target.file, target.cell)
    if lines is None:
        raise CommentRefused(f"the attempt has no {'grader log' if target.is_log else 'such cell'}")
    if not 1 <= target.first_line <= target.last_line <= lines:
        raise CommentRefused(f"choose lines between 1 and {lines}, the first not after the last")
    return target


def audit_change(conn: sa.Connection, about: Any, action: str, detail: str, **kw: Any) -> None:
    audit.record(
        conn,
        action=action,
        assignment_id=about.assignment_id,
        student_id=None,  # see the module's docstring: the student's log would show it before release
        attempt_id=int(about.attempt_id),
        detail=detail,
        **kw,
    )


def add(
    service: Service, review: AttemptReview, target: Target, body: str, *, actor: str, now: float
) -> LineComment:
    """Store a comment on lines of the reviewed attempt (audited). CommentRefused: not stored. A
    comment with a link is added by `line_comment_links.add`, which checks the link first."""
    text = checked_body(body)
    check_target(review, target)
    with service.engine.begin() as conn:
        return stored(conn, review, target, text, actor=actor, now=now)


def stored(
    conn: sa.Connection,
    review: AttemptReview,
    target: Target,
    text: str,
    *,
    actor: str,
    now: float,
    link: Link | None = None,
) -> LineComment:
    """Insert a checked comment and its audit entry on the caller's transaction."""
    new_id = insert(conn, review.attempt_id, target, text, actor=actor, now=now, link=link)
    detail = f"comment on {target.where()}"
    detail += "" if link is None else f", linked to {link.kind} {link.ref}"
    audit_change(conn, review, "line_comment", detail, actor=actor, old=None, new=text, at=now)
    return _comment(conn.execute(sa.select(line_comments).where(line_comments.c.id == new_id)).one())


def insert(
    conn: sa.Connection,
    attempt_id: int,
    t: Target,
    text: str,
    *,
    actor: str,
    now: float,
    link: Link | None = None,
    carried_from: int | None = None,
) -> int:
    """The new row's id; the caller checked the target and writes the audit entry."""
    return int(
        conn.execute(
            line_comments.insert().values(
                attempt_id=attempt_id, file=t.file, cell=t.cell, first_line=t.first_line,
                last_line=t.last_line, body=text, created_by=actor, created_at=now,
                link_kind=None if link is None else link.kind, link_ref=None if link is None else link.ref,
                carried_from=carried_from,
            )
        ).inserted_primary_key[0]
    )  # fmt: skip


def _assignment_of(conn: sa.Connection, attempt_id: int) -> str | None:
    return conn.execute(sa.select(db.attempts.c.assignment_id).where(db.attempts.c.id == attempt_id)).scalar()


@dataclass(frozen=True)
class Where:
    attempt_id: int
    assignment_id: str | None


def edit(service: Service, comment_id: int, body: str, *, actor: str, now: float) -> LineComment | None:
    """Replace a comment's text (audited, old and new). None: no such comment."""
    text = checked_body(body)
    c = line_comments.c
    with service.engine.begin() as conn:
        row = conn.execute(sa.select(line_comments).where(c.id == comment_id)).first()
        if row is None:
            return None
        if row.body == text:
            return _comment(row)
        conn.execute(
            line_comments.update().where(c.id == comment_id).values(body=text, edited_by=actor, edited_at=now)
        )
        where = Where(int(row.attempt_id), _assignment_of(conn, int(row.attempt_id)))
        detail = f"comment {comment_id} on {_comment(row).target.where()} edited"
        audit_change(conn, where, "line_comment_edited", detail, actor=actor, old=row.body, new=text, at=now)
        row = conn.execute(sa.select(line_comments).where(c.id == comment_id)).one()
    return _comment(row)


def delete(service: Service, comment_id: int, *, actor: str, now: float) -> bool:
    """Remove a comment (audited, with what it said). False: no such comment."""
    c = line_comments.c
    with service.engine.begin() as conn:
        row = conn.execute(sa.select(line_comments).where(c.id == comment_id)).first()
        if row is None:
            return False
        conn.execute(line_comments.delete().where(c.id == comment_id))
        where = Where(int(row.attempt_id), _assignment_of(conn, int(row.attempt_id)))
        detail = f"comment {comment_id} on {_comment(row).target.where()} deleted"
        audit_change(conn, where, "line_comment_deleted", detail, actor=actor, old=row.body, new=None, at=now)
    return True


def get(service: Service, comment_id: int) -> LineComment | None:
    with service.engine.connect() as conn:
        row = conn.execute(sa.select(line_comments).where(line_comments.c.id == comment_id)).first()
    return None if row is None else _comment(row)


def of_attempt(service: Service, attempt_id: int) -> tuple[LineComment, ...]:
    """Every comment of the attempt (a TA's view), by place then age."""
    c = line_comments.c
    query = sa.select(line_comments).where(c.attempt_id == attempt_id)
    with service.engine.connect() as conn:
        rows = conn.execute(query.order_by(c.cell == 0, c.file, c.cell, c.first_line, c.id)).all()
    return tuple(_comment(r) for r in rows)


def shown_to_student(service: Service, student_id: str, attempt_id: int) -> tuple[LineComment, ...]:
    """The comments of the student's own attempt once its grade is shown to them; () before, and
    for an attempt that is not theirs."""
    attempt = service.student_views.attempt(student_id, attempt_id)
    if attempt is None or attempt.grades_hidden is not None:
        return ()
    return of_attempt(service, attempt_id)
