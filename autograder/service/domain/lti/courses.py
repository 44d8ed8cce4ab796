"""The LMS courses (contexts) the tool has seen in launches, their service endpoints and members."""

from __future__ import annotations

import json
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from autograder.service.domain.course.service_database import HoldsDatabase
from autograder.service.storage.lti_tables import contexts, members, unmatched

CONTEXT = "https://purl.imsglobal.org/spec/lti/claim/context"
DEPLOYMENT = "https://purl.imsglobal.org/spec/lti/claim/deployment_id"
AGS = "https://purl.imsglobal.org/spec/lti-ags/claim/endpoint"
DEEP_LINKING_SETTINGS = "https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings"
NRPS = "https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice"


@dataclass(frozen=True)
class Course:
    id: int
    issuer: str
    client_id: str
    deployment_id: str
    context_id: str
    title: str
    ags: dict[str, Any] | None  # the AGS endpoint claim: lineitems, lineitem, scope
    nrps_url: str | None


def course_of(row: Any) -> Course:
    return Course(
        row.id, row.issuer, row.client_id, row.deployment_id, row.context_id, row.title,
        json.loads(row.ags) if row.ags else None, row.nrps_url,
    )  # fmt: skip


def _aud(claims: Mapping[str, Any]) -> str:
    aud = claims.get("aud")
    return str(aud[0] if isinstance(aud, list) else aud)


def remember(service: HoldsDatabase, claims: Mapping[str, Any]) -> int | None:
    """Store (or refresh) the launch's course and its endpoints; its id, or None without a context."""
    context = claims.get(CONTEXT)
    if not isinstance(context, dict) or not context.get("id"):
        return None
    ags = claims.get(AGS) if isinstance(claims.get(AGS), dict) else None
    nrps = claims.get(NRPS) if isinstance(claims.get(NRPS), dict) else {}
    key = {"issuer": str(claims["iss"]), "client_id": _aud(claims), "context_id": str(context["id"])}
    values = {
        "deployment_id": str(claims.get(DEPLOYMENT, "")),
        "title": str(context.get("title") or context.get("label") or context["id"]),
        "ags": json.dumps(ags) if ags else None,
        "nrps_url": nrps.get("context_memberships_url"),
        "updated_at": time.time(),
    }
    where = sa.and_(*(getattr(contexts.c, k) == v for k, v in key.items()))
    with service.engine.begin() as conn:
        row = conn.execute(sa.select(contexts.c.id, contexts.c.ags, contexts.c.nrps_url).where(where)).first()
        if row is None:
            return int(conn.execute(contexts.insert().values(**key, **values)).inserted_primary_key[0])
        values["ags"] = values["ags"] or row.ags  # a launch without the claim keeps what was known
        values["nrps_url"] = values["nrps_url"] or row.nrps_url
        conn.execute(contexts.update().where(contexts.c.id == row.id).values(**values))
        return int(row.id)


def add_member(conn: sa.Connection, course: int, sub: str, student_id: str) -> None:
    key = (members.c.context == course) & (members.c.sub == sub)
    values = {"student_id": student_id, "updated_at": time.time()}
    if conn.execute(members.update().where(key).values(**values)).rowcount == 0:
        conn.execute(members.insert().values(context=course, sub=sub, **values))


def listed(conn: sa.Connection) -> list[Course]:
    """Every course seen in a launch, oldest first, on the caller's connection."""
    return [course_of(r) for r in conn.execute(sa.select(contexts).order_by(contexts.c.id))]


def all_courses(service: HoldsDatabase) -> list[Course]:
    with service.engine.connect() as conn:
        return listed(conn)


def record_unmatched(service: HoldsDatabase, issuer: str, who: Any, reason: str) -> None:
    detail = {"lms_id": who.lms_id, "sis_login_id": who.sis_login_id, "reason": reason}
    with service.engine.begin() as conn:
        conn.execute(
            unmatched.insert().values(
                issuer=issuer, sub=who.sub, name=who.name, email=who.email,
                detail=json.dumps(detail, ensure_ascii=False), at=time.time(),
            )
        )  # fmt: skip
