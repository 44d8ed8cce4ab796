"""The gradebook-of-record model: random term operations against a small oracle (the machine of
tests/test_ledger_stateful.py, which also holds its controls).

Hypothesis drives sequences of uploads (on time, late, after closing), extensions granted,
shortened and revoked, overrides on exercises and totals (set and removed), regrade requests
resolved with points, carrying overrides to a later attempt, regrade runs under a release where one
exercise is worth 5 instead of 10 (published: the assignment moves to that release, its maximum is
35 everywhere and later uploads are graded under it; or cancelled: nothing changes), grade releases
and un-releases (a grade once visible stays so after an extension until un-released) and time passing, on
the in-process service core (one SQLite service, emptied between sequences; grading recorded,
helpers/ledger_term.py). The oracle below is written from the course rules, not from the
service's code: which attempt counts (`last`/`best`, late policy, closing), the late factor, the
overrides bound to their attempt, visibility. After every step every view must equal it: the
ledger's record, grades.csv (main and per assignment), the course summary, Canvas and Moodle, the
AGS score, the student's JSON, the student's score line, the TA's assignment table; and the
quiz's model answers show exactly when no student of the assignment can submit any more.

`python -m helpers.ledger_machine WORKDIR` runs the EXAMPLES sequences on a term of its own (the
early lane's command: about 100 s of one core, which the lane runs beside the other tests). It
prints how many sequences it ran and how often it compared every view, and exits 0; or it prints
Hypothesis' failing sequence and exits 1.
"""

from __future__ import annotations

import csv
import io
import shutil
import sys
import tempfile
import traceback
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import sqlalchemy as sa
from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from autograder.exercises import CHAPTERS
from autograder.grade.reports import format_score
from autograder.service.domain.course import extensions
from autograder.service.domain.gradebook.lti_outbox import final_score as ags_score
from autograder.service.domain.quiz import model_answers
from autograder.service.domain.review import grade_review
from autograder.service.records import Refusal
from autograder.service.storage import db
from autograder.service.web import term_pages, term_views
from autograder.term.counting import Extension

from helpers.ledger_term import (
    HW2_DUE,
    HW2_LATE_UNTIL,
    HW5_DUE,
    LATE_FACTOR,
    RELEASE,
    START,
    Term,
    make_term,
    outcome,
    release_with_points,
)

STUDENTS = ("s01", "s02")
ASSIGNMENTS = ("hw2", "hw5")
OWN = {"hw2": CHAPTERS["ch02"], "hw5": CHAPTERS["ch05"]}
EXAMPLES = 200
CHEAPER = {a: OWN[a][2] for a in ASSIGNMENTS}  # fusion, silu_ffi: worth 5 in the cheaper release
CHEAPER_RELEASE = "2026-fall-cheaper"


# ---- the oracle -------------------------------------------------------------------------------


@dataclass
class Upload:
    id: int
    at: float
    points: dict[str, float]
    cheap: bool = False  # graded under the release where the changed exercise is worth 5

    @property
    def score(self) -> float:
        return sum(self.points.values())


@dataclass
class Cell:
    """One (assignment, student) as the oracle keeps it."""

    uploads: list[Upload] = field(default_factory=list)
    due: float | None = None  # an extension's due-at (None: the assignment's)
    late_until: float | None = None
    extended: bool = False
    overrides: dict[str, tuple[float, int | None]] = field(default_factory=dict)  # target -> points, attempt


DEFAULTS = {"hw2": (HW2_DUE.timestamp(), HW2_LATE_UNTIL.timestamp()), "hw5": (HW5_DUE.timestamp(), None)}


class Oracle:
    def __init__(self) -> None:
        self.cells = {(a, s): Cell() for a in ASSIGNMENTS for s in STUDENTS}
        self.released: set[str] = set()
        self.kept: set[tuple[str, str]] = set()  # grades that stay visible (shown before an extension)
        self.moved: set[str] = set()  # assignments a published regrade run moved to the cheaper release

    def max_total(self, aid: str) -> float:
        return 35.0 if aid in self.moved else 40.0

    def deadlines(self, aid: str, sid: str) -> tuple[float, float | None]:
        c = self.cells[(aid, sid)]
        return (c.due, c.late_until) if c.extended else DEFAULTS[aid]  # type: ignore[return-value]

    def closing(self, aid: str, sid: str) -> float:
        due, late_until = self.deadlines(aid, sid)
        return late_until if late_until is not None else due

    def factor(self, aid: str, sid: str, at: float) -> float:
        due, _ = self.deadlines(aid, sid)
        if at > self.closing(aid, sid):
            return 0.0
        if aid == "hw2":  # 1.0 on time, LATE_FACTOR from one second late
            return LATE_FACTOR if at - due >= 1 else 1.0
        return 1.0  # hw5 has no late policy

    def counted(self, aid: str, sid: str) -> Upload | None:
        ups = sorted(self.cells[(aid, sid)].uploads, key=lambda u: (u.at, u.id))
        if not ups:
            return None
        due, _ = self.deadlines(aid, sid)
        pool = ups
        if aid == "hw5":  # no late policy: a late attempt counts only without an on-time one
            pool = [u for u in ups if u.at <= due] or ups
        if aid == "hw5":  # `best`: the highest final score, the newest among equals
            return max(reversed(pool), key=lambda u: u.score * self.factor(aid, sid, u.at))
        return pool[-1]  # hw2: `last`

    def bound(self, aid: str, sid: str) -> dict[str, float]:
        u = self.counted(aid, sid)
        want = None if u is None else u.id
        return {t: p for t, (p, at) in self.cells[(aid, sid)].overrides.items() if at == want}

    def raw(self, aid: str, sid: str) -> float:
        """The counted attempt's points with the exercise overrides bound to it (no late factor)."""
        u = self.counted(aid, sid)
        bound = self.bound(aid, sid)
        return sum({**(u.points if u else {}), **{t: p for t, p in bound.items() if t != "total"}}.values())

    def final(self, aid: str, sid: str) -> float:
        u = self.counted(aid, sid)
        bound = self.bound(aid, sid)
        if "total" in bound:
            return bound["total"]
        points = {**(u.points if u else {}), **{t: p for t, p in bound.items() if t != "total"}}
        return sum(points.values()) * (1.0 if u is None else self.factor(aid, sid, u.at))

    def visible(self, aid: str, sid: str, now: float) -> bool:
        if aid in self.released or (aid, sid) in self.kept:
            return True
        if aid == "hw5":  # on_release
            return False
        return now > max(DEFAULTS["hw2"][0], self.deadlines(aid, sid)[0])


# ---- the machine ------------------------------------------------------------------------------

POINTS = st.lists(st.sampled_from([0.0, 5.0, 10.0]), min_size=4, max_size=4)
STEPS_S = st.sampled_from([20 * 60, 3 * 3600, 2 * 86400])
OFFSETS_S = st.sampled_from([-2 * 3600, 3600, 86400])


def _reset(term: Term) -> None:
    tables = ("regrade_request_messages", "regrade_requests", "overrides", "extensions", "grade_releases")
    with term.service.engine.begin() as conn:
        for name in (*tables, "grade_shown", "release_moves", "regrade_results", "regrade_runs"):
            conn.execute(sa.delete(db.metadata.tables[name]))
        for name in ("gradings", "attempt_scores", "attempts"):
            conn.execute(sa.delete(db.metadata.tables[name]))
        conn.execute(db.assignments.update().values(release=str(RELEASE)))  # undo a moved release
    term.set_time(START)


def _parts_add_up(row: dict[str, str]) -> None:
    """A per-assignment grades.csv row's total is its parts: `final_total = (override, or raw_total -
    late_penalty) + quiz_total`, and `total` is the final total."""
    assert row["total"] == row["final_total"], row
    if row["override"]:
        base = float(row["override"])
    elif row["raw_total"]:
        base = float(row["raw_total"]) - float(row["late_penalty"])
    else:
        return  # not graded yet: nothing to add up
    quiz = float(row["quiz_total"]) if row["quiz_total"] else 0.0
    assert float(row["final_total"]) == pytest.approx(base + quiz, abs=0.011), row


class TermMachine(RuleBasedStateMachine):
    term: Term  # set by the test before the machine runs
    cheaper: Path  # the release where CHEAPER's exercises are worth 5 (set by new_term)
    sequences = 0  # counted by run_sequences: what the run checked, for its reader
    checks = 0

    def __init__(self) -> None:
        super().__init__()
        TermMachine.sequences += 1
        _reset(self.term)
        self.oracle = Oracle()
        self.requests: list[tuple[int, str, str, str, int]] = []  # id, aid, sid, exercise, attempt

    @property
    def now(self) -> float:
        return self.term.now[0]

    @rule(seconds=STEPS_S)
    def time_passes(self, seconds: int) -> None:
        self.term.set_time(self.now + seconds)

    @rule(aid=st.sampled_from(ASSIGNMENTS), sid=st.sampled_from(STUDENTS), marks=POINTS)
    def upload(self, aid: str, sid: str, marks: list[float]) -> None:
        points = dict(zip(OWN[aid], marks, strict=True))
        moved = aid in self.oracle.moved
        if moved:  # graded under the cheaper release: the changed exercise is worth half
            points[CHEAPER[aid]] *= 0.5
        if self.now > self.oracle.closing(aid, sid):
            with pytest.raises(Refusal) as refused:
                self.term.upload(sid, aid, points)
            assert refused.value.http_status == 403
            return
        attempt = self.term.upload(sid, aid, points)
        self.oracle.cells[(aid, sid)].uploads.append(Upload(attempt, self.now, points, cheap=moved))

    @rule(
        aid=st.sampled_from(ASSIGNMENTS), sid=st.sampled_from(STUDENTS), due=OFFSETS_S, window=st.booleans()
    )
    def extension(self, aid: str, sid: str, due: int, window: bool) -> None:
        """Granted, lengthened or shortened: a due-at around now, with or without a late window."""
        due_at = self.now + due
        late_until = due_at + 86400 if window else None
        ext = Extension(due_at, late_until)
        if self.oracle.visible(aid, sid, self.now) and self.oracle.cells[(aid, sid)].uploads:
            self.oracle.kept.add((aid, sid))  # seen before the deadline moved: stays visible
        extensions.grant(
            self.term.service.engine, self.term.service.assignments[aid], sid, ext, "ta-anna", self.now
        )
        cell = self.oracle.cells[(aid, sid)]
        cell.due, cell.late_until, cell.extended = due_at, late_until, True

    @rule(aid=st.sampled_from(ASSIGNMENTS), sid=st.sampled_from(STUDENTS))
    def revoke_extension(self, aid: str, sid: str) -> None:
        assignment = self.term.service.assignments[aid]
        removed = extensions.revoke(self.term.service.engine, assignment, sid, "ta-anna", self.now)
        assert removed is self.oracle.cells[(aid, sid)].extended
        self.oracle.cells[(aid, sid)].extended = False

    @rule(
        aid=st.sampled_from(ASSIGNMENTS),
        sid=st.sampled_from(STUDENTS),
        which=st.sampled_from([0, 1, "total"]),
        share=st.sampled_from([0.0, 0.25, 1.0]),
    )
    def override(self, aid: str, sid: str, which: int | str, share: float) -> None:
        target = "total" if which == "total" else OWN[aid][int(which)]
        # a total override is checked against the assignment's points now (35 once a run moved it)
        points = share * (self.oracle.max_total(aid) if target == "total" else 10.0)
        grade_review.set_override(self.term.service, aid, sid, target, points, "by hand", "ta-anna")
        u = self.oracle.counted(aid, sid)
        self.oracle.cells[(aid, sid)].overrides[target] = (points, None if u is None else u.id)

    @rule(
        aid=st.sampled_from(ASSIGNMENTS), sid=st.sampled_from(STUDENTS), which=st.sampled_from([0, "total"])
    )
    def remove_override(self, aid: str, sid: str, which: int | str) -> None:
        target = "total" if which == "total" else OWN[aid][int(which)]
        cell = self.oracle.cells[(aid, sid)]
        if target in cell.overrides:
            grade_review.remove_override(self.term.service, aid, sid, target, "ta-anna")
            del cell.overrides[target]
        else:
            with pytest.raises(Refusal):
                grade_review.remove_override(self.term.service, aid, sid, target, "ta-anna")

    @rule(aid=st.sampled_from(ASSIGNMENTS), sid=st.sampled_from(STUDENTS))
    def carry(self, aid: str, sid: str) -> None:
        u = self.oracle.counted(aid, sid)
        if u is None:
            with pytest.raises(Refusal):
                grade_review.carry_overrides(self.term.service, aid, sid, "ta-anna")
            return
        cell = self.oracle.cells[(aid, sid)]
        moved = sum(1 for _, at in cell.overrides.values() if at != u.id)
        assert grade_review.carry_overrides(self.term.service, aid, sid, "ta-anna") == moved
        cell.overrides = {t: (p, u.id) for t, (p, _) in cell.overrides.items()}

    @rule(aid=st.sampled_from(ASSIGNMENTS), sid=st.sampled_from(STUDENTS))
    def open_request(self, aid: str, sid: str) -> None:
        exercise = OWN[aid][1]
        u = self.oracle.counted(aid, sid)
        open_already = any(r[1:4] == (aid, sid, exercise) for r in self.requests)
        if u is None or not self.oracle.visible(aid, sid, self.now) or open_already:
            with pytest.raises(Refusal):
                grade_review.open_request(self.term.service, aid, sid, exercise, "请再看一下")
            return
        rid = grade_review.open_request(self.term.service, aid, sid, exercise, "请再看一下")
        self.requests.append((rid, aid, sid, exercise, u.id))

    @precondition(lambda self: bool(self.requests))
    @rule(pick=st.integers(min_value=0, max_value=9), share=st.sampled_from([None, 0.5, 1.0]))
    def resolve_request(self, pick: int, share: float | None) -> None:
        rid, aid, sid, exercise, attempt = self.requests.pop(pick % len(self.requests))
        points = None if share is None else 10.0 * share
        grade_review.resolve_request(self.term.service, rid, "ta-anna", "已复核", points)
        if points is not None:  # an override of the exercise, on the attempt asked about
            self.oracle.cells[(aid, sid)].overrides[exercise] = (points, attempt)

    @rule(aid=st.sampled_from(ASSIGNMENTS))
    def release(self, aid: str) -> None:
        first = self.term.service.grade_release.release(aid, actor="ta-anna")
        assert first is (aid not in self.oracle.released)
        self.oracle.released.add(aid)

    @rule(aid=st.sampled_from(ASSIGNMENTS))
    def unrelease(self, aid: str) -> None:
        o = self.oracle
        had = aid in o.released or any(a == aid for a, _ in o.kept)
        assert self.term.service.grade_release.unrelease(aid, actor="ta-bob") is had
        o.released.discard(aid)
        o.kept = {k for k in o.kept if k[0] != aid}

    @rule(aid=st.sampled_from(ASSIGNMENTS), publish=st.booleans())
    def regrade_run(self, aid: str, publish: bool) -> None:
        """A run over the counted attempts under the release where one exercise is worth 5; each
        candidate's points are the attempt's with that exercise halved (unless graded so already)."""
        service, o = self.term.service, self.oracle
        run_id = service.regrades.start(aid, self.cheaper, "counted", "ta-anna")
        by_id = {u.id: u for s in STUDENTS for u in o.cells[(aid, s)].uploads}
        counted = {u.id for s in STUDENTS if (u := o.counted(aid, s)) is not None}
        regraded: dict[int, dict[str, float]] = {}
        while (job := service.regrade_queue.claim_next("w")) is not None:
            u = by_id[job.attempt.id]
            assert u.id in counted, (aid, u.id, counted)
            new = {**u.points, CHEAPER[aid]: u.points[CHEAPER[aid]] * (1.0 if u.cheap else 0.5)}
            regraded[u.id] = new
            done = outcome(job.attempt.student_id, aid, new, self.term.out_dir)
            assert service.regrade_queue.finish_graded("w", job.result_id, done)
        assert set(regraded) == counted
        if not publish:
            service.regrades.cancel(run_id, "ta-anna")
            return
        service.regrades.publish(run_id, "ta-anna")
        for attempt_id, new in regraded.items():
            by_id[attempt_id].points, by_id[attempt_id].cheap = new, True
        o.moved.add(aid)

    # ---- every view equals the oracle

    @invariant()
    def views_agree(self) -> None:
        TermMachine.checks += 1
        service, o = self.term.service, self.oracle
        main = _rows(service.exports.grades_csv())
        summary = _rows(service.exports.summary_csv())
        for aid in ASSIGNMENTS:
            per = _rows(service.exports.assignment_grades_csv(aid))
            canvas = {r[2]: r for r in csv.reader(io.StringIO(service.exports.canvas_csv(aid)))}
            moodle = {r[2]: r for r in csv.reader(io.StringIO(service.exports.moodle_csv(aid)))}  # by email
            ta_rows = {
                r["student_id"]: r for r in term_pages._student_rows(service, service.assignments[aid])
            }
            for sid in STUDENTS:
                want = o.final(aid, sid)
                text = format_score(want)
                u = o.counted(aid, sid)
                record = service.exports.ledger.record(aid, sid)
                assert record.attempt_id == (None if u is None else u.id), (aid, sid)
                assert record.final_total == pytest.approx(want), (aid, sid)
                most = o.max_total(aid)
                assert record.max_total == most, (aid, sid, record.max_total)
                assert per[sid]["final_total"] == text == per[sid]["total"]  # `total` is final in every CSV
                assert per[sid]["raw_total"] == format_score(o.raw(aid, sid))
                _parts_add_up(per[sid])
                assert summary[sid][aid] == text
                assert canvas[sid][-1] == text, (aid, sid, canvas[sid])
                assert canvas[""][:1] == ["Points Possible"] and canvas[""][-1] == format_score(most)
                assert moodle[f"{sid}@example.edu"][-2:] == [text, format_score(most)]  # Grade, Maximum
                assert ta_rows[sid]["final"] == text
                if aid == "hw2":
                    assert main[sid]["total"] == text and main[sid]["max_total"] == format_score(most)
                with service.engine.connect() as conn:
                    ags = ags_score(conn, service.assignments[aid], sid)
                if u is None:
                    assert ags is None, (aid, sid)
                else:
                    assert ags is not None and (ags.given, ags.maximum) == (pytest.approx(want), most)
                self._student_sees(aid, sid, want, text)

    @invariant()
    def model_answers_wait(self) -> None:
        """No student sees a model answer (nor a choice question's points) while any student of the
        assignment can still submit: the oracle's closing time of every student has passed."""
        service = self.term.service
        for aid in ASSIGNMENTS:
            still_open = [sid for sid in STUDENTS if self.now <= self.oracle.closing(aid, sid)]
            shown = model_answers.visibility(service, service.assignments[aid], self.now).visible
            assert shown == (not still_open), (aid, still_open)

    def _student_sees(self, aid: str, sid: str, want: float, text: str) -> None:
        service, o = self.term.service, self.oracle
        doc = grade_review.student_grade(service, aid, sid, for_student=True).to_json()
        line = term_views.score_line(service, service.assignments[aid], sid)
        if o.counted(aid, sid) is None:
            assert line is None
        if o.visible(aid, sid, self.now):
            assert doc["final_total"] == pytest.approx(want) and not doc["grades_hidden"]
            if line is not None:
                most = format_score(o.max_total(aid))
                assert not line.hidden and f"最终得分 {text} / {most}" in line.text
        else:
            assert doc["grades_hidden"] and doc["counted_attempt"] is None and doc["attempt_number"] is None
            assert (doc["raw_total"], doc["total"], doc["final_total"], doc["exercises"]) == (
                None,
                None,
                None,
                {},
            )
            assert doc["overrides"] == [] and doc["set_aside_overrides"] == []
            if line is not None:
                assert line.hidden and "最终得分" not in line.text


def _rows(text: str) -> dict[str, dict[str, str]]:
    return {r["student_id"]: r for r in csv.DictReader(io.StringIO(text))}


# ---- the run ----------------------------------------------------------------------------------


def new_term(root: Path) -> Term:
    """The term the sequences run on, with the cheaper release beside it."""
    t = make_term(root, STUDENTS)
    TermMachine.cheaper = release_with_points(
        t.out_dir.parent, CHEAPER_RELEASE, {CHEAPER["hw2"]: 5, CHEAPER["hw5"]: 5}
    )
    return t


def run_sequences(term: Term, examples: int = EXAMPLES) -> tuple[int, int]:
    """Run `examples` derandomized sequences; returns how many sequences ran and how many times
    every view was compared with the oracle. A view that
    disagrees with the oracle raises Hypothesis' failure (the sequence is in its message)."""
    TermMachine.term = term
    TermMachine.sequences = TermMachine.checks = 0
    run_state_machine_as_test(
        TermMachine,
        settings=settings(
            max_examples=examples,
            stateful_step_count=6,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
            derandomize=True,
            database=None,
            phases=(Phase.explicit, Phase.generate),  # a failing sequence is short already; shrinking it
            # through the service would take minutes
        ),
    )
    return TermMachine.sequences, TermMachine.checks


def main(argv: list[str]) -> int:
    # The database lives in memory-backed storage when the machine has it: every step commits,
    # and a disk's fsync per commit would make the sequences wait on the disk, not the service.
    shm = Path("/dev/shm")
    root = Path(tempfile.mkdtemp(prefix="ledger-stateful-", dir=shm if shm.is_dir() else argv[1]))
    term = new_term(root)
    try:
        sequences, checks = run_sequences(term)
    except BaseException:
        traceback.print_exc()
        return 1
    finally:
        term.service.close()
        shutil.rmtree(root, ignore_errors=True)
    print(f"ledger machine: {sequences} sequences, {checks} checks of every view, all equal to the oracle")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
