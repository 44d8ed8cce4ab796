"""Sync roster: the course members of every bound LMS course (LTI NRPS) into the service's roster.

Learners only (roles.py: not a Mentor or a TestUser). A member is found as a launch finds its
user (links.py): by the account linked to its LMS user id, else by the platform's `match_on`
(matching.py), linked now unless that account is linked to another LMS user or has another known
lms_id (a conflict: reported, nothing changed for that member). A member found updates its row: the
name, and the email/lms_id/sis_login_id fields that are still empty (a field the roster already has
is never overwritten by the LMS). A member who matches nobody is added, with the SIS id as the
student id when it is a valid one, else `lms-<user id>`, and linked to it (refused, as a conflict,
when that id is an account linked or known otherwise). Nobody is ever deleted. New students
get access tokens like any roster import (DIR/tokens.csv).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

import sqlalchemy as sa
from pylti1p3.names_roles import NamesRolesProvisioningService

from autograder.roster import Roster, Student, valid_student_id
from autograder.service.domain.course import audit
from autograder.service.domain.lti import context_binding, courses, links, matching
from autograder.service.domain.lti.connector import service_connector
from autograder.service.domain.lti.platforms import find_platform
from autograder.service.domain.lti.roles import is_student
from autograder.service.storage import db


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
    """An active member whose roles are a student's (roles.py: Learner, not Mentor or TestUser)."""
    roles = member.get("roles")
    return member.get("status", "Active") == "Active" and is_student(roles if isinstance(roles, list) else [])


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
            service_connector(engine, platform), {"context_memberships_url": course.nrps_url}
        )
        try:
            members = [m for m in nrps.get_members() if is_learner(m)]
        except Exception as exc:  # the platform's refusal or absence: reported, nothing changed
            errors.append(f"{course.title}: {type(exc).__name__}: {exc}")
            continue
        with engine.begin() as conn:
            for member in members:
                who = matching.from_member(member)
                if not who.sub:
                    continue  # no LMS user id: nothing to link, nothing to send grades to
                found = links.resolve(conn, platform.issuer, who, platform.match_on, audit.SYSTEM)
                if found.conflict or (found.student_id is None and "several" in found.reason):
                    errors.append(f"{course.title}: {who.name or who.sub}: {found.reason}")
                    continue
                student_id = found.student_id or _new_id(who)
                if found.student_id is None:
                    conflict = links.link(
                        conn, platform.issuer, student_id, who, links.ROSTER_SYNC, audit.SYSTEM
                    )
                    if conflict:
                        errors.append(f"{course.title}: {who.name or who.sub}: {conflict}")
                        continue
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
                courses.add_member(conn, course.id, who.sub, student_id)
    if changed:
        service.identity.import_roster(Roster(tuple(changed.values())))
    updated = tuple(sorted(set(changed) - set(added)))
    return SyncResult(tuple(sorted(added)), updated, seen, tuple(errors))
