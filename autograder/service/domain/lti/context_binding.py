"""Which LMS courses (contexts) are this service's course: bound explicitly, never by a launch.

A launch proves who the LMS says the user is in *some* LMS course; it does not say that course is
this one. So an LMS context, named by (platform issuer, deployment id, context id), gives rights
here only once an admin binds it (`jaxgrade lti bind-context`). A launch from an unbound context
is refused with a page that prints the command; roster sync (NRPS) and the score outbox (AGS)
touch bound contexts only, so one course's grades never reach another course's gradebook.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from autograder.service.domain.course.service_database import HoldsDatabase
from autograder.service.domain.lti.courses import Course, listed
from autograder.service.storage.lti_tables import bindings, contexts

CONTEXT = "https://purl.imsglobal.org/spec/lti/claim/context"
DEPLOYMENT = "https://purl.imsglobal.org/spec/lti/claim/deployment_id"
MAX_PART_CHARS = 255


@dataclass(frozen=True)
class ContextKey:
    issuer: str
    deployment_id: str
    context_id: str


def key_of(claims: Mapping[str, Any]) -> ContextKey | None:
    """The launch's context, or None when it names none (a launch outside any course)."""
    context = claims.get(CONTEXT)
    if not isinstance(context, dict) or not context.get("id"):
        return None
    return ContextKey(str(claims.get("iss", "")), str(claims.get(DEPLOYMENT, "")), str(context["id"]))


def _where(key: ContextKey) -> sa.ColumnElement[bool]:
    c = bindings.c
    return sa.and_(
        c.issuer == key.issuer, c.deployment_id == key.deployment_id, c.context_id == key.context_id
    )


def bind(engine: sa.Engine, key: ContextKey, by: str) -> bool:
    """Bind the context (True), or find it bound already (False)."""
    for part in (key.issuer, key.deployment_id, key.context_id):
        if not part or len(part) > MAX_PART_CHARS:
            raise ValueError(f"issuer, deployment id and context id must be 1-{MAX_PART_CHARS} characters")
    with engine.begin() as conn:
        if conn.execute(sa.select(bindings.c.id).where(_where(key))).first() is not None:
            return False
        conn.execute(bindings.insert().values(**key.__dict__, bound_by=by[:128], bound_at=time.time()))
    return True


def unbind(engine: sa.Engine, key: ContextKey) -> bool:
    with engine.begin() as conn:
        return conn.execute(bindings.delete().where(_where(key))).rowcount == 1


def is_bound(service: HoldsDatabase, key: ContextKey) -> bool:
    with service.engine.connect() as conn:
        return conn.execute(sa.select(bindings.c.id).where(_where(key))).first() is not None


def bound_keys(engine: sa.Engine) -> list[ContextKey]:
    with engine.connect() as conn:
        rows = conn.execute(sa.select(bindings).order_by(bindings.c.id)).all()
    return [ContextKey(r.issuer, r.deployment_id, r.context_id) for r in rows]


def context_is_bound() -> sa.ColumnElement[bool]:
    """A condition on `lti_contexts` rows: this remembered course is bound (for queries that join it)."""
    c = bindings.c
    return sa.exists().where(
        c.issuer == contexts.c.issuer,
        c.deployment_id == contexts.c.deployment_id,
        c.context_id == contexts.c.context_id,
    )


def bound_courses(engine: sa.Engine) -> list[Course]:
    """The remembered LMS courses that are bound (roster sync and the outbox work on these only)."""
    bound = set(bound_keys(engine))
    with engine.connect() as conn:
        courses = listed(conn)
    return [c for c in courses if ContextKey(c.issuer, c.deployment_id, c.context_id) in bound]
