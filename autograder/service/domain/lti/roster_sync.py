"""Sync roster: the course members of every bound LMS course (LTI NRPS) into the service's roster.

Learners only. A member who matches a roster row (the platform's `match_on`, matching.py) updates
it: the name, and the email/lms_id/sis_login_id fields that are still empty (a field the roster
already has is never overwritten by the LMS). A member who matches nobody is added, with the SIS id
as the student id when it is a valid one, else `lms-<user id>`. Nobody is ever deleted. New students
get access tokens like any roster import (DIR/tokens.csv).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

import sqlalchemy as sa
from pylti1p3.names_roles import NamesRolesProvisioningService

from autograder.roster import Roster, Student, valid_student_id
from autograder.service.domain.lti import context_binding, courses, matching
from autograder.service.domain.lti.connector import TokenCache, registration
from autograder.service.domain.lti.platforms import find_platform
from autograder.service.storage import db

LEARNER = "http://purl.imsglobal.org/vocab/lis/v2/membership#Learner"


@dataclass(frozen=True)
class SyncResult:
    added: tuple[str, ...]
    updated: tuple[str, ...]
    courses: int
    errors: tuple[str, ...]  # per course, English

    def to_json(self) -> dict[str, Any]:
        return {
            "added": list(self.added), "updated": list(self.updated),
            "courses": self.courses, "errors": list(self.errors),
        }  # fmt: skip


def is_learner(member: dict[str, Any]) -> bool:
    roles = member.get("roles") or []
    return member.get("status", "Active") == "Active" and any(r in (LEARNER, "Learner") for r in roles)


def _new_id(who: matching.Identifiers) -> str:
    if valid_student_id(who.sis_login_id):
        return who.sis_login_id
    return "lms-" + re.sub(r"[^A-Za-z0-9._@+-]", "-", who.sub)[:120]


def _student_row(row: Any) -> Student:
    return Student(row.student_id, row.name, row.email, row.lms_id, row.sis_login_id, row.section)


def sync(service: Any) -> SyncResult:
    """Pull every course's members and add or update roster rows (see the module docstring)."""
    engine = service.engine
    changed: dict[str, Student] = {}
    added: list[str] = []
    errors: list[str] = []
    seen = 0
    for course in context_binding.bound_courses(engine):  # never a course not bound here
        platform = find_platform(engine, course.issuer, course.client_id)
        if platform is None or not course.nrps_url:
            continue
        seen += 1
        nrps = NamesRolesProvisioningService(
            TokenCache(registration(engine, platform)), {"context_memberships_url": course.nrps_url}
        )
        try:
            members = [m for m in nrps.get_members() if is_learner(m)]
        except Exception as exc:  # the platform's refusal or absence: reported, nothing changed
            errors.append(f"{course.title}: {type(exc).__name__}: {exc}")
            continue
        with engine.begin() as conn:
            for member in members:
                who = matching.from_member(member)
                match = matching.find_student(conn, who, platform.match_on)
                if match.student_id is None and "several" in match.reason:
                    errors.append(f"{course.title}: {who.name or who.sub}: {match.reason}")
                    continue
                student_id = match.student_id or _new_id(who)
                by_id = db.students.c.student_id == student_id
                row = conn.execute(sa.select(db.students).where(by_id)).first()
                base = changed.get(student_id) or (_student_row(row) if row is not None else None)
                if base is None:
                    base = Student(student_id, who.name or student_id)
                    added.append(student_id)
                changed[student_id] = replace(
                    base,
                    name=who.name or base.name,
                    email=base.email or who.email,
                    lms_id=base.lms_id or who.lms_id,
                    sis_login_id=base.sis_login_id or who.sis_login_id,
                )
                if who.sub:
                    courses.add_member(conn, course.id, who.sub, student_id)
    if changed:
        service.identity.import_roster(Roster(tuple(changed.values())))
    updated = tuple(sorted(set(changed) - set(added)))
    return SyncResult(tuple(sorted(added)), updated, seen, tuple(errors))
