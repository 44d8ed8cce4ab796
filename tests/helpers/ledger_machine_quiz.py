"""The gradebook-of-record machine with the quiz (issue 42, section 3): helpers/ledger_machine.py's
term operations, plus quiz answers, rubric grading, requests on quiz questions, model answers, line
comments and the LMS outbox, against an oracle that adds the quiz's share.

Every upload carries quiz answers (helpers/quiz_term.py: the chapter notebook with its answer cells
filled in, read by the worker's own hook): one written question, whose text is one of four (two that
differ only in spacing and case, so one group; another; blank), and one choice question, right or
wrong. On top of the base machine's rules: a TA grades the counted written answer (an item applied or
removed, "no item applies", a comment, `g` for its group from a graded or an ungraded answer), adds
rubric items, edits their points and deletes them, opens and resolves requests on quiz questions
(with points or none) and replies without resolving, publishes the model answers early, and adds and
edits line comments. A resubmission repeats the written text word for word (its grade is carried)
or changes it.

The oracle, written from the course rules, not the service's code: quiz points are the choice
question's 2 (right) or 0, plus the written answer's applied items clamped to 0..3 (a blank answer
0 without a TA; an ungraded one pending), a resolved request's points replacing the question's, all
times the upload's late factor; the maximum adds the chapter's 22 quiz points. After every step:
the ledger's record (quiz points and pending), every CSV (the main and per-assignment grades.csv,
the summary, Canvas, Moodle, the quiz export), the TA's table, the student's JSON, score line and
quiz page (per-question points, choice points only once the answers show), which model answers
each student sees, which line comments each student sees, and the LMS outbox row (score and
maximum). Invariants: a grading step, a request or an item's addition moves no other student's
points (`g` only the group's, an item's edit or deletion only the answers carrying it, as the command
reports), and no model answer shows while any student of the assignment can still submit, unless a
TA published them.

hw2 shows its grades `after_due`; hw5 `on_release` on one term and `immediately` on another, so the
three visibility modes run. `python -m helpers.ledger_machine_quiz WORKDIR` runs EXAMPLES sequences
(half on each term) and prints how many ran, or Hypothesis' failing sequence (exit 1).
"""

from __future__ import annotations

import json
import shutil
import sys
import tempfile
import traceback
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

import pytest
import sqlalchemy as sa
from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import initialize, invariant, precondition, rule, run_state_machine_as_test

from autograder.quiz.grading_key import key_file
from autograder.quiz.key import QuizQuestion
from autograder.service.domain.core import Service
from autograder.service.domain.gradebook import extension_commands, quiz_ledger
from autograder.service.domain.quiz import model_answers, quiz_answers, rubric_grading
from autograder.service.domain.review import attempt_review, grade_review, line_comments, rubric_commands
from autograder.service.records import Refusal
from autograder.service.storage import db
from autograder.service.storage import quiz_tables as qt
from autograder.service.storage.line_comment_tables import line_comments as comment_rows
from autograder.service.storage.lti_tables import bindings, contexts, links, members, scores
from autograder.term.counting import Extension

from helpers.ledger_machine import ASSIGNMENTS, CHEAPER, OWN, POINTS, STUDENTS, Oracle, TermMachine, Upload
from helpers.ledger_machine import new_term as base_term
from helpers.ledger_machine_quiz_views import CHOICE, WRITTEN, QuizViews
from helpers.ledger_term import CHAPTER_OF, RELEASE, Term
from helpers.quiz_term import letters_for, upload_quiz

EXAMPLES = 200  # sequences in all, half on each term
STEPS_PER_SEQUENCE = 8
TEXTS = ("类型是 ClosedJaxpr。", "类型是closedjaxpr", "是一个 Jaxpr 对象", "")
GROUP = ("a", "a", "b", None)  # the first two are one group (normalised alike); blank is no one's
PARTNER = (1, 0, 2, 0)  # a text of the same group, another text where there is one (blank: any)
QUIZ_MAX = 22.0  # each chapter: six written questions of 3, two choice questions of 2
WRITTEN_MAX, CHOICE_POINTS = 3.0, 2.0
TA = "ta-anna"
REACHED: Counter[str] = Counter()  # which outcomes the sequences reached, for the run's reader
ISSUER = "https://lms.example.edu"


@dataclass
class Sheet:
    """The quiz answers of one upload, as the oracle keeps them."""

    aid: str
    sid: str
    attempt: int
    text: int  # index into TEXTS
    right: bool  # the choice question
    written_id: int  # the stored written answer (the handle a TA grades)
    graded: frozenset[int] | None = None  # the rubric items applied; None: no TA graded it


class QuizOracle(Oracle):
    def __init__(self, modes: dict[str, str]) -> None:
        super().__init__()
        self.modes = modes
        self.sheets: dict[int, Sheet] = {}  # attempt id -> its answers
        self.items: dict[str, dict[int, float]] = {a: {} for a in ASSIGNMENTS}  # the written question's
        self.published: set[str] = set()

    def full_max(self, aid: str) -> float:
        return self.max_total(aid) + QUIZ_MAX  # `max_total` stays the exercises' (a total override's limit)

    def visible(self, aid: str, sid: str, now: float) -> bool:
        return self.modes[aid] == "immediately" or super().visible(aid, sid, now)

    def raw(self, aid: str, sid: str) -> float:
        """The exercises' points with their overrides (a quiz question's override is the quiz's)."""
        u = self.counted(aid, sid)
        own = {t: p for t, p in self.bound(aid, sid).items() if t in OWN[aid]}
        return sum({**(u.points if u else {}), **own}.values())

    def written_points(self, sheet: Sheet) -> float | None:
        if GROUP[sheet.text] is None:
            return 0.0  # blank: 0 without a TA
        if sheet.graded is None:
            return None
        items = self.items[sheet.aid]
        return max(0.0, min(WRITTEN_MAX, sum(items[i] for i in sheet.graded)))

    def quiz_parts(self, aid: str, sid: str) -> tuple[float, float, int]:
        """The counted upload's choice and written points before the late factor, and how many
        written answers wait for a TA (a request's points replace a question's and end its wait)."""
        u = self.counted(aid, sid)
        if u is None:
            return 0.0, 0.0, 0
        sheet, bound = self.sheets[u.id], self.bound(aid, sid)
        choice = bound.get(CHOICE[aid], CHOICE_POINTS if sheet.right else 0.0)
        if WRITTEN[aid] in bound:
            return choice, bound[WRITTEN[aid]], 0
        written = self.written_points(sheet)
        return choice, written or 0.0, int(written is None)

    def quiz_points(self, aid: str, sid: str) -> float:
        choice, written, _ = self.quiz_parts(aid, sid)
        u = self.counted(aid, sid)
        return round((choice + written) * (1.0 if u is None else self.factor(aid, sid, u.at)), 6)

    def final(self, aid: str, sid: str) -> float:
        u = self.counted(aid, sid)
        bound = self.bound(aid, sid)
        factor = 1.0 if u is None else self.factor(aid, sid, u.at)
        exercises = bound["total"] if "total" in bound else self.raw(aid, sid) * factor
        return exercises + self.quiz_points(aid, sid)

    def answers_shown(self, aid: str, now: float) -> bool:
        return aid in self.published or all(now > self.closing(aid, s) for s in STUDENTS)

    def group_of(self, sheet: Sheet) -> list[Sheet]:
        """The counted written answers of the sheet's group (its own included)."""
        out = []
        for sid in STUDENTS:
            u = self.counted(sheet.aid, sid)
            other = None if u is None else self.sheets[u.id]
            if other is not None and GROUP[other.text] is not None and GROUP[other.text] == GROUP[sheet.text]:
                out.append(other)
        return out


def _reset_quiz(term: Term) -> None:
    """Empty the quiz's, the comments' and the LMS's tables, and the early publications, which the
    append-only audit log holds (its trigger is dropped for the delete and made again)."""
    with term.service.engine.begin() as conn:
        for table in (
            qt.rubric_marks,
            qt.rubric_gradings,
            qt.rubric_leases,
            qt.rubric_items,
            qt.quiz_answers,
        ):
            conn.execute(sa.delete(table))
        for table in (qt.quiz_assignments, comment_rows, scores, links, members, bindings, contexts):
            conn.execute(sa.delete(table))
        ddl = db.AUDIT_APPEND_ONLY_DDL["sqlite"][1]
        conn.execute(sa.text("DROP TRIGGER audit_log_no_delete"))
        conn.execute(sa.delete(db.audit_log).where(db.audit_log.c.action == model_answers.PUBLISHED))
        conn.execute(sa.text(ddl))


def _link_students(term: Term) -> None:
    """One bound LMS course with AGS whose members are the roster, each linked to their account: every
    counted score change queues an outbox row (nothing is sent: no sender runs)."""
    now = term.now[0]
    ags = json.dumps({"lineitems": f"{ISSUER}/lineitems", "scope": []})
    with term.service.engine.begin() as conn:
        key = {"issuer": ISSUER, "deployment_id": "d1", "context_id": "c1"}
        course = conn.execute(
            contexts.insert().values(**key, client_id="tool", title="JAX", ags=ags, updated_at=now)
        ).inserted_primary_key[0]
        conn.execute(bindings.insert().values(**key, bound_by="cli", bound_at=now))
        for sid in STUDENTS:
            conn.execute(
                members.insert().values(context=course, sub=f"sub-{sid}", student_id=sid, updated_at=now)
            )
            conn.execute(
                links.insert().values(
                    issuer=ISSUER, student_id=sid, sub=f"sub-{sid}", linked_by="launch", linked_at=now
                )
            )


TEXT = st.integers(min_value=0, max_value=len(TEXTS) - 1)
STEPS = ("item0", "item1", "item_last", "none", "comment", "group")


class QuizTermMachine(QuizViews, TermMachine):
    modes: ClassVar[dict[str, str]] = {"hw2": "after_due", "hw5": "on_release"}

    def __init__(self) -> None:
        _reset_quiz(self.term)  # before the base empties the attempts the answers name
        super().__init__()
        _link_students(self.term)
        self.oracle: QuizOracle = QuizOracle(self.modes)
        self.comments: dict[int, tuple[int, str, str, str]] = {}  # id -> attempt, assignment, student, body
        service = self.term.service
        for aid in ASSIGNMENTS:
            assert rubric_commands.enable_quiz(service, service.assignments[aid], TA)
            question = self.question(aid)
            with service.engine.begin() as conn:
                rubric_grading.ensure_items(conn, aid, question, TA, self.now)
                items = rubric_grading.items(conn, aid, question.id)
            assert [i.points for i in items] == [i.points for i in question.rubric]
            self.oracle.items[aid] = {i.id: i.points for i in items}

    def question(self, aid: str) -> QuizQuestion:
        assignment = self.term.service.assignments[aid]
        return next(
            q for q in quiz_ledger.questions_of(assignment, (CHAPTER_OF[aid],)) if q.id == WRITTEN[aid]
        )

    def finals(self) -> dict[tuple[str, str], float | None]:
        ledger = self.term.service.exports.ledger  # a whole assignment in one read (ledger.read_all)
        return {(a, r.student_id): r.final_total for a in ASSIGNMENTS for r in ledger.records(a)}

    def moved_only(self, before: dict[tuple[str, str], float | None], allowed: set[tuple[str, str]]) -> None:
        """No student's final total outside `allowed` moved."""
        after = self.finals()
        moved = {k for k in before if after[k] != before[k]}
        assert moved <= allowed, (moved, allowed)

    # ---- uploads with quiz answers

    @initialize(
        marks=st.lists(POINTS, min_size=4, max_size=4),
        texts=st.lists(TEXT, min_size=4, max_size=4),
        right=st.lists(st.booleans(), min_size=4, max_size=4),
        steps=st.lists(st.sampled_from([None, *STEPS]), min_size=8, max_size=8),
        later=st.booleans(),
        released=st.booleans(),
        pair=st.booleans(),
    )
    def first_uploads(
        self,
        marks: list[list[float]],
        texts: list[int],
        right: list[bool],
        steps: list[str | None],
        later: bool,
        released: bool,
        pair: bool = False,
    ) -> None:
        """Every student's first upload to every assignment, some graded at once; then perhaps two
        hours pass (hw2's grades show, its uploads are late) and hw5's grades are released. The steps
        after it grade, ask about and resubmit these (the base machine runs terms without uploads).
        `pair`: the second student's written answer is in the first one's group (`g` has others)."""
        cells = [(a, s) for a in ASSIGNMENTS for s in STUDENTS]
        if pair:
            texts = [t if i % 2 == 0 else PARTNER[texts[i - 1]] for i, t in enumerate(texts)]
        for (aid, sid), m, t, r in zip(cells, marks, texts, right, strict=True):
            self.upload(aid, sid, m, t, r)
        for (aid, sid), step in zip(cells + cells, steps, strict=True):  # two passes: `g` after an item
            if step is not None:
                self.grade_one(aid, sid, step)
        if later:
            self.time_passes(2 * 3600)
        if released:
            self.release("hw5")

    @rule(
        aid=st.sampled_from(ASSIGNMENTS),
        sid=st.sampled_from(STUDENTS),
        marks=POINTS,
        text=TEXT,
        right=st.booleans(),
        same=st.booleans(),
    )
    def upload(
        self, aid: str, sid: str, marks: list[float], text: int = 0, right: bool = True, same: bool = False
    ) -> None:
        """`same`: the written answer word for word the student's last one (a resubmission that only
        fixes the exercises), else TEXTS[text]."""
        cell = self.oracle.cells[(aid, sid)]
        if same and cell.uploads:
            text = self.oracle.sheets[max(u.id for u in cell.uploads)].text
        points = dict(zip(OWN[aid], marks, strict=True))
        moved = aid in self.oracle.moved
        if moved:  # graded under the cheaper release: the changed exercise is worth half
            points[CHEAPER[aid]] *= 0.5
        answers = {WRITTEN[aid]: TEXTS[text], CHOICE[aid]: letters_for(CHOICE[aid], sid, right)}
        if self.now > self.oracle.closing(aid, sid):
            with pytest.raises(Refusal) as refused:
                upload_quiz(self.term, sid, aid, points, answers)
            assert refused.value.http_status == 403
            return
        # recording the graded attempt queues its LMS score in the same command (attempt_queue.py)
        attempt = upload_quiz(self.term, sid, aid, points, answers)
        with self.term.service.engine.connect() as conn:
            stored = {a.question: a for a in quiz_answers.of_attempts(conn, [attempt])}
        sheet = Sheet(
            aid, sid, attempt, text, right, stored[WRITTEN[aid]].id, self._carried(cell.uploads, text)
        )
        cell.uploads.append(Upload(attempt, self.now, points, cheap=moved))
        self.oracle.sheets[attempt] = sheet
        if sheet.graded is not None:
            REACHED["a resubmitted answer keeps its grade"] += 1
        elif len(cell.uploads) > 1:
            REACHED["a resubmission"] += 1

    def _carried(self, earlier: list[Upload], text: int) -> frozenset[int] | None:
        """A written answer word for word the same as a graded one of the student's earlier uploads
        keeps the newest such grade."""
        if GROUP[text] is None:
            return None
        for u in sorted(earlier, key=lambda u: u.id, reverse=True):
            sheet = self.oracle.sheets[u.id]
            if sheet.text == text and sheet.graded is not None:
                return sheet.graded
        return None

    # ---- rubric grading

    @rule(
        aid=st.sampled_from(ASSIGNMENTS),
        steps=st.lists(st.tuples(st.sampled_from(STUDENTS), st.sampled_from(STEPS)), min_size=1, max_size=3),
    )
    def grade(self, aid: str, steps: list[tuple[str, str]]) -> None:
        """A TA's grading session: a few steps on the counted written answers of the assignment."""
        for sid, step in steps:
            self.grade_one(aid, sid, step)

    def grade_one(self, aid: str, sid: str, step: str) -> None:
        o = self.oracle
        u = o.counted(aid, sid)
        sheet = None if u is None else o.sheets[u.id]
        if sheet is None or GROUP[sheet.text] is None:  # nothing a TA grades
            if sheet is not None:
                with pytest.raises(rubric_commands.NoSuchAnswer):
                    self._grade(aid, sheet, rubric_commands.Step("none"))
            return
        before = self.finals()
        if step == "group" and sheet.graded is None:  # nothing to give: refused, nothing moves
            with pytest.raises(rubric_grading.UngradedGroupSource):
                self._grade(aid, sheet, rubric_commands.Step("group"))
            self.moved_only(before, set())
            REACHED["group from an ungraded answer"] += 1
            return
        touched = o.group_of(sheet) if step == "group" else [sheet]
        was = {s.sid: o.written_points(s) for s in touched}
        done = self._grade(aid, sheet, self._step(aid, sheet, step))
        for s in touched:
            s.graded = self._graded_after(aid, sheet, step) if s is sheet or step != "group" else sheet.graded
        assert done.graded == len(touched) - (step == "group")
        assert set(done.rescored) == {s.sid for s in touched if o.written_points(s) != was[s.sid]}
        self.moved_only(before, {(aid, s.sid) for s in touched})
        REACHED[f"grade {step}" + (" with others in the group" if len(touched) > 1 else "")] += 1

    def _step(self, aid: str, sheet: Sheet, step: str) -> rubric_commands.Step:
        if step.startswith("item"):
            return rubric_commands.Step("toggle", item_id=self._item(aid, step))
        if step == "comment":
            return rubric_commands.Step("comment", comment="看 constvars")
        return rubric_commands.Step(step)  # type: ignore[arg-type]

    def _item(self, aid: str, step: str) -> int:
        ids = sorted(self.oracle.items[aid])
        return {"item0": ids[0], "item1": ids[1], "item_last": ids[-1]}[step]

    def _graded_after(self, aid: str, sheet: Sheet, step: str) -> frozenset[int]:
        had = sheet.graded or frozenset()
        if step.startswith("item"):
            return had ^ {self._item(aid, step)}
        return frozenset() if step == "none" else had  # a comment grades the answer as it stands

    def _grade(self, aid: str, sheet: Sheet, step: rubric_commands.Step) -> rubric_commands.StepDone:
        service = self.term.service
        return rubric_commands.grade_answer(
            service, service.assignments[aid], self.question(aid), sheet.written_id, step, TA
        )

    @rule(aid=st.sampled_from(ASSIGNMENTS), points=st.sampled_from([0.5, -1.0]))
    def add_item(self, aid: str, points: float) -> None:
        service, before = self.term.service, self.finals()
        assert (
            rubric_commands.save_item(
                service, service.assignments[aid], WRITTEN[aid], None, points, "附加项", TA
            )
            == ()
        )
        with service.engine.connect() as conn:
            new = max(i.id for i in rubric_grading.items(conn, aid, WRITTEN[aid]))
        assert new not in self.oracle.items[aid]
        self.oracle.items[aid][new] = points
        REACHED["item added"] += 1
        self.moved_only(before, set())

    @rule(
        aid=st.sampled_from(ASSIGNMENTS),
        pick=st.integers(0, 3),
        points=st.sampled_from([0.0, 0.5, 2.0, -1.0]),
    )
    def edit_item(self, aid: str, pick: int, points: float) -> None:
        o, service, before = self.oracle, self.term.service, self.finals()
        ids = sorted(o.items[aid])
        item = ids[pick % len(ids)]
        carrying = [s for s in o.sheets.values() if s.aid == aid and s.graded and item in s.graded]
        was = [o.written_points(s) for s in carrying]
        changed = rubric_commands.save_item(
            service, service.assignments[aid], WRITTEN[aid], item, points, f"第 {item} 项,{points:+g} 分", TA
        )
        o.items[aid][item] = points
        assert set(changed) == {s.sid for s, w in zip(carrying, was, strict=True) if o.written_points(s) != w}
        self.moved_only(before, {(aid, s.sid) for s in carrying})
        REACHED["item edited" + (" re-scoring answers" if changed else "")] += 1

    @precondition(lambda self: any(len(items) > 2 for items in self.oracle.items.values()))
    @rule(aid=st.sampled_from(ASSIGNMENTS), pick=st.integers(0, 3))
    def delete_item(self, aid: str, pick: int) -> None:
        """A TA deletes an item (at least two stay: the grading steps name two). The oracle drops it
        from the rubric and from every answer that carried it: those answers are re-scored from the
        items they keep and stay graded. Only the students the command reports may move, and it
        reports exactly those whose answer's points changed."""
        o, service, before = self.oracle, self.term.service, self.finals()
        if len(o.items[aid]) <= 2:
            aid = next(a for a in ASSIGNMENTS if len(o.items[a]) > 2)
        ids = sorted(o.items[aid])
        item = ids[pick % len(ids)]
        carrying = [s for s in o.sheets.values() if s.aid == aid and s.graded and item in s.graded]
        was = [o.written_points(s) for s in carrying]
        changed = rubric_commands.delete_item(service, service.assignments[aid], WRITTEN[aid], item, TA)
        del o.items[aid][item]
        for sheet in carrying:
            sheet.graded = (sheet.graded or frozenset()) - {item}
        assert set(changed) == {s.sid for s, w in zip(carrying, was, strict=True) if o.written_points(s) != w}
        self.moved_only(before, {(aid, sid) for sid in changed})
        with service.engine.connect() as conn:
            assert {i.id for i in rubric_grading.items(conn, aid, WRITTEN[aid])} == set(o.items[aid])
        REACHED["item deleted" + (" re-scoring answers" if changed else "")] += 1

    # ---- requests on quiz questions, replies, model answers

    @rule(
        aid=st.sampled_from(ASSIGNMENTS),
        sid=st.sampled_from(STUDENTS),
        choice=st.booleans(),
        then=st.sampled_from([None, "reply", 0.0, 0.5, 1.0]),
    )
    def open_quiz_request(self, aid: str, sid: str, choice: bool, then: str | float | None = None) -> None:
        """A student's request about a quiz question; `then` the TA at once replies only, or resolves
        it (without points: 0.0; or with that share of the question's points)."""
        target = CHOICE[aid] if choice else WRITTEN[aid]
        u = self.oracle.counted(aid, sid)
        open_already = any(r[1:4] == (aid, sid, target) for r in self.requests)
        if u is None or not self.oracle.visible(aid, sid, self.now) or open_already:
            with pytest.raises(Refusal):
                grade_review.open_request(self.term.service, aid, sid, target, "请再看一下这道题")
            return
        rid = grade_review.open_request(self.term.service, aid, sid, target, "请再看一下这道题")
        self.requests.append((rid, aid, sid, target, u.id))
        REACHED["quiz request opened"] += 1
        if then == "reply":
            self.reply_only(len(self.requests) - 1)
        elif isinstance(then, float):
            self.resolve_request(len(self.requests) - 1, then or None)

    @precondition(lambda self: bool(self.requests))
    @rule(pick=st.integers(min_value=0, max_value=9), share=st.sampled_from([None, 0.5, 1.0]))
    def resolve_request(self, pick: int, share: float | None) -> None:
        rid, aid, sid, target, attempt = self.requests.pop(pick % len(self.requests))
        most = 10.0 if target in OWN[aid] else (CHOICE_POINTS if target == CHOICE[aid] else WRITTEN_MAX)
        points = None if share is None else most * share
        before = self.finals()
        grade_review.resolve_request(self.term.service, rid, TA, "已复核", points)
        if points is not None:  # an override of the exercise or question, on the attempt asked about
            self.oracle.cells[(aid, sid)].overrides[target] = (points, attempt)
        self.moved_only(before, {(aid, sid)})
        kind = "exercise" if target in OWN[aid] else "quiz question"
        REACHED[f"{kind} request resolved " + ("with points" if points is not None else "without")] += 1

    @precondition(lambda self: bool(self.requests))
    @rule(pick=st.integers(min_value=0, max_value=9))
    def reply_only(self, pick: int) -> None:
        rid = self.requests[pick % len(self.requests)][0]
        before = self.finals()
        grade_review.post_message(self.term.service, rid, TA, "我们再看看", None)
        assert grade_review.request_of(self.term.service, rid, None).status == "open"
        self.moved_only(before, set())

    @rule(aid=st.sampled_from(ASSIGNMENTS))
    def publish_answers(self, aid: str) -> None:
        service = self.term.service
        first = model_answers.publish(service, service.assignments[aid], TA, self.now)
        assert first is (aid not in self.oracle.published)
        self.oracle.published.add(aid)

    # ---- extensions through their commands (which queue the LMS score)

    @rule(
        aid=st.sampled_from(ASSIGNMENTS),
        sid=st.sampled_from(STUDENTS),
        due=st.sampled_from([-7200, 3600, 86400]),
        window=st.booleans(),
    )
    def extension(self, aid: str, sid: str, due: int, window: bool) -> None:
        due_at = self.now + due
        late_until = due_at + 86400 if window else None
        if self.oracle.visible(aid, sid, self.now) and self.oracle.cells[(aid, sid)].uploads:
            self.oracle.kept.add((aid, sid))  # seen before the deadline moved: stays visible
        service = self.term.service
        extension_commands.grant(
            service, service.assignments[aid], sid, Extension(due_at, late_until), TA, self.now
        )
        cell = self.oracle.cells[(aid, sid)]
        cell.due, cell.late_until, cell.extended = due_at, late_until, True

    @rule(aid=st.sampled_from(ASSIGNMENTS), sid=st.sampled_from(STUDENTS))
    def revoke_extension(self, aid: str, sid: str) -> None:
        service = self.term.service
        removed = extension_commands.revoke(service, service.assignments[aid], sid, TA, self.now)
        assert removed is self.oracle.cells[(aid, sid)].extended
        self.oracle.cells[(aid, sid)].extended = False

    # ---- line comments

    @rule(aid=st.sampled_from(ASSIGNMENTS), sid=st.sampled_from(STUDENTS))
    def add_comment(self, aid: str, sid: str) -> None:
        u = self.oracle.counted(aid, sid)
        if u is None:
            return
        s = self.term.service
        review = attempt_review.review(s, u.id, named=True, own_part=s.attempt_reads.own_part)
        assert review is not None
        cell = review.cells[0]
        body = f"第 1 行 {len(self.comments)}"
        target = line_comments.Target(cell.file, cell.index, 1, 1)
        made = line_comments.add(s, review, target, body, actor=TA, now=self.now)
        self.comments[made.id] = (u.id, aid, sid, body)
        REACHED["line comment added"] += 1

    @precondition(lambda self: bool(self.comments))
    @rule(pick=st.integers(min_value=0, max_value=9))
    def edit_comment(self, pick: int) -> None:
        cid = sorted(self.comments)[pick % len(self.comments)]
        attempt, aid, sid, body = self.comments[cid]
        body = f"{body} 改"
        done = line_comments.edit(self.term.service, cid, body, actor="ta-bob", now=self.now)
        assert done is not None and done.body == body
        self.comments[cid] = (attempt, aid, sid, body)

    # ---- every view equals the oracle (QuizViews)

    @invariant()
    def views_agree(self) -> None:
        TermMachine.checks += 1
        self.quiz_views_agree()

    @invariant()
    def model_answers_wait(self) -> None:
        self.answers_agree()


def quiz_term(root: Path) -> Term:
    """The base machine's term, whose cheaper release has the course's quiz key beside it, as a
    release built for a regrade run has (without it the LMS and the ledger read different quiz
    maxima after a move: see tests/test_ledger_quiz_key_move.py)."""
    term = base_term(root)
    shutil.copyfile(key_file(RELEASE), key_file(TermMachine.cheaper))
    return term


def immediately_term(root: Path) -> Term:
    """The term with hw5 `immediately` visible (the course file rewritten, the service started again
    on the same data)."""
    first = quiz_term(root)
    first.service.close()
    course = Path(first.service.cfg.course)
    text = course.read_text(encoding="utf-8")
    course.write_text(
        text.replace('visibility = "on_release"', 'visibility = "immediately"'), encoding="utf-8"
    )
    service = Service(first.service.cfg, clock=lambda: first.now[0])
    assert service.assignments["hw5"].visibility == "immediately"
    return Term(service, first.now, first.out_dir, first.students, first.tokens)


def run_sequences(term: Term, modes: dict[str, str], examples: int) -> tuple[int, int]:
    """`examples` derandomized sequences on `term`, whose visibility modes are `modes`."""
    QuizTermMachine.term, QuizTermMachine.modes = term, modes
    TermMachine.sequences = TermMachine.checks = 0
    run_state_machine_as_test(
        QuizTermMachine,
        settings=settings(
            max_examples=examples,
            stateful_step_count=STEPS_PER_SEQUENCE,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
            derandomize=True,
            database=None,
            phases=(Phase.explicit, Phase.generate),  # shrinking through the service would take minutes
        ),
    )
    return TermMachine.sequences, TermMachine.checks


TERMS: tuple[tuple[Any, dict[str, str]], ...] = (
    (quiz_term, {"hw2": "after_due", "hw5": "on_release"}),
    (immediately_term, {"hw2": "after_due", "hw5": "immediately"}),
)


def main(argv: list[str]) -> int:
    shm = Path("/dev/shm")  # every step commits: memory-backed storage keeps the disk out of it
    examples = int(argv[2]) if len(argv) > 2 else EXAMPLES
    ran = checked = 0
    for make, modes in TERMS:
        root = Path(tempfile.mkdtemp(prefix="ledger-quiz-", dir=shm if shm.is_dir() else argv[1]))
        term = make(root)
        try:
            sequences, checks = run_sequences(term, modes, examples // len(TERMS))
        except BaseException:
            traceback.print_exc()
            return 1
        finally:
            term.service.close()
            shutil.rmtree(root, ignore_errors=True)
        ran, checked = ran + sequences, checked + checks
    print("reached:", ", ".join(f"{what} {n}" for what, n in sorted(REACHED.items())))
    print(f"quiz ledger machine: {ran} sequences, {checked} checks of every view, all equal to the oracle")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
