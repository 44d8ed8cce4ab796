"""The audit log as a TA reads it: anonymous grading stays anonymous until names are shown.

A written quiz answer is graded on an anonymous page; its audit entries (`rubric_grade` by a TA,
and the per-student `rubric_item` re-scores) still say whose answer it was, since a student reads
their own log. A TA's audit views (`/ta/audit`, its CSV, `/api/audit`, a student's page) leave
the student and the attempt out of those entries, unless the TA asked to see the names: that
request is itself an entry (`names_shown`, detail `REVEAL_DETAIL`) and lasts `NAMES_FOR_S`.
With a student filter and no reveal, those entries are left out (the filter would name them).

    for_ta(service, ta, now, student_id=None) -> AuditView
    show_names(service, ta, now)  the audited reveal

The grading page's own reveal (one question's answers, "Show names") is the same kind of entry,
per assignment and question: `show_question_names`, `question_names_shown`.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import sqlalchemy as sa

from autograder.service.domain.course import audit
from autograder.service.domain.course.service_database import HoldsDatabase
from autograder.service.storage import db

NAMES_FOR_S = 3600.0  # a reveal lasts this long for the TA who asked (as on the grading page)
REVEAL_DETAIL = "audit log: the students of anonymous grading shown"
ANONYMOUS_ACTIONS = frozenset({"rubric_grade", "rubric_item"})


@dataclass(frozen=True)
class AuditView:
    entries: tuple[audit.Entry, ...]
    names: bool  # the TA's reveal runs: every entry as written
    hidden: int  # entries whose student and attempt are left out (or, filtered, entries left out)


def anonymous(entry: audit.Entry) -> bool:
    """An entry of a TA's anonymous grading that names a student."""
    return entry.action in ANONYMOUS_ACTIONS and entry.student_id is not None and entry.actor != audit.SYSTEM


def _revealed(engine: sa.Engine, ta: str, detail: str, assignment_id: str | None, now: float) -> bool:
    a = db.audit_log.c
    where = [a.actor == ta, a.action == "names_shown", a.detail == detail]
    if assignment_id is not None:
        where.append(a.assignment_id == assignment_id)
    with engine.connect() as conn:
        last = conn.execute(sa.select(sa.func.max(a.at)).where(*where)).scalar_one()
    return last is not None and now - last < NAMES_FOR_S


def _reveal(
    engine: sa.Engine, ta: str, detail: str, assignment_id: str | None, new: object, now: float
) -> None:
    with engine.begin() as conn:
        audit.record(
            conn,
            actor=ta,
            action="names_shown",
            assignment_id=assignment_id,
            student_id=None,
            detail=detail,
            old=None,
            new=new,
            at=now,
        )


def names_shown(service: HoldsDatabase, ta: str, now: float) -> bool:
    """True while the TA's last audited reveal of the audit log's names is younger than NAMES_FOR_S."""
    return _revealed(service.engine, ta, REVEAL_DETAIL, None, now)


def show_names(service: HoldsDatabase, ta: str, now: float) -> None:
    """The TA sees the students of anonymous grading in the audit views from now on (audited)."""
    _reveal(service.engine, ta, REVEAL_DETAIL, None, {"audit": True}, now)


def question_reveal_detail(qid: str) -> str:
    return f"{qid}: student names shown on the grading page"


def question_names_shown(service: HoldsDatabase, ta: str, assignment_id: str, qid: str, now: float) -> bool:
    """True while the TA's last reveal of the question's names on its grading page is younger than
    NAMES_FOR_S."""
    return _revealed(service.engine, ta, question_reveal_detail(qid), assignment_id, now)


def show_question_names(service: HoldsDatabase, ta: str, assignment_id: str, qid: str, now: float) -> None:
    """The grading page of the question shows the TA the students' names from now on (audited)."""
    _reveal(service.engine, ta, question_reveal_detail(qid), assignment_id, {"question": qid}, now)


def for_ta(service: HoldsDatabase, ta: str, now: float, student_id: str | None = None) -> AuditView:
    """The entries (oldest first) as the TA may read them now."""
    found = audit.entries(service.engine, student_id=student_id)
    if names_shown(service, ta, now):
        return AuditView(tuple(found), True, 0)
    if student_id is not None:
        kept = tuple(e for e in found if not anonymous(e))
        return AuditView(kept, False, len(found) - len(kept))
    out = tuple(
        dataclasses.replace(e, student_id=None, attempt_id=None) if anonymous(e) else e for e in found
    )
    return AuditView(out, False, sum(1 for e in found if anonymous(e)))


__all__ = [
    "question_names_shown",
    "question_reveal_detail",
    "show_question_names",
    "ANONYMOUS_ACTIONS",
    "NAMES_FOR_S",
    "REVEAL_DETAIL",
    "AuditView",
    "anonymous",
    "for_ta",
    "names_shown",
    "show_names",
]
