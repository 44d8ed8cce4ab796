"""The review section's view data, shared by the student's home page (`pages.py`) and the review
pages (`review_pages.py`): a grade's rows with overrides, request threads and audit entries in
Simplified Chinese. No routes; it imports neither of those page modules.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any
from urllib.parse import quote

from autograder.i18n import _
from autograder.messages import AUDIT_ACTION_ZH, AUDIT_VALUE_ZH, OVERRIDE_TOTAL_ZH, REQUEST_STATUS_ZH
from autograder.service.domain.core import Service
from autograder.service.domain.course import audit
from autograder.service.domain.course.course_clock import CourseClock
from autograder.service.domain.entry import review_page_queries
from autograder.service.domain.gradebook import overrides
from autograder.service.domain.review import grade_review, regrade_requests
from autograder.service.web import term_views


def when(t: float, clock: CourseClock | None = None) -> str:
    """A time in the course's time zone, named (UTC without a clock)."""
    if clock is not None:
        return clock.show(t)
    return datetime.fromtimestamp(t, UTC).strftime("%Y-%m-%d %H:%M UTC")


def points_text(x: float | None) -> str:
    return "—" if x is None else f"{x:g}"


def grade_rows(grade: grade_review.StudentGrade) -> list[dict[str, Any]]:
    raw = grade.attempt.exercises if grade.graded and grade.attempt else {}
    rows = []
    for ex, top in grade.max_points.items():
        entry = next((e for e in grade.override.entries if e.target == ex), None) if grade.override else None
        rows.append(
            {
                "exercise": ex,
                "raw": points_text(raw.get(ex)) if grade.graded else "—",
                "score": points_text(grade.applied.exercises.get(ex)) if grade.graded or entry else "—",
                "max": f"{top:g}",
                "override": entry,
            }
        )
    return rows


def grade_context(grade: grade_review.StudentGrade) -> dict[str, Any]:
    total_entry = (
        next((e for e in grade.override.entries if e.target == overrides.TOTAL), None)
        if grade.override
        else None
    )
    return {
        "grade": grade,
        "grade_rows": grade_rows(grade),
        "total_text": points_text(grade.applied.total),
        "raw_total_text": points_text(grade.attempt.score if grade.graded and grade.attempt else None),
        "max_total_text": f"{grade.max_total:g}",
        # the table's rows are the exercises: their sum's maximum (the quiz's are in `parts`)
        "exercises_max_text": f"{sum(grade.max_points.values()):g}",
        "total_override": total_entry,
    }


# ---- the student's section of the home page ------------------------------------------------------


def _actor_zh(actor: str, student_id: str) -> str:
    if actor == audit.student_actor(student_id):
        return _("你")
    if actor == audit.SYSTEM:
        return _("系统")
    return _("助教 {actor}").format(actor=actor)


def _value_zh(value: Any) -> str:
    if value is None:
        return "—"
    if isinstance(value, dict):
        if "requeued" in value:
            return _("{requeued} 次提交重新排队评分").format(requeued=value["requeued"])
        if "files" in value:
            return (
                _("文件:")
                + _("、").join(map(str, value["files"]))
                + (_("(迟交)") if value.get("late") else "")
            )
        if "score" in value:
            return (
                _("{score:g} 分").format(score=value["score"])
                if isinstance(value["score"], int | float)
                else "—"
            )
        if "question" in value:  # a quiz answer's grading, or a rubric item's points
            if value.get("graded") is False or not isinstance(value.get("points"), int | float):
                return _("{question}:未评分").format(question=value["question"])
            return _("{question}:{points:g} 分").format(question=value["question"], points=value["points"])
        if "points" in value:
            target = _(OVERRIDE_TOTAL_ZH) if value.get("target") == overrides.TOTAL else value.get("target")
            return _("{target}:{points:g} 分").format(target=target, points=value["points"])
        if "due_at" in value:
            return _("截止 {due_at}").format(due_at=value["due_at"]) + (
                _(",迟交截止 {late_until}").format(late_until=value["late_until"])
                if value.get("late_until")
                else ""
            )
        if "status" in value:
            return _("评分系统故障") if value["status"] == "grader_error" else str(value["status"])
    if isinstance(value, str) and value in AUDIT_VALUE_ZH:
        return _(AUDIT_VALUE_ZH[value])
    if isinstance(value, list):
        return _("{len} 次提交").format(len=len(value))
    return json.dumps(value, ensure_ascii=False)[:200]


def audit_rows_zh(
    entries: list[audit.Entry], student_id: str, clock: CourseClock | None = None
) -> list[dict[str, str]]:
    return [
        {
            "at": when(e.at, clock),
            "action": _(AUDIT_ACTION_ZH[e.action]) if e.action in AUDIT_ACTION_ZH else e.action,
            "actor": _actor_zh(e.actor, student_id),
            "attempt": "" if e.attempt_id is None else str(e.attempt_id),
            "old": _value_zh(e.old),
            "new": _value_zh(e.new),
        }
        for e in reversed(entries)  # newest first
    ]


def thread_view(
    r: regrade_requests.Request, student_id: str | None = None, clock: CourseClock | None = None
) -> dict[str, Any]:
    def who(author: str) -> str:
        if student_id is None:
            return author
        return (
            _("你") if author == audit.student_actor(student_id) else _("助教 {author}").format(author=author)
        )

    return {
        "item": r,
        "status_zh": _(REQUEST_STATUS_ZH[r.status]) if r.status in REQUEST_STATUS_ZH else r.status,
        "created": when(r.created_at, clock),
        "messages": [
            {"who": who(m.author), "from_student": m.from_student, "body": m.body, "at": when(m.at, clock)}
            for m in r.messages
        ],
    }


def assignment_query(service: Service, assignment_id: str) -> str:
    """`?assignment=ID` for any assignment but the first (whose pages keep their plain paths)."""
    return "" if assignment_id == service.assignment.id else "?assignment=" + quote(assignment_id, safe="")


def _parts(service: Service, assignment_id: str, student_id: str) -> tuple[term_views.PartRow, ...]:
    """The rows below the exercises that make the final total (the quiz, the late factor, the final
    total over its maximum): empty while the grade is hidden or nothing counts."""
    assignment = service.assignments.get(assignment_id)
    line = None if assignment is None else term_views.score_line(service, assignment, student_id)
    return () if line is None else tuple(r for r in line.parts if r.key != "exercises")


def student_section(service: Service, student_id: str, assignment_id: str | None = None) -> dict[str, Any]:
    """What the home page (or an assignment's page) shows under「成绩与复核」(`pages.home_page` adds it)."""
    aid = assignment_id or service.assignment.id
    grade = grade_review.student_grade(service, aid, student_id, for_student=True)
    mine = review_page_queries.request_threads(
        service, student_id=student_id, assignment_id=grade.assignment_id
    )
    return {
        "review": {
            **grade_context(grade),
            "parts": _parts(service, aid, student_id),
            "requests": [thread_view(r, student_id, service.course_clock) for r in mine],
            "audit": audit_rows_zh(
                grade_review.student_audit(service, student_id), student_id, service.course_clock
            ),
            "can_request": grade.graded,
            "max_message": regrade_requests.MAX_MESSAGE_CHARS,
            "assignment_query": assignment_query(service, aid),
        }
    }
