"""Which LMS user is which roster account: one link per platform, each way (`lti_links`).

A platform (its issuer) names each user by `sub`. A roster account is linked to one `sub` of a
platform and a `sub` to one account. Once linked, only that `sub` signs the account in, and only
it receives the account's AGS scores (lti_outbox.py sends to members whose `sub` is the linked one).

`resolve` finds the account of a learner's launch or NRPS member:

1. the account linked to (issuer, sub), if any: that one, whatever else the launch says;
2. else the platform's `match_on` fields (matching.py) find a candidate, and it is linked now,
   unless it conflicts: it is linked to another `sub` of this platform, or the roster knows its
   `lms_id` and this user's is another. So the e-mail claim (or a SIS login) never signs anyone in
   when the account's lms_id is known or it is linked already: a parent or mentor who shares a
   family address, or an LMS account with a copied e-mail, is refused, never given the student.

Callers pass learners only (a launch's roles are checked first, staff.learns; roster sync keeps
learners), so a first link by e-mail or SIS login is always a learner's. Every link is written with
an audit entry ("lti_link") in the same transaction.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import sqlalchemy as sa

from autograder.service.domain.course import audit
from autograder.service.domain.lti import matching
from autograder.service.storage import db
from autograder.service.storage.lti_tables import links

ROSTER_SYNC = "roster_sync"  # `linked_by` of an account roster sync made for an unmatched member


@dataclass(frozen=True)
class Resolution:
    student_id: str | None  # the account the user is; None: none (unmatched or a conflict)
    conflict: str  # English, for the TAs: why the account found is refused ("" when none)
    reason: str  # English, for the TAs: how the account was found, or why none was


def linked_student(conn: sa.Connection, issuer: str, sub: str) -> str | None:
    where = (links.c.issuer == issuer) & (links.c.sub == sub)
    return conn.execute(sa.select(links.c.student_id).where(where)).scalar_one_or_none()


def linked_sub(conn: sa.Connection, issuer: str, student_id: str) -> str | None:
    where = (links.c.issuer == issuer) & (links.c.student_id == student_id)
    return conn.execute(sa.select(links.c.sub).where(where)).scalar_one_or_none()


def link(
    conn: sa.Connection, issuer: str, student_id: str, who: matching.Identifiers, how: str, actor: str
) -> str:
    """Link `who.sub` to the account (and audit it), or say why not: the conflict, in English."""
    if not who.sub or len(who.sub) > 255 or len(issuer) > 255:
        return "the LMS user id (sub) or the issuer is missing or longer than 255 characters"
    other_sub = linked_sub(conn, issuer, student_id)
    if other_sub == who.sub:
        return ""
    if other_sub is not None:
        return (
            f"roster account {student_id!r} is linked to another LMS user ({other_sub!r}) of {issuer}; "
            f"the LMS user {who.sub!r} ({who.email or 'no e-mail'}) does not sign it in"
        )
    other_student = linked_student(conn, issuer, who.sub)
    if other_student is not None and other_student != student_id:
        return f"the LMS user {who.sub!r} is linked to another roster account ({other_student!r})"
    known = conn.execute(
        sa.select(db.students.c.lms_id).where(db.students.c.student_id == student_id)
    ).scalar_one_or_none()
    if known and known != who.lms_id:
        return (
            f"roster account {student_id!r} has lms_id {known!r}, and this LMS user is {who.lms_id!r} "
            f"({who.email or 'no e-mail'}); a matching {how} does not override a known lms_id"
        )
    now = time.time()
    conn.execute(
        links.insert().values(issuer=issuer, student_id=student_id, sub=who.sub, linked_by=how, linked_at=now)
    )
    audit.record(
        conn, actor=actor, action="lti_link", assignment_id=None, student_id=student_id,
        detail=f"LMS user {who.sub!r} of {issuer} linked to this account by {how}",
        old=None, new={"issuer": issuer, "sub": who.sub, "by": how}, at=now,
    )  # fmt: skip
    return ""


def resolve(
    conn: sa.Connection, issuer: str, who: matching.Identifiers, match_on: str, actor: str
) -> Resolution:
    """The account of a learner (see the module docstring); links it on a first match."""
    if not who.sub:
        return Resolution(None, "", "the launch names no LMS user (sub)")
    linked = linked_student(conn, issuer, who.sub)
    if linked is not None:
        return Resolution(linked, "", "the LMS user is linked to this account")
    match = matching.find_student(conn, who, match_on)
    if match.student_id is None:
        return Resolution(None, "", match.reason)
    conflict = link(conn, issuer, match.student_id, who, match.field, actor)
    if conflict:
        return Resolution(None, conflict, f"{match.reason}, refused: {conflict}")
    return Resolution(match.student_id, "", f"{match.reason}; linked")


def unlink(engine: sa.Engine, issuer: str, student_id: str, actor: str) -> str | None:
    """Remove the account's link on the platform (an admin's correction); the `sub` it had, or None.
    The account's next learner launch, or the next roster sync, links it again."""
    where = (links.c.issuer == issuer) & (links.c.student_id == student_id)
    with engine.begin() as conn:
        sub = conn.execute(sa.select(links.c.sub).where(where)).scalar_one_or_none()
        if sub is None:
            return None
        conn.execute(links.delete().where(where))
        audit.record(
            conn, actor=actor, action="lti_link", assignment_id=None, student_id=student_id,
            detail=f"LMS user {sub!r} of {issuer} unlinked from this account",
            old={"issuer": issuer, "sub": sub}, new=None, at=time.time(),
        )  # fmt: skip
    return str(sub)
