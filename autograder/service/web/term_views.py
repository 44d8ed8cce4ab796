"""What the students' pages say about a term's assignments (Simplified Chinese): the counted score
with its late penalty, or when grades will show; the counting rule; one row of the term's home page.

Plain functions over `Service`; the pages (pages.py) render them. Nothing here shows a score that
`grade_release` hides.
"""

from __future__ import annotations

from dataclasses import dataclass

from autograder.grade.reports import format_score
from autograder.i18n import _
from autograder.service.domain.core import Refusal, Service
from autograder.service.domain.gradebook.score_parts import ScoreParts
from autograder.term.course import Assignment


@dataclass(frozen=True)
class PartRow:
    label: str  # e.g. "练习(含助教调整)"
    points: str  # "—" while unknown
    max_points: str  # "" for a row without a maximum (the late factor)
    key: str  # a stable name for tests and styles: exercises, choice, written, override, late, final


@dataclass(frozen=True)
class ScoreLine:
    text: str  # e.g. "计分的提交:原始分 30.00,迟交扣分 3.00,最终得分 27.00 / 40.00"
    hidden: bool  # True: grades are not shown yet (text says when they will be)
    parts: tuple[PartRow, ...] = ()  # the final total's parts, each beside its maximum (empty: hidden)


def _parts_rows(p: ScoreParts) -> tuple[PartRow, ...]:
    """The final total beside its parts: exercises, the quiz's choice and written points, a total
    override, the late factor, the final total over a maximum that includes the quiz."""
    num = format_score
    rows = [PartRow(_("练习(含助教调整)"), "—" if p.exercises is None else num(p.exercises),
                    num(p.exercises_max), "exercises")]  # fmt: skip
    if p.quiz_on:
        pending = _("(还有 {n} 道问答题未批改)").format(n=p.quiz_pending) if p.quiz_pending else ""
        rows.append(PartRow(_("测验选择题"), num(p.choice or 0.0), num(p.choice_max), "choice"))
        rows.append(PartRow(_("测验问答题") + pending, num(p.written or 0.0), num(p.written_max), "written"))
    if p.override_total is not None:
        label = _("助教调整的练习总分(替代练习得分和迟交扣分)")
        rows.append(PartRow(label, num(p.override_total), "", "override"))
    late = _("迟交系数 ×{factor:g}").format(factor=p.factor)
    rows.append(PartRow(late, "−" + num(p.late_penalty or 0.0), "", "late"))
    final = "—" if p.final_total is None else num(p.final_total)
    rows.append(PartRow(_("最终得分"), final, num(p.max_total), "final"))
    return tuple(rows)


def score_line(service: Service, assignment: Assignment, student_id: str) -> ScoreLine | None:
    """The counted score as the student may see it now (None: no attempt yet), with its parts: every
    number is the ledger's record (`score_parts.py`), none computed here."""
    counted = service.exports.counted_score(assignment.id, student_id)
    if counted.row is None:
        return None
    visibility = service.grade_release.of(student_id, assignment.id)
    if not visibility.visible:
        return ScoreLine(service.grade_release.note(visibility, graded=counted.row.status == "graded"), True)
    p = service.exports.ledger.parts(counted.record)
    if p.final_total is None:
        return ScoreLine(_("计分的提交还在评分中。"), False)
    if p.quiz_on:
        raw = (p.exercises or 0.0) + (p.quiz_raw or 0.0)
        text = _("原始分 {raw}(练习 {exercises},测验 {quiz}),迟交扣分 {penalty},").format(
            raw=format_score(raw), exercises=format_score(p.exercises or 0.0),
            quiz=format_score(p.quiz_raw or 0.0), penalty=format_score(p.late_penalty or 0.0),
        )  # fmt: skip
    else:
        raw_text = format_score(p.exercises) if p.exercises is not None else "—"
        text = _("原始分 {raw},迟交扣分 {penalty},").format(
            raw=raw_text, penalty=format_score(p.late_penalty or 0.0)
        )
    text += _("最终得分 {final} / {max_total}").format(
        final=format_score(p.final_total), max_total=format_score(p.max_total)
    )
    if p.override_total is not None:
        text += _("(助教调整后的成绩)")
    return ScoreLine(text, False, _parts_rows(p))


def counted_rule(assignment: Assignment) -> str:
    """How the counted attempt is chosen, for the upload form's hint."""
    which = _("最后一次提交") if assignment.counting == "last" else _("得分最高的一次提交")
    if assignment.late_policy is not None:
        return which + _("(迟交按迟交规则扣分)")
    return (_("截止前") if assignment.due_at is not None else "") + which


def late_rule(assignment: Assignment) -> str:
    """The late schedule in words ("迟交 1s 起 ×0.9;24h 起 ×0.8;72h 起 ×0")."""
    if assignment.late_policy is None:
        return ""
    steps = [s for s in assignment.late_policy.steps if s.after_s > 0]
    return _("迟交:") + ";".join(
        _("超过 {after} 得分 ×{factor:g}").format(after=s.after, factor=s.factor) for s in steps
    )


@dataclass(frozen=True)
class AssignmentRow:
    id: str
    title: str
    due: str
    late_until: str
    extended_from: str  # the assignment's own due-at when this student has an extension, else ""
    open_text: str  # "可以提交" or why not
    late_rule: str
    score: ScoreLine | None
    attempts: int


def assignment_row(service: Service, assignment: Assignment, student_id: str) -> AssignmentRow:
    deadlines = service.counting.deadlines(student_id, assignment.id)
    try:
        service.intake.check_upload_allowed(student_id, assignment.id)
        open_text = _("可以提交")
    except Refusal as refusal:
        open_text = refusal.message_zh
    when = service.counting.local_time
    extended = (deadlines.due_at, deadlines.late_until) != (assignment.due_at, assignment.late_until)
    own_due = when(assignment.due_at) if assignment.due_at is not None else _("无")
    return AssignmentRow(
        id=assignment.id,
        title=assignment.title,
        due=when(deadlines.due_at) if deadlines.due_at is not None else _("无"),
        late_until=when(deadlines.late_until) if deadlines.late_until is not None else "",
        extended_from=own_due if extended else "",
        open_text=open_text,
        late_rule=late_rule(assignment),
        score=score_line(service, assignment, student_id),
        attempts=len(service.attempt_reads.attempts(student_id, assignment.id)),
    )
