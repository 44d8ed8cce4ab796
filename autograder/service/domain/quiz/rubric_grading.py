"""Rubric grading of written quiz answers (issue 29): items, their application, comments, leases.

A written answer's points are computed, never stored: the sum of the points of the rubric items a TA
applied to it, clamped to 0 .. the question's points. So editing an item's points re-scores every
answer it was applied to at once; `edit_item` audits the change and, per student, the question's
points before and after. An answer counts as graded once a TA graded it (a `rubric_gradings` row,
written by the first item applied, by "no item applies" or by a comment); until then it is pending,
and the ledger marks the student's grade incomplete.

Every change is made in the caller's transaction and audited there (`audit.py`), with the TA's name:

    toggle(conn, answer, item_id, ta, now)      apply / remove one item (and grade the answer)
    grade_none(conn, answer, ta, now)           graded, no item applies (0 unless items are negative)
    set_comment(conn, answer, comment, ta, now) the free comment the student sees after release
    apply_to_group(conn, answer, others, ta, now)  copy this answer's items and comment to its group
    edit_item(conn, item_id, points, description, ta, now) -> the students re-scored
    delete_item(conn, item_id, ta, now)         -> the students re-scored (the item and its marks go)
    add_item(conn, assignment_id, question, points, description, ta, now)

Two TAs never grade one answer at once: `take_lease` gives the answer to one TA for LEASE_S seconds
(renewed while they work on it); a change by another TA while the lease runs is refused
(`LeaseHeld`). Order: each TA sees a question's answers in their own shuffled order
(`order_for`, a sha256 of TA, question and answer id: deterministic per TA, different between TAs,
and telling nothing about who wrote an answer).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import sqlalchemy as sa

from autograder.quiz.key import QuizQuestion
from autograder.service.domain.course import audit
from autograder.service.domain.quiz.stored_answer import StoredAnswer
from autograder.service.storage import quiz_tables as qt

LEASE_S = 600.0  # a TA keeps an answer this long after their last look at it
MAX_COMMENT_CHARS = 4000
MAX_DESCRIPTION_CHARS = 500
MAX_ITEM_POINTS = 100.0


class LeaseHeld(Exception):
    """Another TA holds the answer's lease (their name in `holder`)."""

    def __init__(self, holder: str):
        super().__init__(f"another TA ({holder}) is grading this answer")
        self.holder = holder


class RubricRefused(ValueError):
    """A rubric change that is refused (the message says why, in English, for the TA)."""


class UngradedGroupSource(RubricRefused):
    """Grading a group from an answer nobody graded: there is no grade to give the group, and copying
    "no grade" would wipe the grades of the group's graded answers (other students' points)."""

    def __init__(self) -> None:
        super().__init__(
            "this answer is not graded yet: grade it first (an item, or 0 for no item applies), "
            "then g gives its group the same grade; nothing was changed"
        )


@dataclass(frozen=True)
class Item:
    id: int
    position: int  # 1, 2, ...: its digit key on the grading page
    points: float  # + credit, - deduction
    description: str
    key_item: str  # the quiz key's item id ("" for an item a TA added)


@dataclass(frozen=True)
class Grading:
    """A TA's grade of one written answer."""

    answer_id: int
    applied: frozenset[int]  # rubric item ids
    comment: str
    graded_by: str
    graded_at: float


@dataclass(frozen=True)
class Progress:
    total: int
    graded: int
    by_ta: dict[str, int] = field(default_factory=dict)  # TA name -> answers they graded

    @property
    def pending(self) -> int:
        return self.total - self.graded


def points_of(applied: Iterable[Item], max_points: float) -> float:
    """An answer's points from the items applied to it: their sum, clamped to 0 .. max_points."""
    return max(0.0, min(float(max_points), sum(i.points for i in applied)))


# ---- the rubric -----------------------------------------------------------------------------------


def ensure_items(
    conn: sa.Connection, assignment_id: str, question: QuizQuestion, ta: str, now: float
) -> None:
    """The question's rubric for the assignment, seeded from the release's key the first time."""
    r = qt.rubric_items.c
    have = conn.execute(
        sa.select(sa.func.count()).where(r.assignment_id == assignment_id, r.question == question.id)
    ).scalar_one()
    if have:
        return
    for position, item in enumerate(question.rubric, start=1):
        conn.execute(
            qt.rubric_items.insert().values(
                assignment_id=assignment_id,
                question=question.id,
                position=position,
                points=item.points,
                description=item.description,
                key_item=item.id,
                updated_by=ta,
                updated_at=now,
            )
        )


def items(conn: sa.Connection, assignment_id: str, question: str) -> list[Item]:
    r = qt.rubric_items.c
    rows = conn.execute(
        sa.select(qt.rubric_items)
        .where(r.assignment_id == assignment_id, r.question == question)
        .order_by(r.position)
    ).all()
    return [Item(x.id, x.position, x.points, x.description, x.key_item) for x in rows]


def items_by_id(conn: sa.Connection, item_ids: Iterable[int]) -> dict[int, Item]:
    ids = list(set(item_ids))
    if not ids:
        return {}
    r = qt.rubric_items.c
    rows = conn.execute(sa.select(qt.rubric_items).where(r.id.in_(ids))).all()
    return {x.id: Item(x.id, x.position, x.points, x.description, x.key_item) for x in rows}


def _checked_points(points: float) -> float:
    if not isinstance(points, int | float) or points != points or abs(points) > MAX_ITEM_POINTS:
        raise RubricRefused(
            f"an item's points must be a number between -{MAX_ITEM_POINTS:g} and {MAX_ITEM_POINTS:g}"
        )
    return float(points)


def _checked_description(description: str) -> str:
    text = description.strip()
    if not text or len(text) > MAX_DESCRIPTION_CHARS:
        raise RubricRefused(f"an item needs a description of 1..{MAX_DESCRIPTION_CHARS} characters")
    return text


def add_item(
    conn: sa.Connection,
    assignment_id: str,
    question: str,
    points: float,
    description: str,
    ta: str,
    now: float,
) -> Item:
    r = qt.rubric_items.c
    points, description = _checked_points(points), _checked_description(description)
    last = conn.execute(
        sa.select(sa.func.max(r.position)).where(r.assignment_id == assignment_id, r.question == question)
    ).scalar_one()
    position = int(last or 0) + 1
    new_id = conn.execute(
        qt.rubric_items.insert().values(
            assignment_id=assignment_id,
            question=question,
            position=position,
            points=points,
            description=description,
            key_item="",
            updated_by=ta,
            updated_at=now,
        )
    ).inserted_primary_key[0]
    audit.record(
        conn,
        actor=ta,
        action="rubric_item",
        assignment_id=assignment_id,
        student_id=None,
        detail=f"{question}: rubric item {position} added",
        old=None,
        new={"question": question, "position": position, "points": points, "description": description},
        at=now,
    )
    return Item(int(new_id), position, points, description, "")


def edit_item(
    conn: sa.Connection, item_id: int, points: float, description: str, ta: str, now: float
) -> list[str]:
    """Change an item's points and description; every answer it was applied to is re-scored (its
    points are computed from the items). Audited once for the item and once per student whose
    question points changed (old and new points). Returns those students' ids."""
    r = qt.rubric_items.c
    row = conn.execute(sa.select(qt.rubric_items).where(r.id == item_id)).one_or_none()
    if row is None:
        raise RubricRefused("no such rubric item")
    points, description = _checked_points(points), _checked_description(description)
    if points == row.points and description == row.description:
        return []
    affected = _answers_with_item(conn, item_id)
    before = {a.id: _answer_points(conn, a) for a in affected}
    conn.execute(
        qt.rubric_items.update()
        .where(r.id == item_id)
        .values(points=points, description=description, updated_by=ta, updated_at=now)
    )
    audit.record(
        conn,
        actor=ta,
        action="rubric_item",
        assignment_id=row.assignment_id,
        student_id=None,
        detail=f"{row.question}: rubric item {row.position} edited ({len(affected)} answers carry it)",
        old={
            "question": row.question,
            "position": row.position,
            "points": row.points,
            "description": row.description,
        },
        new={
            "question": row.question,
            "position": row.position,
            "points": points,
            "description": description,
        },
        at=now,
    )
    return _audit_rescored(conn, row, affected, before, f"the edit of rubric item {row.position}", ta, now)


def item_carriers(conn: sa.Connection, item_id: int) -> tuple[int, int]:
    """How many answers carry the item, and of how many students (what deleting it re-scores)."""
    affected = _answers_with_item(conn, item_id)
    return len(affected), len({a.student_id for a in affected})


def delete_item(conn: sa.Connection, item_id: int, ta: str, now: float) -> list[str]:
    """Delete the item: its row and every application of it (`rubric_marks`) go, and each answer that
    carried it is re-scored from the items it keeps (it stays graded: a TA graded it, and an answer
    whose only item this was has 0 points, as "no item applies"). Deleted, not retired: nothing keeps
    the item's id as history. The audit log holds snapshots (position, points, description), written
    here before the row goes; a line comment's link shows "item deleted" once the row is absent
    (line_comment_links.py). The other items keep their positions (their digit keys, and the "item N"
    of earlier audit entries, stay true). Audited once for the item and once per student whose
    question points changed. Returns those students' ids."""
    r, m = qt.rubric_items.c, qt.rubric_marks.c
    row = conn.execute(sa.select(qt.rubric_items).where(r.id == item_id)).one_or_none()
    if row is None:
        raise RubricRefused("no such rubric item")
    affected = _answers_with_item(conn, item_id)
    before = {a.id: _answer_points(conn, a) for a in affected}
    conn.execute(qt.rubric_marks.delete().where(m.item_id == item_id))
    conn.execute(qt.rubric_items.delete().where(r.id == item_id))
    snapshot = {"question": row.question, "position": row.position, "points": row.points,
                "description": row.description}  # fmt: skip
    audit.record(
        conn,
        actor=ta,
        action="rubric_item",
        assignment_id=row.assignment_id,
        student_id=None,
        detail=f"{row.question}: rubric item {row.position} deleted ({len(affected)} answers carried it)",
        old=snapshot,
        new=None,
        at=now,
    )
    return _audit_rescored(
        conn, row, affected, before, f"the deletion of rubric item {row.position}", ta, now
    )


# ---- answers and their grades ---------------------------------------------------------------------


@dataclass(frozen=True)
class _AnswerRef:
    id: int
    attempt_id: int
    student_id: str
    assignment_id: str
    question: str
    max_points: float


def _ref(conn: sa.Connection, answer_id: int) -> _AnswerRef:
    a = qt.quiz_answers.c
    row = conn.execute(
        sa.select(a.id, a.attempt_id, a.student_id, a.assignment_id, a.question, a.max_points, a.kind).where(
            a.id == answer_id
        )
    ).one_or_none()
    if row is None or row.kind != "written":
        raise RubricRefused("no such written answer")
    return _AnswerRef(row.id, row.attempt_id, row.student_id, row.assignment_id, row.question, row.max_points)


def _answers_with_item(conn: sa.Connection, item_id: int) -> list[_AnswerRef]:
    m = qt.rubric_marks.c
    ids = [r.answer_id for r in conn.execute(sa.select(m.answer_id).where(m.item_id == item_id))]
    return [_ref(conn, i) for i in sorted(ids)]


def _audit_rescored(
    conn: sa.Connection,
    item: sa.Row,
    affected: Sequence[_AnswerRef],
    before: dict[int, float | None],
    cause: str,
    ta: str,
    now: float,
) -> list[str]:
    """Audit each answer whose points moved (old and new points, "re-scored by <cause>"); returns its
    students' ids."""
    changed: list[str] = []
    for answer in affected:
        after = _answer_points(conn, answer)
        if after == before[answer.id]:
            continue
        changed.append(answer.student_id)
        audit.record(
            conn,
            actor=ta,
            action="rubric_item",
            assignment_id=item.assignment_id,
            student_id=answer.student_id,
            attempt_id=answer.attempt_id,
            detail=f"{item.question}: re-scored by {cause}",
            old={"question": item.question, "points": before[answer.id]},
            new={"question": item.question, "points": after},
            at=now,
        )
    return sorted(set(changed))


def gradings(conn: sa.Connection, answer_ids: Sequence[int]) -> dict[int, Grading]:
    """The graded answers among these, with the items applied to each."""
    if not answer_ids:
        return {}
    g, m = qt.rubric_gradings.c, qt.rubric_marks.c
    ids = list(answer_ids)
    applied: dict[int, set[int]] = {}
    for r in conn.execute(sa.select(m.answer_id, m.item_id).where(m.answer_id.in_(ids))):
        applied.setdefault(r.answer_id, set()).add(r.item_id)
    return {
        r.answer_id: Grading(
            r.answer_id, frozenset(applied.get(r.answer_id, ())), r.comment, r.graded_by, r.graded_at
        )
        for r in conn.execute(sa.select(qt.rubric_gradings).where(g.answer_id.in_(ids)))
    }


def written_points(conn: sa.Connection, answers: Sequence[StoredAnswer]) -> dict[int, float]:
    """The points of the graded written answers among these (answer id -> points)."""
    graded = gradings(conn, [a.id for a in answers if a.kind == "written"])
    by_id = items_by_id(conn, (i for g in graded.values() for i in g.applied))
    return {
        a.id: points_of((by_id[i] for i in graded[a.id].applied if i in by_id), a.max_points)
        for a in answers
        if a.id in graded
    }


def _answer_points(conn: sa.Connection, answer: _AnswerRef) -> float | None:
    g = gradings(conn, [answer.id]).get(answer.id)
    if g is None:
        return None
    return points_of(items_by_id(conn, g.applied).values(), answer.max_points)


def answer_points(conn: sa.Connection, answer_id: int) -> float | None:
    """A written answer's points now (None: not graded)."""
    return _answer_points(conn, _ref(conn, answer_id))


def answer_student(conn: sa.Connection, answer_id: int) -> str:
    """The student who wrote the written answer."""
    return _ref(conn, answer_id).student_id


def _snapshot(conn: sa.Connection, answer: _AnswerRef) -> dict[str, object]:
    g = gradings(conn, [answer.id]).get(answer.id)
    if g is None:
        return {"question": answer.question, "graded": False}
    by_id = items_by_id(conn, g.applied)
    return {
        "question": answer.question,
        "graded": True,
        "items": sorted(by_id[i].position for i in g.applied if i in by_id),
        "points": points_of(by_id.values(), answer.max_points),
        "comment": g.comment,
    }


def _change(conn: sa.Connection, answer: _AnswerRef, ta: str, now: float, detail: str, apply: object) -> None:
    """Run `apply()` on the answer under the TA's lease, grade it, and audit old -> new."""
    _require_lease(conn, answer.id, ta, now)
    old = _snapshot(conn, answer)
    apply()  # type: ignore[operator]
    g = qt.rubric_gradings.c
    if conn.execute(sa.select(g.answer_id).where(g.answer_id == answer.id)).one_or_none() is None:
        conn.execute(
            qt.rubric_gradings.insert().values(answer_id=answer.id, comment="", graded_by=ta, graded_at=now)
        )
    else:
        conn.execute(
            qt.rubric_gradings.update().where(g.answer_id == answer.id).values(graded_by=ta, graded_at=now)
        )
    new = _snapshot(conn, answer)
    if new != old:
        audit.record(
            conn,
            actor=ta,
            action="rubric_grade",
            assignment_id=answer.assignment_id,
            student_id=answer.student_id,
            attempt_id=answer.attempt_id,
            detail=f"{answer.question}: {detail}",
            old=old if old.get("graded") else None,
            new=new,
            at=now,
        )


def toggle(conn: sa.Connection, answer_id: int, item_id: int, ta: str, now: float) -> bool:
    """Apply the item to the answer, or remove it if applied; returns whether it is applied now."""
    answer = _ref(conn, answer_id)
    item = items_by_id(conn, [item_id]).get(item_id)
    known = {i.id for i in items(conn, answer.assignment_id, answer.question)}
    if item is None or item_id not in known:
        raise RubricRefused("no such rubric item for this question")
    m = qt.rubric_marks.c
    on = conn.execute(
        sa.select(m.item_id).where(m.answer_id == answer_id, m.item_id == item_id)
    ).one_or_none()

    def apply() -> None:
        if on is None:
            conn.execute(
                qt.rubric_marks.insert().values(
                    answer_id=answer_id, item_id=item_id, applied_by=ta, applied_at=now
                )
            )
        else:
            conn.execute(qt.rubric_marks.delete().where(m.answer_id == answer_id, m.item_id == item_id))

    verb = "removed" if on is not None else "applied"
    _change(conn, answer, ta, now, f"rubric item {item.position} {verb}", apply)
    return on is None


def grade_none(conn: sa.Connection, answer_id: int, ta: str, now: float) -> None:
    """The answer is graded and no item applies (items applied before are removed)."""
    answer = _ref(conn, answer_id)
    m = qt.rubric_marks.c
    _change(
        conn,
        answer,
        ta,
        now,
        "graded: no rubric item applies",
        lambda: conn.execute(qt.rubric_marks.delete().where(m.answer_id == answer_id)),
    )


def set_comment(conn: sa.Connection, answer_id: int, comment: str, ta: str, now: float) -> None:
    answer = _ref(conn, answer_id)
    text = comment.strip()[:MAX_COMMENT_CHARS]
    g = qt.rubric_gradings.c

    def apply() -> None:
        if conn.execute(sa.select(g.answer_id).where(g.answer_id == answer_id)).one_or_none() is None:
            conn.execute(
                qt.rubric_gradings.insert().values(
                    answer_id=answer_id, comment=text, graded_by=ta, graded_at=now
                )
            )
        else:
            conn.execute(qt.rubric_gradings.update().where(g.answer_id == answer_id).values(comment=text))

    _change(conn, answer, ta, now, "comment set", apply)


def apply_to_group(conn: sa.Connection, answer_id: int, others: Sequence[int], ta: str, now: float) -> int:
    """Give each of `others` (the answer's group) this answer's items and comment; an answer another
    TA holds is skipped. Returns how many were graded. The answer must be graded itself
    (`UngradedGroupSource` otherwise): its grade is what the group gets, and an answer without one
    has nothing to give."""
    source = _ref(conn, answer_id)
    mine = gradings(conn, [answer_id]).get(answer_id)
    if mine is None:
        raise UngradedGroupSource()
    applied, comment = sorted(mine.applied), mine.comment
    m, g = qt.rubric_marks.c, qt.rubric_gradings.c
    done = 0
    for other_id in others:
        if other_id == answer_id:
            continue
        other = _ref(conn, other_id)
        if other.assignment_id != source.assignment_id or other.question != source.question:
            raise RubricRefused("a group holds answers of one question only")
        holder = lease_holder(conn, other_id, now)
        if holder is not None and holder != ta:
            continue
        take_lease(conn, other_id, ta, now)

        def apply(other_id: int = other_id) -> None:
            conn.execute(qt.rubric_marks.delete().where(m.answer_id == other_id))
            for item_id in applied:
                conn.execute(
                    qt.rubric_marks.insert().values(
                        answer_id=other_id, item_id=item_id, applied_by=ta, applied_at=now
                    )
                )
            if conn.execute(sa.select(g.answer_id).where(g.answer_id == other_id)).one_or_none() is None:
                conn.execute(
                    qt.rubric_gradings.insert().values(
                        answer_id=other_id, comment=comment, graded_by=ta, graded_at=now
                    )
                )
            else:
                conn.execute(
                    qt.rubric_gradings.update().where(g.answer_id == other_id).values(comment=comment)
                )

        _change(conn, other, ta, now, "graded with its group", apply)
        done += 1
    return done


def carry_identical(conn: sa.Connection, attempt_id: int, now: float) -> int:
    """A new attempt's written answers that are word for word a graded answer of the same student's
    earlier attempt (same assignment and question) keep that grade: items, comment and grader are
    copied (audited as the system's act), so an upload that only fixes an exercise does not send the
    quiz back to the TAs. Returns how many were carried."""
    a, g, m = qt.quiz_answers.c, qt.rubric_gradings.c, qt.rubric_marks.c
    new = conn.execute(
        sa.select(qt.quiz_answers).where(
            a.attempt_id == attempt_id, a.kind == "written", a.status == "answered"
        )
    ).all()
    carried = 0
    for answer in new:
        source = conn.execute(
            sa.select(a.id, a.attempt_id, g.comment, g.graded_by)
            .join(qt.rubric_gradings, g.answer_id == a.id)
            .where(
                a.assignment_id == answer.assignment_id,
                a.student_id == answer.student_id,
                a.question == answer.question,
                a.attempt_id < attempt_id,
                a.text == answer.text,
            )
            .order_by(a.attempt_id.desc())
        ).first()
        if source is None:
            continue
        items = [r.item_id for r in conn.execute(sa.select(m.item_id).where(m.answer_id == source.id))]
        for item_id in items:
            conn.execute(
                qt.rubric_marks.insert().values(
                    answer_id=answer.id, item_id=item_id, applied_by=source.graded_by, applied_at=now
                )
            )
        conn.execute(
            qt.rubric_gradings.insert().values(
                answer_id=answer.id, comment=source.comment, graded_by=source.graded_by, graded_at=now
            )
        )
        ref = _AnswerRef(
            answer.id, attempt_id, answer.student_id, answer.assignment_id, answer.question, answer.max_points
        )
        audit.record(
            conn,
            actor=audit.SYSTEM,
            action="rubric_grade",
            assignment_id=answer.assignment_id,
            student_id=answer.student_id,
            attempt_id=attempt_id,
            detail=f"{answer.question}: grade carried from an earlier attempt with the same answer",
            old=None,
            new=_snapshot(conn, ref),
            at=now,
        )
        carried += 1
    return carried


# ---- leases ---------------------------------------------------------------------------------------


def lease_holder(conn: sa.Connection, answer_id: int, now: float) -> str | None:
    """The TA whose lease on the answer runs now, or None."""
    lease = qt.rubric_leases.c
    row = conn.execute(
        sa.select(lease.ta, lease.lease_until).where(lease.answer_id == answer_id)
    ).one_or_none()
    return row.ta if row is not None and row.lease_until > now else None


def take_lease(conn: sa.Connection, answer_id: int, ta: str, now: float) -> str:
    """Give the answer to `ta` for LEASE_S seconds unless another TA's lease runs; returns the
    holder afterwards (`ta`, or the other TA)."""
    lease = qt.rubric_leases.c
    until = now + LEASE_S
    taken = conn.execute(
        qt.rubric_leases.update()
        .where(lease.answer_id == answer_id, (lease.ta == ta) | (lease.lease_until <= now))
        .values(ta=ta, lease_until=until)
    ).rowcount
    if taken:
        return ta
    holder = lease_holder(conn, answer_id, now)
    if holder is not None:
        return holder
    # every written answer gets its free lease row when it is stored (`free_lease`), so the update
    # above decides between two TAs; an answer stored without one gets it now
    conn.execute(qt.rubric_leases.insert().values(answer_id=answer_id, ta=ta, lease_until=until))
    return ta


def free_lease(conn: sa.Connection, answer_id: int) -> None:
    """The lease row of a newly stored written answer, held by no one (so that taking it is one
    conditional UPDATE, which the database serialises between two TAs)."""
    conn.execute(qt.rubric_leases.insert().values(answer_id=answer_id, ta="", lease_until=0.0))


def release_lease(conn: sa.Connection, answer_id: int, ta: str) -> None:
    lease = qt.rubric_leases.c
    conn.execute(qt.rubric_leases.delete().where(lease.answer_id == answer_id, lease.ta == ta))


def _require_lease(conn: sa.Connection, answer_id: int, ta: str, now: float) -> None:
    holder = take_lease(conn, answer_id, ta, now)
    if holder != ta:
        raise LeaseHeld(holder)


def leased_by_others(conn: sa.Connection, answer_ids: Sequence[int], ta: str, now: float) -> dict[int, str]:
    if not answer_ids:
        return {}
    lease = qt.rubric_leases.c
    rows = conn.execute(
        sa.select(lease.answer_id, lease.ta).where(
            lease.answer_id.in_(list(answer_ids)), lease.lease_until > now, lease.ta != ta
        )
    )
    return {r.answer_id: r.ta for r in rows}


# ---- order and progress ---------------------------------------------------------------------------


def order_for(ta: str, question: str, answer_ids: Iterable[int]) -> list[int]:
    """The TA's own shuffled order of a question's answers (deterministic per TA)."""

    def rank(answer_id: int) -> str:
        return hashlib.sha256(f"{ta}\n{question}\n{answer_id}".encode()).hexdigest()

    return sorted(answer_ids, key=rank)


def progress(conn: sa.Connection, answer_ids: Sequence[int]) -> Progress:
    graded = gradings(conn, answer_ids)
    by_ta: dict[str, int] = {}
    for g in graded.values():
        by_ta[g.graded_by] = by_ta.get(g.graded_by, 0) + 1
    return Progress(len(answer_ids), len(graded), dict(sorted(by_ta.items())))


__all__ = [
    "LEASE_S",
    "Grading",
    "Item",
    "LeaseHeld",
    "Progress",
    "RubricRefused",
    "UngradedGroupSource",
    "add_item",
    "answer_points",
    "answer_student",
    "apply_to_group",
    "carry_identical",
    "delete_item",
    "edit_item",
    "free_lease",
    "ensure_items",
    "grade_none",
    "gradings",
    "items",
    "item_carriers",
    "items_by_id",
    "lease_holder",
    "leased_by_others",
    "order_for",
    "points_of",
    "progress",
    "release_lease",
    "set_comment",
    "take_lease",
    "toggle",
    "written_points",
]
