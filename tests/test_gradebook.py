"""The SQLite gradebook: schema, states, atomic results, safe folder names."""

from __future__ import annotations

import re
import sqlite3
import threading
from pathlib import Path

import pytest

from autograder.exercises import EXERCISE_IDS
from autograder.exercises.base import ExerciseScore
from autograder.exercises.base import TestResult as Check
from autograder.grade.gradebook import RESERVED_NAMES, Gradebook, safe_id
from autograder.model import Phase, StudentResult

SCOPE = "exercises=all;sandbox=yes"


def result(sid: str, score: float = 5.0, status: str = "ok", content_hash: str = "h1") -> StudentResult:
    scores = {}
    for ex in EXERCISE_IDS:
        tests = (
            Check(f"{ex}: a", score / 2, 5.0, "性质 A:通过", True),
            Check(f"{ex}: b", score / 2, 5.0, "性质 B:未通过。最大误差 1e-3 <b>", False),
        )
        scores[ex] = ExerciseScore(ex, score, 10.0, tests, "ok", "")
    phases = (Phase("intake", 1000.0, 0.5, "ok"), Phase("ch05/build", 1001.0, 12.25, "cached"))
    return StudentResult(sid, content_hash, "2026-fall", scores, status, phases, ("提示一",), ("tampered",))


@pytest.fixture
def gb(tmp_path: Path):
    with Gradebook(tmp_path / "gradebook.sqlite") as book:
        yield book


def test_schema_and_wal(tmp_path: Path, gb: Gradebook) -> None:
    db = sqlite3.connect(tmp_path / "gradebook.sqlite")
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"meta", "submissions", "scores", "tests", "phases"} <= tables
    cols = [r[1] for r in db.execute("PRAGMA table_info(submissions)")]
    for c in ("student_id", "safe_id", "content_hash", "release_version", "state", "received_at", "parsed_at",
              "started_at", "graded_at", "status", "total", "max_total", "flags", "error"):  # fmt: skip
        assert c in cols
    with pytest.raises(sqlite3.IntegrityError):  # states are constrained
        db.execute("INSERT INTO submissions (student_id, safe_id, state) VALUES ('x', 'x', 'bogus')")


def test_states_move_forward_and_result_round_trips(gb: Gradebook) -> None:
    assert gb.receive("s1", 1.0) == "s1"
    assert gb.get("s1").state == "received"  # type: ignore[union-attr]
    gb.mark_parsed("s1", "h1", 2.0)
    assert gb.get("s1").state == "parsed"  # type: ignore[union-attr]
    assert gb.needs_grading("s1", "h1", "2026-fall", SCOPE)
    gb.mark_running("s1", 3.0)
    assert gb.get("s1").state == "running"  # type: ignore[union-attr]
    r = result("s1")
    gb.record_result(r, scope=SCOPE, graded_at=4.0)
    row = gb.get("s1")
    assert row is not None
    assert (row.state, row.status, row.total, row.max_total) == ("graded", "ok", 40.0, 80.0)
    assert (row.received_at, row.parsed_at, row.started_at, row.graded_at) == (1.0, 2.0, 3.0, 4.0)
    assert gb.load_result("s1") == r
    assert not gb.needs_grading("s1", "h1", "2026-fall", SCOPE)
    assert gb.needs_grading("s1", "h2", "2026-fall", SCOPE)  # new content
    assert gb.needs_grading("s1", "h1", "2027-spring", SCOPE)  # new release
    assert gb.needs_grading("s1", "h1", "2026-fall", "exercises=histogram;sandbox=yes")  # other scope


def test_reopening_keeps_everything(tmp_path: Path) -> None:
    with Gradebook(tmp_path / "g.sqlite") as gb:
        gb.receive("s1", 1.0)
        gb.record_result(result("s1"), scope=SCOPE, graded_at=2.0)
    with Gradebook(tmp_path / "g.sqlite") as gb:
        assert gb.load_result("s1") == result("s1")
        assert gb.receive("s1", 9.0) == "s1"  # existing row untouched
        assert gb.get("s1").received_at == 1.0  # type: ignore[union-attr]


def test_a_failing_write_leaves_the_previous_result_whole(gb: Gradebook) -> None:
    gb.receive("s1", 1.0)
    gb.record_result(result("s1", 4.0), scope=SCOPE, graded_at=2.0)
    bad = result("s1", 8.0)
    ex = bad.scores["fusion"]
    dup = ExerciseScore(ex.exercise, ex.score, ex.max_score, (*ex.tests, ex.tests[0]), ex.status)  # same name
    bad = StudentResult(bad.student_id, "h2", bad.release_version, {**bad.scores, "fusion": dup}, "ok")
    with pytest.raises(sqlite3.IntegrityError):
        gb.record_result(bad, scope=SCOPE, graded_at=3.0)
    assert gb.load_result("s1") == result("s1", 4.0)  # nothing half-written


def test_grader_error_discards_scores_and_asks_for_a_rerun(gb: Gradebook) -> None:
    gb.receive("s1", 1.0)
    gb.record_result(result("s1"), scope=SCOPE, graded_at=2.0)
    gb.record_grader_error("s1", "bwrap: cannot create namespace", at=3.0)
    row = gb.get("s1")
    assert row is not None and row.state == "grader_error" and row.status == "grader_error"
    assert row.error == "bwrap: cannot create namespace"
    assert gb.load_result("s1") is None
    assert gb.needs_grading("s1", "h1", "2026-fall", SCOPE)


def test_unknown_student_is_an_error(gb: Gradebook) -> None:
    with pytest.raises(KeyError):
        gb.record_result(result("ghost"), scope=SCOPE, graded_at=1.0)


def test_concurrent_writers(gb: Gradebook) -> None:
    def work(k: int) -> None:
        for i in range(15):
            sid = f"s{k}_{i}"
            gb.receive(sid, 1.0)
            gb.mark_parsed(sid, "h1", 2.0)
            gb.mark_running(sid, 3.0)
            gb.record_result(result(sid, float(i % 10)), scope=SCOPE, graded_at=4.0)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    rows = gb.rows()
    assert len(rows) == 120 and all(r.state == "graded" for r in rows)
    assert gb.load_result("s3_7") == result("s3_7", 7.0)


NASTY = [
    "../../etc/passwd", "..", ".", "", "-rf", "--help", "a/b", "a\\b", "x\x00y", "line\nbreak", "tab\there",
    "ü李雷", "=cmd|' /C calc'!A0", "CON", " lead space", ".hidden", "a" * 300, "grades.csv", "REPORT.MD",
    "gradebook.sqlite", "s1..", "\u202eevil", "$(reboot)", "`id`", "a b c",
]  # fmt: skip


def test_safe_id_never_escapes_or_collides() -> None:
    seen: dict[str, str] = {}
    for sid in NASTY:
        s = safe_id(sid)
        assert re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9._-]*", s), (sid, s)
        assert ".." not in s and len(s) <= 64 and s.lower() not in RESERVED_NAMES
        assert s not in seen, (sid, seen.get(s))
        seen[s] = sid
    assert safe_id("s123") == "s123" and safe_id("jane.doe") == "jane.doe"
    # the batch's own outputs: a student id "quiz" would share OUT/quiz/ with the quiz packet
    assert safe_id("quiz").startswith("quiz-") and safe_id("Quiz").startswith("Quiz-")
    assert safe_id("quiz.csv") != "quiz.csv"


def test_case_and_crafted_collisions_get_distinct_folders(gb: Gradebook) -> None:
    victim = "a b"
    crafted = safe_id(victim)  # a real id that equals another id's escaped form
    a = gb.receive(crafted, 1.0)
    b = gb.receive(victim, 1.0)
    c = gb.receive("Alice", 1.0)
    d = gb.receive("alice", 1.0)
    assert len({a, b, c, d}) == 4
    assert len({x.lower() for x in (a, b, c, d)}) == 4
    assert gb.get(victim).safe_id == b  # type: ignore[union-attr]  # the mapping is kept
