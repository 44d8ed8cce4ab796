"""Which LMS launches grade here, and as whom.

Only the context roles Instructor and TeachingAssistant (LIS v2 membership vocabulary, with the
TA sub-role of Instructor) give TA rights, and only as a named TA of the `--tas` list: the list's
optional `lms_id` and `email` columns name the LMS user (by the launch's `sub`, or by its e-mail,
compared case-insensitively); the session, and every audit entry it makes, carry that TA's name.
A staff launch that matches no TA is refused with a page that says what to add to the list.

Every other role grades nothing. A student session needs the Learner role (`learns`): a launch
whose roles include Mentor (a parent, an advisor) or the TestUser system role (an LMS's "student
view"), or that has no Learner role at all (ContentDeveloper, Administrator, Member, ...), gets
none, whatever roster account its e-mail names (links.py decides which account a learner is).
"""

from __future__ import annotations

import csv
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from autograder.service.domain.lti import roles as roles_rule

ROLES = "https://purl.imsglobal.org/spec/lti/claim/roles"
MEMBERSHIP = "http://purl.imsglobal.org/vocab/lis/v2/membership"
GRADING_ROLES = frozenset(
    {
        f"{MEMBERSHIP}#Instructor",
        f"{MEMBERSHIP}#TeachingAssistant",
        f"{MEMBERSHIP}/Instructor#TeachingAssistant",
    }
)


@dataclass(frozen=True)
class StaffContact:
    name: str  # the TA's name in the TA list (and in the audit log)
    lms_id: str
    email: str


def grades(claims: Mapping[str, Any]) -> bool:
    """True when the launch's context roles include Instructor or TeachingAssistant."""
    roles = claims.get(ROLES)
    return isinstance(roles, list) and any(isinstance(r, str) and r in GRADING_ROLES for r in roles)


def learns(claims: Mapping[str, Any]) -> bool:
    """True when the launch's roles are a student's (domain/lti/roles.py: Learner, not Mentor or TestUser)."""
    roles = claims.get(ROLES)
    return roles_rule.is_student(roles if isinstance(roles, list) else [])


def contacts(ta_list: Path | None) -> list[StaffContact]:
    """The TA list's rows with an `lms_id` or `email` (the names were checked at start-up)."""
    if ta_list is None:
        return []
    try:
        with ta_list.open(newline="", encoding="utf-8-sig") as f:
            rows = list(csv.DictReader(f))
    except OSError:
        return []
    found = []
    for row in rows:
        name = (row.get("name") or "").strip()
        lms_id, email = (row.get("lms_id") or "").strip(), (row.get("email") or "").strip()
        if name and (lms_id or email):
            found.append(StaffContact(name, lms_id, email))
    return found


def named_ta(ta_list: Path | None, claims: Mapping[str, Any]) -> str | None:
    """The TA this staff launch is, by LMS user id first, then by e-mail; None when no row matches."""
    sub = str(claims.get("sub") or "")
    email = str(claims.get("email") or "").strip().casefold()
    rows = contacts(ta_list)
    by_id = [r.name for r in rows if sub and r.lms_id == sub]
    if by_id:
        return by_id[0]
    by_email = [r.name for r in rows if email and r.email.casefold() == email]
    return by_email[0] if len(by_email) == 1 else None
