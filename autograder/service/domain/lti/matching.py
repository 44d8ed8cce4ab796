"""Which roster student an LMS user is: the platform's `match_on` fields, tried in order.

    lms_id        the roster's lms_id = a custom parameter `lms_id` of the launch (Canvas:
                  `lms_id=$Canvas.user.id`), else the LTI user id (`sub`)
    sis_login_id  the roster's sis_login_id = a custom parameter `sis_login_id` (Canvas:
                  `$Canvas.user.loginId`; Moodle: `$User.username`), else the LIS person sourcedid
    email         the roster's email = the `email` claim (case-insensitive)

The first field whose value finds exactly one student decides. A value that finds several students
decides nothing (and neither does any later field): the user is unmatched, never guessed.

A match is a candidate only: links.py decides whether it signs the user in (an account linked to
another LMS user, or whose known lms_id is another, is refused whatever field matched).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from autograder.service.storage import db

CUSTOM = "https://purl.imsglobal.org/spec/lti/claim/custom"
LIS = "https://purl.imsglobal.org/spec/lti/claim/lis"


@dataclass(frozen=True)
class Identifiers:
    """What a launch or an NRPS member says about the person (empty string: not given)."""

    sub: str
    lms_id: str
    sis_login_id: str
    email: str
    name: str


def _text(value: Any) -> str:
    return value.strip() if isinstance(value, str) else str(value) if isinstance(value, int) else ""


def from_launch(claims: Mapping[str, Any]) -> Identifiers:
    custom = claims.get(CUSTOM) if isinstance(claims.get(CUSTOM), dict) else {}
    lis = claims.get(LIS) if isinstance(claims.get(LIS), dict) else {}
    sub = _text(claims.get("sub"))
    return Identifiers(
        sub=sub,
        lms_id=_text(custom.get("lms_id")) or sub,
        sis_login_id=_text(custom.get("sis_login_id")) or _text(lis.get("person_sourcedid")),
        email=_text(claims.get("email")),
        name=_text(claims.get("name"))
        or " ".join(p for p in (_text(claims.get("given_name")), _text(claims.get("family_name"))) if p),
    )


def from_member(member: Mapping[str, Any]) -> Identifiers:
    """An NRPS member (the membership container's `members` entry)."""
    sub = _text(member.get("user_id"))
    return Identifiers(
        sub=sub,
        lms_id=_text(member.get("lms_id")) or sub,
        sis_login_id=_text(member.get("lis_person_sourcedid")),
        email=_text(member.get("email")),
        name=_text(member.get("name")),
    )


@dataclass(frozen=True)
class Match:
    student_id: str | None
    reason: str  # English, for the TAs: which field matched, or why none did
    field: str = ""  # the field that matched ("lms_id", "sis_login_id", "email"); "" when none


def find_student(conn: sa.Connection, who: Identifiers, match_on: str) -> Match:
    s = db.students.c
    tried = []
    for field in match_on.split(","):
        value = getattr(who, field)
        if not value:
            tried.append(f"{field}: not sent")
            continue
        column = {"lms_id": s.lms_id, "sis_login_id": s.sis_login_id, "email": s.email}[field]
        where = sa.func.lower(column) == value.lower() if field == "email" else column == value
        found = conn.execute(sa.select(s.student_id).where(where).limit(2)).scalars().all()
        if len(found) == 1:
            return Match(found[0], f"matched on {field}", field)
        if len(found) > 1:
            return Match(None, f"{field} {value!r} is on several roster rows")
        tried.append(f"{field} {value!r}: no roster row")
    return Match(None, "; ".join(tried) or "no identifier to match")
