"""A line comment's optional link to a rubric item or an override (issue 45, section 1).

    add(service, review, target, body, link, actor=, now=)-> LineComment (CommentRefused, nothing stored)
    check(conn, review, link)                    -> None (CommentRefused: no such item or override)
    choices(service, review)                     -> [(form value, label)]: what the TA's form offers
    shown(service, comments, assignment, student) -> {comment id: LinkShown}
    parse(value)                                 -> Link | None   ("rubric_item:12", "override:total", "")

The link is the item's id (or the override's target), never a copy of its text: an edited item shows
its new text beside the comment, and a deleted item (or a removed override) leaves the comment in
place, shown with "item deleted" (`LinkShown.gone`).
"""

from __future__ import annotations

from dataclasses import dataclass

import sqlalchemy as sa

from autograder.service.domain.core import Service
from autograder.service.domain.review import line_comments
from autograder.service.domain.review.attempt_review import AttemptReview
from autograder.service.domain.review.line_comments import (
    LINK_KINDS,
    OVERRIDE,
    RUBRIC_ITEM,
    CommentRefused,
    LineComment,
    Link,
    Target,
)
from autograder.service.storage import db
from autograder.service.storage.quiz_tables import rubric_items


@dataclass(frozen=True)
class LinkShown:
    kind: str  # RUBRIC_ITEM or OVERRIDE
    ref: str
    label: str  # the item's question, key and text, or the override's target and points; "" when gone
    subject: str  # the item's text or the override's target (what the student reads); "" when gone
    gone: bool  # the item was deleted (or the override removed) after the comment linked to it


def parse(value: str) -> Link | None:
    """The form's "<kind>:<ref>" as a Link; None for "" (no link). CommentRefused: not a link."""
    value = value.strip()
    if not value:
        return None
    kind, _sep, ref = value.partition(":")
    if kind not in LINK_KINDS or not ref or len(ref) > 64:
        raise CommentRefused("choose a rubric item or an override to link, or none")
    return Link(kind, ref)


def _item_label(row: sa.Row) -> str:
    return f"{row.question} item {row.position} ({row.points:+g}): {row.description}"


def _items(conn: sa.Connection, assignment_id: str | None) -> dict[str, tuple[str, str]]:
    c = rubric_items.c
    query = sa.select(rubric_items).where(c.assignment_id == (assignment_id or ""))
    rows = conn.execute(query.order_by(c.question, c.position)).all()
    return {str(r.id): (_item_label(r), str(r.description)) for r in rows}


def _overrides(
    conn: sa.Connection, assignment_id: str | None, student_id: str
) -> dict[str, tuple[str, str]]:
    o = db.overrides.c
    rows = conn.execute(
        sa.select(db.overrides)
        .where(o.assignment_id == (assignment_id or ""), o.student_id == student_id)
        .order_by(o.target)
    ).all()
    return {str(r.target): (f"override of {r.target}: {r.points:g} points", str(r.target)) for r in rows}


def _known(
    conn: sa.Connection, assignment_id: str | None, student_id: str
) -> dict[str, dict[str, tuple[str, str]]]:
    """{kind: {ref: (the TA's label, the student's subject)}}"""
    return {RUBRIC_ITEM: _items(conn, assignment_id), OVERRIDE: _overrides(conn, assignment_id, student_id)}


def check(conn: sa.Connection, review: AttemptReview, link: Link) -> None:
    if link.ref not in _known(conn, review.assignment_id, review.student_id).get(link.kind, {}):
        what = "rubric item" if link.kind == RUBRIC_ITEM else "override"
        raise CommentRefused(f"the attempt's assignment and student have no such {what} ({link.ref})")


def add(
    service: Service,
    review: AttemptReview,
    target: Target,
    body: str,
    link: Link | None,
    *,
    actor: str,
    now: float,
) -> LineComment:
    """`line_comments.add` with an optional link, checked in the same transaction as the insert."""
    text = line_comments.checked_body(body)
    line_comments.check_target(review, target)
    with service.engine.begin() as conn:
        if link is not None:
            check(conn, review, link)
        return line_comments.stored(conn, review, target, text, actor=actor, now=now, link=link)


def choices(service: Service, review: AttemptReview) -> list[tuple[str, str]]:
    """The rubric items of the attempt's assignment and the overrides of its student, as the TA's
    form offers them: ("rubric_item:<id>" | "override:<target>", label)."""
    with service.engine.connect() as conn:
        known = _known(conn, review.assignment_id, review.student_id)
    return [(f"{kind}:{ref}", label) for kind in LINK_KINDS for ref, (label, _s) in known[kind].items()]


def shown(
    service: Service, comments: tuple[LineComment, ...], assignment_id: str | None, student_id: str
) -> dict[int, LinkShown]:
    """Each linked comment's link as it is now: the item's current text, or gone."""
    if not any(c.link for c in comments):
        return {}
    with service.engine.connect() as conn:
        known = _known(conn, assignment_id, student_id)
    out: dict[int, LinkShown] = {}
    for c in comments:
        if c.link is not None:
            now = known.get(c.link.kind, {}).get(c.link.ref)
            label, subject = now or ("", "")
            out[c.id] = LinkShown(c.link.kind, c.link.ref, label, subject, now is None)
    return out
