"""The gradebook: one SQLite file `OUT/gradebook.sqlite` (WAL), the single source of truth of a batch.

Every report (grades.csv, results.json, feedback, report.md) is rendered from this file, never
from memory, so an interrupted batch and an uninterrupted one give the same grades.csv.

Why not nbgrader's Gradebook: nbgrader models assignment -> notebook -> cell grades with points
that live in the notebook's cell metadata. Our unit is an exercise split into named sub-checks
whose points come from the release manifest (never from a submission), a submission may carry
two chapters in any file layout, and we record per-phase timings and sandbox faults apart from
student faults. Mapping that onto nbgrader's schema would mean fake "cells" per sub-check; a
small schema of our own is clearer (and keeps nbgrader, which slows `import nbformat`, out).

Schema (version 1):

  meta(key TEXT PRIMARY KEY, value TEXT)                      schema_version, created_at
  submissions(
    student_id TEXT PRIMARY KEY,      original id, exactly as the file name had it (may be hostile)
    safe_id TEXT UNIQUE NOT NULL,     folder name under OUT/ (see safe_id())
    content_hash TEXT,                intake.content_hash of the last intake
    release_version TEXT,             release the last grade was made against
    scope TEXT,                       grading key beyond hash+release: exercise filter and sandbox
    state TEXT NOT NULL,              received | parsed | running | graded | grader_error
    received_at, parsed_at, started_at, graded_at REAL   unix times of the last transitions
    status TEXT,                      StudentResult.status (ok, malformed:..., timeout, grader_error, ...)
    total REAL, max_total REAL,
    flags TEXT,                       JSON list of TA flags (tampered, unsafe_no_sandbox, ...)
    messages TEXT,                    JSON list of submission-level messages for the student (zh)
    error TEXT)                       grader fault text (state grader_error), else NULL
  scores(student_id, exercise, seq, score, max_score, status, summary)   PK (student_id, exercise)
  tests(student_id, name, seq, exercise, score, max_score, output, passed) PK (student_id, name)
  phases(student_id, seq, name, started_at, duration_s, outcome)          PK (student_id, seq)

States: received (seen in SUBMISSIONS) -> parsed (intake done, hash known) -> running ->
graded | grader_error. A submission is graded again when its state is not `graded`, when its
content hash, release version or scope changed, or on --regrade. A result (submission row +
scores + tests + phases) is written in ONE transaction, so `kill -9` never leaves half a student;
a row left in `running` by a killed batch is simply graded again.

One connection, shared by the batch's worker threads behind a lock (writes are tiny; the time
goes into sandboxed child processes).
"""

from __future__ import annotations

import hashlib
import json
import re
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from autograder.exercises import EXERCISE_IDS
from autograder.exercises.base import ExerciseScore, TestResult
from autograder.model import Phase, StudentResult
from autograder.states import SubmissionState

SCHEMA_VERSION = "1"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS submissions (
    student_id TEXT PRIMARY KEY,
    safe_id TEXT NOT NULL UNIQUE,
    content_hash TEXT,
    release_version TEXT,
    scope TEXT,
    state TEXT NOT NULL CHECK (state IN ({states})),
    received_at REAL, parsed_at REAL, started_at REAL, graded_at REAL,
    status TEXT, total REAL, max_total REAL,
    flags TEXT NOT NULL DEFAULT '[]',
    messages TEXT NOT NULL DEFAULT '[]',
    error TEXT
);
CREATE TABLE IF NOT EXISTS scores (
    student_id TEXT NOT NULL REFERENCES submissions(student_id),
    exercise TEXT NOT NULL, seq INTEGER NOT NULL,
    score REAL NOT NULL, max_score REAL NOT NULL, status TEXT NOT NULL, summary TEXT NOT NULL,
    PRIMARY KEY (student_id, exercise)
);
CREATE TABLE IF NOT EXISTS tests (
    student_id TEXT NOT NULL REFERENCES submissions(student_id),
    name TEXT NOT NULL, seq INTEGER NOT NULL, exercise TEXT NOT NULL,
    score REAL NOT NULL, max_score REAL NOT NULL, output TEXT NOT NULL, passed INTEGER NOT NULL,
    PRIMARY KEY (student_id, name)
);
CREATE TABLE IF NOT EXISTS phases (
    student_id TEXT NOT NULL REFERENCES submissions(student_id),
    seq INTEGER NOT NULL, name TEXT NOT NULL,
    started_at REAL NOT NULL, duration_s REAL NOT NULL, outcome TEXT NOT NULL,
    PRIMARY KEY (student_id, seq)
);
""".replace("{states}", ", ".join(f"'{state}'" for state in SubmissionState))

# Names the batch writes into OUT/ itself: a student folder must never be one of them.
RESERVED_NAMES = frozenset(
    {
        "grades.csv",
        "report.md",
        "gradebook.sqlite",
        "gradebook.sqlite-wal",
        "gradebook.sqlite-shm",
        "gradebook.sqlite-journal",
        "quiz",  # the quiz step's folder (answers.json, the packet): a student "quiz" is "quiz-<hash>"
        "quiz.csv",
    }
)
_CLEAN_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}")


def safe_id(student_id: str, *, long_hash: bool = False) -> str:
    """A folder name for a student id: the id itself when it is plainly safe, else an escaped form.

    Plainly safe: ASCII letters, digits and `._-`, starting with a letter or digit, at most 64
    characters, no `..`, not one of OUT's own file names. Anything else (path separators, `..`,
    control characters, leading `-` or `.`, spaces, non-ASCII) is replaced by `_`, trimmed and
    suffixed with a hash of the original id so two different ids never share a folder.
    """
    if (
        not long_hash
        and _CLEAN_ID.fullmatch(student_id)
        and ".." not in student_id
        and student_id.lower() not in RESERVED_NAMES
    ):
        return student_id
    digest = hashlib.sha256(student_id.encode("utf-8", "surrogatepass")).hexdigest()[: 16 if long_hash else 8]
    stem = re.sub(r"[^A-Za-z0-9_-]+", "_", student_id).strip("_-")[:40] or "id"
    return f"{stem}-{digest}"


@dataclass(frozen=True)
class SubmissionRow:
    student_id: str
    safe_id: str
    content_hash: str | None
    release_version: str | None
    scope: str | None
    state: str
    received_at: float | None
    parsed_at: float | None
    started_at: float | None
    graded_at: float | None
    status: str | None
    total: float | None
    max_total: float | None
    flags: tuple[str, ...]
    messages: tuple[str, ...]
    error: str | None


def _row(r: sqlite3.Row) -> SubmissionRow:
    return SubmissionRow(
        r["student_id"], r["safe_id"], r["content_hash"], r["release_version"], r["scope"], r["state"],
        r["received_at"], r["parsed_at"], r["started_at"], r["graded_at"], r["status"], r["total"],
        r["max_total"], tuple(json.loads(r["flags"])), tuple(json.loads(r["messages"])), r["error"],
    )  # fmt: skip


class Gradebook:
    def __init__(self, path: Path):
        self.path = path
        self._lock = threading.RLock()
        self._db = sqlite3.connect(path, isolation_level=None, check_same_thread=False, timeout=30.0)
        self._db.row_factory = sqlite3.Row
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute("PRAGMA foreign_keys=ON")
        with self._tx() as db:
            for stmt in _SCHEMA.split(";"):
                if stmt.strip():
                    db.execute(stmt)
            db.execute("INSERT OR IGNORE INTO meta VALUES ('schema_version', ?)", (SCHEMA_VERSION,))
            db.execute("INSERT OR IGNORE INTO meta VALUES ('created_at', ?)", (repr(time.time()),))
            found = db.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()[0]
        if found != SCHEMA_VERSION:
            raise ValueError(f"{path}: gradebook schema {found}, this jaxgrade writes {SCHEMA_VERSION}")

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def __enter__(self) -> Gradebook:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def _tx(self) -> Iterator[_Tx]:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield _Tx(self._db)
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    # -- lookups ---------------------------------------------------------------------------

    def get(self, student_id: str) -> SubmissionRow | None:
        with self._lock:
            r = self._db.execute("SELECT * FROM submissions WHERE student_id=?", (student_id,)).fetchone()
        return _row(r) if r else None

    def rows(self) -> list[SubmissionRow]:
        with self._lock:
            rs = self._db.execute("SELECT * FROM submissions ORDER BY student_id").fetchall()
        return [_row(r) for r in rs]

    def needs_grading(self, student_id: str, content_hash: str, release_version: str, scope: str) -> bool:
        row = self.get(student_id)
        return not (
            row is not None
            and row.state == SubmissionState.GRADED
            and row.content_hash == content_hash
            and row.release_version == release_version
            and row.scope == scope
        )

    # -- transitions -----------------------------------------------------------------------

    def receive(self, student_id: str, at: float) -> str:
        """Make sure the student has a row (state `received` if new); returns the safe id."""
        with self._tx() as db:
            r = db.execute("SELECT safe_id FROM submissions WHERE student_id=?", (student_id,)).fetchone()
            if r:
                return str(r[0])
            candidate = safe_id(student_id)
            taken = {
                str(x[0]).lower()
                for x in db.execute(
                    "SELECT safe_id FROM submissions WHERE lower(safe_id)=lower(?)", (candidate,)
                )
            }
            if candidate.lower() in taken:  # case-insensitive clash, or a crafted id equal to an escaped one
                candidate = safe_id(student_id, long_hash=True)
            db.execute(
                "INSERT INTO submissions (student_id, safe_id, state, received_at)"
                " VALUES (?, ?, ?, ?)",
                (student_id, candidate, SubmissionState.RECEIVED, at),
            )
            return candidate

    def mark_parsed(self, student_id: str, content_hash: str, at: float) -> None:
        with self._tx() as db:
            db.execute(
                "UPDATE submissions SET state=?, content_hash=?, parsed_at=? WHERE student_id=?",
                (SubmissionState.PARSED, content_hash, at, student_id),
            )

    def mark_running(self, student_id: str, at: float) -> None:
        with self._tx() as db:
            db.execute(
                "UPDATE submissions SET state=?, started_at=? WHERE student_id=?",
                (SubmissionState.RUNNING, at, student_id),
            )

    def record_result(self, result: StudentResult, *, scope: str, graded_at: float) -> None:
        """Write a complete result in one transaction (replacing the student's previous one)."""
        with self._tx() as db:
            sid = result.student_id
            if db.execute("SELECT 1 FROM submissions WHERE student_id=?", (sid,)).fetchone() is None:
                raise KeyError(f"record_result for unknown student {sid!r}")
            for table in ("scores", "tests", "phases"):
                db.execute(f"DELETE FROM {table} WHERE student_id=?", (sid,))
            order = {e: i for i, e in enumerate(EXERCISE_IDS)}
            seq = 0
            for ex in sorted(result.scores, key=lambda e: order.get(e, len(order))):
                s = result.scores[ex]
                db.execute(
                    "INSERT INTO scores VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (sid, ex, order.get(ex, len(order)), float(s.score), float(s.max_score), s.status,
                     s.summary_zh),
                )  # fmt: skip
                for t in s.tests:
                    db.execute(
                        "INSERT INTO tests VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                        (
                            sid,
                            t.name,
                            seq,
                            ex,
                            float(t.score),
                            float(t.max_score),
                            t.output_zh,
                            int(t.passed),
                        ),
                    )
                    seq += 1
            for i, p in enumerate(result.phases):
                db.execute(
                    "INSERT INTO phases VALUES (?, ?, ?, ?, ?, ?)",
                    (sid, i, p.name, float(p.started_at), float(p.duration_s), p.outcome),
                )
            db.execute(
                "UPDATE submissions SET state=?, content_hash=?, release_version=?, scope=?,"
                " graded_at=?, status=?, total=?, max_total=?, flags=?, messages=?, error=NULL"
                " WHERE student_id=?",
                (SubmissionState.GRADED, result.content_hash, result.release_version, scope, graded_at,
                 result.status, float(result.total), float(result.max_total),
                 json.dumps(sorted(set(result.flags))),
                 json.dumps(list(result.messages_zh), ensure_ascii=False), sid),
            )  # fmt: skip

    def record_grader_error(
        self, student_id: str, error: str, *, at: float, phases: tuple[Phase, ...] = ()
    ) -> None:
        """The grader failed on this submission: no score is kept; it is graded again next run."""
        with self._tx() as db:
            for table in ("scores", "tests", "phases"):
                db.execute(f"DELETE FROM {table} WHERE student_id=?", (student_id,))
            for i, p in enumerate(phases):
                db.execute(
                    "INSERT INTO phases VALUES (?, ?, ?, ?, ?, ?)",
                    (student_id, i, p.name, float(p.started_at), float(p.duration_s), p.outcome),
                )
            db.execute(
                "UPDATE submissions SET state=?, status='grader_error', error=?, graded_at=?,"
                " total=0, max_total=NULL, flags='[\"grader_error\"]', messages='[]' WHERE student_id=?",
                (SubmissionState.GRADER_ERROR, error[:4000], at, student_id),
            )

    # -- reading results back --------------------------------------------------------------

    def load_result(self, student_id: str) -> StudentResult | None:
        """The graded result as recorded (None unless state is graded)."""
        row = self.get(student_id)
        if row is None or row.state != SubmissionState.GRADED:
            return None
        with self._lock:
            score_rows = self._db.execute(
                "SELECT * FROM scores WHERE student_id=? ORDER BY seq, exercise", (student_id,)
            ).fetchall()
            test_rows = self._db.execute(
                "SELECT * FROM tests WHERE student_id=? ORDER BY seq", (student_id,)
            ).fetchall()
        phases = self.phases(student_id)
        tests: dict[str, list[TestResult]] = {}
        for t in test_rows:
            tests.setdefault(t["exercise"], []).append(
                TestResult(t["name"], t["score"], t["max_score"], t["output"], bool(t["passed"]))
            )
        scores = {
            s["exercise"]: ExerciseScore(
                s["exercise"],
                s["score"],
                s["max_score"],
                tuple(tests.get(s["exercise"], ())),
                s["status"],
                s["summary"],
            )  # fmt: skip
            for s in score_rows
        }
        return StudentResult(
            student_id, row.content_hash or "", row.release_version or "", scores, row.status or "",
            phases, row.messages, row.flags,
        )  # fmt: skip

    def phases(self, student_id: str) -> tuple[Phase, ...]:
        with self._lock:
            rs = self._db.execute(
                "SELECT * FROM phases WHERE student_id=? ORDER BY seq", (student_id,)
            ).fetchall()
        return tuple(Phase(r["name"], r["started_at"], r["duration_s"], r["outcome"]) for r in rs)

    def all_phases(self) -> list[tuple[str, Phase]]:
        with self._lock:
            rs = self._db.execute("SELECT * FROM phases ORDER BY student_id, seq").fetchall()
        return [
            (r["student_id"], Phase(r["name"], r["started_at"], r["duration_s"], r["outcome"])) for r in rs
        ]


class _Tx:
    """The connection inside a transaction (only `execute`)."""

    def __init__(self, db: sqlite3.Connection):
        self._db = db

    def execute(self, sql: str, params: tuple[object, ...] = ()) -> sqlite3.Cursor:
        return self._db.execute(sql, params)
