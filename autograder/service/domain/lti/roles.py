"""Which LMS roles are a student's: the Learner role, and none of Mentor or TestUser.

A Mentor (LIS v2 membership: a parent, an advisor) may see a learner's work in the LMS, and often
shares her e-mail; a TestUser (LTI system role) is an LMS's "student view". Neither is the student:
neither gets a student session (web/lti/staff.learns) nor is synced into the roster (roster_sync).
"""

from __future__ import annotations

from collections.abc import Iterable

MEMBERSHIP = "http://purl.imsglobal.org/vocab/lis/v2/membership"
LEARNER_ROLES = frozenset({f"{MEMBERSHIP}#Learner", f"{MEMBERSHIP}/Learner#Learner", "Learner"})
NOT_A_STUDENT = ("#Mentor", "/Mentor#", "/person#TestUser")  # Mentor and its sub-roles; TestUser


def is_student(roles: Iterable[object]) -> bool:
    """True when the roles include Learner and none of Mentor (or its sub-roles) or TestUser."""
    names = [r for r in roles if isinstance(r, str)]
    barred = any(r in ("Mentor", "TestUser") or any(m in r for m in NOT_A_STUDENT) for r in names)
    return not barred and any(r in LEARNER_ROLES for r in names)
