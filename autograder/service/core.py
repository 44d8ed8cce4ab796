"""`Service`: the operations of the grader service, shared by the JSON API, the pages and the workers.

Trusted side. Nothing here runs or imports student code (or JAX): uploads are stored as bytes,
grading happens in `jaxgrade grade` subprocesses started by `worker.py`.

Identity: a student is whoever holds their access token (`secrets.token_urlsafe(32)`); the
database keeps only its sha256, compared with `hmac.compare_digest`. Every student-facing read
takes the student id of the caller and answers None for anything that is not theirs, so the API
can say 404 without telling whether the attempt exists.

Durability: `submit` stores every file in the blob store (fsynced) and commits the attempt row
before it returns; only then does the API answer 202.
"""

from __future__ import annotations

import csv
import hashlib
import hmac
import io
import json
import os
import secrets
import threading
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import sqlalchemy as sa

from autograder.exercises import CHAPTERS, EXERCISE_IDS
from autograder.grade.gradebook import safe_id
from autograder.grade.model import ReleaseInfo
from autograder.grade.reports import GRADES_COLUMNS, format_score, neutralize_cell
from autograder.lms.export import ScoreRow, canvas_csv
from autograder.release.personalise import personalise_notebook
from autograder.roster import Roster, load_roster
from autograder.roster import Student as RosterStudent
from autograder.service import assignments, db, extensions
from autograder.service.blobs import BlobStore
from autograder.service.config import ServiceConfig
from autograder.term.counting import Candidate, Counted, Deadlines, counted_attempt, deadlines_for

STATES = ("queued", "running", "graded", "grader_error")
UPLOAD_SUFFIXES = (".ipynb", ".zip", ".cc")
MAX_NAME_CHARS = 200


# ---------------------------------------------------------------------------------------------
# Plain data returned to the API and the pages


@dataclass(frozen=True)
class Student:
    student_id: str
    name: str
    email: str = ""


@dataclass(frozen=True)
class Attempt:
    """One upload and its grading; `to_json()` is the body of GET /api/submissions/<id>."""

    id: int
    student_id: str
    status: str  # queued | running | graded | grader_error (a retry pending is "queued")
    submitted_at: float  # unix seconds
    graded_at: float | None
    late: bool
    score: float | None
    max_score: float | None
    grade_status: str | None  # grades.csv status of the graded attempt (ok, malformed:..., ...)
    exercises: dict[str, float | None]  # exercise id -> score (None: not graded)
    files: tuple[str, ...] = ()  # uploaded file names, in upload order

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "student_id": self.student_id,
            "status": self.status,
            "submitted_at": iso(self.submitted_at),
            "graded_at": iso(self.graded_at) if self.graded_at is not None else None,
            "late": self.late,
            "score": self.score,
            "max_score": self.max_score,
            "grade_status": self.grade_status,
            "exercises": dict(self.exercises),
        }


class Refusal(Exception):
    """An upload or request the service will not accept; the API turns it into a JSON error.

    http_status: 400, 401, 403, 404, 413, 422 or 429; message_zh for the student (Simplified
    Chinese); message_en for logs, the API and terminals; retry_after: seconds until the next
    attempt is allowed (429), else None."""

    def __init__(self, http_status: int, message_zh: str, message_en: str, retry_after: float | None = None):
        super().__init__(message_en)
        self.http_status = http_status
        self.message_zh = message_zh
        self.message_en = message_en
        self.retry_after = retry_after


@dataclass(frozen=True)
class ClaimedAttempt:
    """What a worker needs to grade one attempt."""

    id: int
    student_id: str
    submitted_at: float
    files: tuple[tuple[str, str], ...]  # (file name, sha256)
    tries: int  # including this one


@dataclass(frozen=True)
class GradedOutcome:
    """What a worker read from a finished `jaxgrade grade` run of one attempt."""

    score: float
    max_score: float
    grade_status: str
    exercises: dict[str, float | None]
    grades_row: tuple[str, ...]  # the student's grades.csv cells, verbatim
    subchecks: dict[str, bool]
    flags: tuple[str, ...]
    out_dir: str


def iso(t: float) -> str:
    return datetime.fromtimestamp(t, UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def _write_private(path: Path, text: str) -> None:
    """Write `text` to `path` atomically with mode 0600 (tokens)."""
    tmp = path.with_name(f".{path.name}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    os.chmod(tmp, 0o600)
    os.replace(tmp, path)


# ---------------------------------------------------------------------------------------------
# The service


class Service:
    """All state lives in the database and under `cfg.data_dir`; an instance holds no grades in memory.

    Construction prepares DIR (0700), the schema, the roster's students and tokens, the TA token,
    and puts attempts left `running` by a dead process back in the queue.
    """

    def __init__(self, cfg: ServiceConfig, *, clock: Any = time.time):
        cfg.check()
        self.cfg = cfg
        self.clock = clock
        cfg.data_dir.mkdir(parents=True, exist_ok=True)
        os.chmod(cfg.data_dir, 0o700)  # uploads, tokens and grades are private
        cfg.attempts_dir.mkdir(exist_ok=True)
        self.release = ReleaseInfo.load(cfg.release)
        self.blobs = BlobStore(cfg.blobs_dir)
        self.engine = db.connect(cfg.database_url, upgrade=cfg.upgrade_db)
        self.assignment = assignments.from_config(cfg)  # uploads go to it (one assignment per service)
        assignments.store(self.engine, [self.assignment], self.clock())
        self._submit_lock = threading.Lock()  # attempt-limit check and insert as one step
        self._work_ready = threading.Condition()
        self._workers: dict[str, int | None] = {}  # worker name -> attempt it grades (for status)
        self.new_tokens: dict[str, str] = {}  # student id -> token issued by this start-up
        if cfg.roster is not None:
            self.new_tokens = self.import_roster(load_roster(cfg.roster))
        self._ensure_ta_token()
        self.requeue_interrupted()

    # -- identity

    def import_roster(self, roster: Roster) -> dict[str, str]:
        """Add new students (each with a fresh token, appended to DIR/tokens.csv) and update the
        names and LMS fields of known ones. Returns the tokens issued now."""
        issued: dict[str, str] = {}
        now = self.clock()
        with self.engine.begin() as conn:
            known = {r.student_id for r in conn.execute(sa.select(db.students.c.student_id))}
            for s in roster.students:
                fields = {
                    "name": s.name,
                    "email": s.email,
                    "lms_id": s.lms_id,
                    "sis_login_id": s.sis_login_id,
                    "section": s.section,
                }
                if s.student_id in known:
                    conn.execute(
                        db.students.update().where(db.students.c.student_id == s.student_id).values(**fields)
                    )
                    continue
                token = secrets.token_urlsafe(32)
                issued[s.student_id] = token
                conn.execute(
                    db.students.insert().values(
                        student_id=s.student_id, token_hash=hash_token(token), created_at=now, **fields
                    )
                )
            if issued:
                self._append_tokens_csv(issued)  # inside the transaction: no token in the DB without the file
        return issued

    def reissue_token(self, student_id: str) -> str:
        """A new token for a known student (appended to DIR/tokens.csv); the old one stops working.

        Raises KeyError for an unknown student."""
        token = secrets.token_urlsafe(32)
        with self.engine.begin() as conn:
            n = conn.execute(
                db.students.update()
                .where(db.students.c.student_id == student_id)
                .values(token_hash=hash_token(token))
            ).rowcount
            if n != 1:
                raise KeyError(student_id)
            self._append_tokens_csv({student_id: token})
        return token

    def _append_tokens_csv(self, issued: dict[str, str]) -> None:
        path = self.cfg.tokens_csv
        old = path.read_text(encoding="utf-8") if path.is_file() else "student_id,token\n"
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        for sid in sorted(issued):
            w.writerow([sid, issued[sid]])
        _write_private(path, old + buf.getvalue())

    def _ensure_ta_token(self) -> None:
        """DIR/ta-token (0600) holds a token whose hash is in the database; a missing or stale file
        gets a new token."""
        path = self.cfg.ta_token_file
        with self.engine.begin() as conn:
            stored = conn.execute(
                sa.select(db.settings.c.value).where(db.settings.c.key == "ta_token_hash")
            ).scalar_one_or_none()
            current = path.read_text(encoding="utf-8").strip() if path.is_file() else ""
            if stored is not None and current and hmac.compare_digest(hash_token(current), stored):
                os.chmod(path, 0o600)
                return
            token = secrets.token_urlsafe(32)
            if stored is None:
                conn.execute(db.settings.insert().values(key="ta_token_hash", value=hash_token(token)))
            else:
                conn.execute(
                    db.settings.update()
                    .where(db.settings.c.key == "ta_token_hash")
                    .values(value=hash_token(token))
                )
            _write_private(path, token + "\n")

    def student_for_token(self, token: str | None) -> Student | None:
        """The student holding `token`, or None."""
        if not token or len(token) > 256:
            return None
        digest = hash_token(token)
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(db.students).where(db.students.c.token_hash == digest)).first()
        if row is None or not hmac.compare_digest(row.token_hash, digest):
            return None
        return Student(row.student_id, row.name, row.email)

    def is_ta_token(self, token: str | None) -> bool:
        if not token or len(token) > 256:
            return False
        with self.engine.connect() as conn:
            stored = conn.execute(
                sa.select(db.settings.c.value).where(db.settings.c.key == "ta_token_hash")
            ).scalar_one_or_none()
        return stored is not None and hmac.compare_digest(hash_token(token), stored)

    def student(self, student_id: str) -> Student | None:
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(db.students).where(db.students.c.student_id == student_id)).first()
        return None if row is None else Student(row.student_id, row.name, row.email)

    def students(self) -> list[Student]:
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(db.students).order_by(db.students.c.student_id)).all()
        return [Student(r.student_id, r.name, r.email) for r in rows]

    # -- submitting

    def check_upload_allowed(self, student_id: str) -> None:
        """Raise the Refusal an upload by this student would get now for timing reasons (deadline,
        attempt limit), before any file is read. Pages may call it to explain the form."""
        now = self.clock()
        self._check_deadline(now, student_id)
        with self.engine.connect() as conn:
            self._check_rate(conn, student_id, now)

    def deadlines(self, student_id: str) -> Deadlines:
        """The student's deadlines for the service's assignment (their extension's, if any)."""
        with self.engine.connect() as conn:
            ext = extensions.of_student(conn, self.assignment.id, student_id)
        return deadlines_for(self.assignment, ext)

    def local_time(self, t: float) -> str:
        """A time for students and TAs, in the time zone of `--deadline` (else UTC), to the minute."""
        tz = self.cfg.deadline.tzinfo if self.cfg.deadline is not None else UTC
        return datetime.fromtimestamp(t, tz).isoformat(timespec="minutes")

    def _check_deadline(self, now: float, student_id: str) -> Deadlines:
        deadlines = self.deadlines(student_id)
        if deadlines.closed_at(now):
            closing = deadlines.late_until if deadlines.late_until is not None else deadlines.due_at
            when = self.local_time(closing)  # type: ignore[arg-type]  # closed_at implies one is set
            raise Refusal(403, f"提交已截止({when}),不再接受新的提交。", f"submissions closed at {when}")
        return deadlines

    def _check_rate(self, conn: sa.Connection, student_id: str, now: float) -> None:
        limit = self.cfg.max_attempts_per_hour
        recent = (
            conn.execute(
                sa.select(db.attempts.c.submitted_at)
                .where(db.attempts.c.student_id == student_id, db.attempts.c.submitted_at > now - 3600)
                .order_by(db.attempts.c.submitted_at)
            )
            .scalars()
            .all()
        )
        if len(recent) >= limit:
            wait = max(1.0, recent[len(recent) - limit] + 3600 - now)
            minutes = max(1, round(wait / 60))
            raise Refusal(
                429,
                f"一小时内最多提交 {limit} 次。请在约 {minutes} 分钟后再提交。",
                f"at most {limit} attempts per hour; the next one is allowed in {wait:.0f} s",
                retry_after=wait,
            )

    def check_files(self, files: list[tuple[str, bytes]]) -> list[tuple[str, bytes]]:
        """The upload's files with plain base names, or a Refusal (400/413/422) saying what is wrong."""
        if not files:
            raise Refusal(400, "没有收到文件:请选择 .ipynb 笔记本(或一个 .zip)。", "no files in the upload")
        if len(files) > self.cfg.max_files:
            raise Refusal(
                413,
                f"一次最多上传 {self.cfg.max_files} 个文件。",
                f"more than {self.cfg.max_files} files in one upload",
            )
        total = sum(len(data) for _, data in files)
        if total > self.cfg.max_upload_bytes:
            raise Refusal(
                413,
                f"上传内容超过 {self.cfg.max_upload_bytes // 2**20} MB 的上限。",
                f"upload larger than {self.cfg.max_upload_bytes} bytes",
            )
        out: list[tuple[str, bytes]] = []
        seen: set[str] = set()
        for raw_name, data in files:
            name = raw_name.replace("\\", "/").rsplit("/", 1)[-1].strip()
            shown = name[:80]
            if (
                not name
                or name.startswith(".")
                or len(name) > MAX_NAME_CHARS
                or any(ord(c) < 32 for c in name)
            ):
                raise Refusal(422, f"文件名 {shown!r} 无法使用。", f"unusable file name {shown!r}")
            if not name.lower().endswith(UPLOAD_SUFFIXES):
                raise Refusal(
                    422,
                    f"不支持的文件类型 {shown!r}:请上传 .ipynb、.zip 或 .cc 文件。",
                    f"unsupported file type {shown!r} (.ipynb, .zip or .cc)",
                )
            if name in seen:
                raise Refusal(422, f"文件 {shown!r} 上传了两次。", f"file {shown!r} uploaded twice")
            if not data:
                raise Refusal(422, f"文件 {shown!r} 是空的。", f"file {shown!r} is empty")
            seen.add(name)
            out.append((name, data))
        zips = [n for n, _ in out if n.lower().endswith(".zip")]
        notebooks = [n for n, _ in out if n.lower().endswith(".ipynb")]
        if len(zips) > 1 or (zips and notebooks):
            raise Refusal(
                422,
                "请只上传一个 .zip,或者上传 .ipynb 笔记本,不要两者混合。",
                "upload either one .zip or .ipynb notebooks, not both",
            )
        if not zips and not notebooks:
            raise Refusal(
                422, "没有笔记本:请上传 .ipynb 笔记本或一个 .zip。", "no notebook or .zip in the upload"
            )
        return out

    def submit(self, student_id: str, files: list[tuple[str, bytes]]) -> Attempt:
        """Store the files and queue an attempt; durable (blobs fsynced, row committed) on return.

        Raises Refusal: 403 after the (late) deadline, 429 over the attempt limit, 400/413/422 for
        an unusable upload. A notebook that intake will reject is accepted here: its attempt is
        graded to its malformed status, so nothing a student sent is lost.
        """
        now = self.clock()
        late = self._check_deadline(now, student_id).lateness_s(now) > 0
        checked = self.check_files(files)
        stored = [{"name": name, "sha256": self.blobs.put(data), "size": len(data)} for name, data in checked]
        with self._submit_lock, self.engine.begin() as conn:
            self._check_rate(conn, student_id, now)
            attempt_id = conn.execute(
                db.attempts.insert().values(
                    student_id=student_id,
                    assignment_id=self.assignment.id,
                    submitted_at=now,
                    late=late,
                    files=json.dumps(stored),
                    status="queued",
                    tries=0,
                    not_before=0.0,
                )
            ).inserted_primary_key[0]
        self.notify_workers()
        found = self.attempt(student_id, int(attempt_id))
        assert found is not None
        return found

    # -- reading attempts (student side: always scoped to the caller)

    @staticmethod
    def _attempt(row: Any) -> Attempt:
        exercises = json.loads(row.exercises) if row.exercises else {ex: None for ex in EXERCISE_IDS}
        return Attempt(
            id=row.id,
            student_id=row.student_id,
            status=row.status,
            submitted_at=row.submitted_at,
            graded_at=row.graded_at,
            late=bool(row.late),
            score=row.score,
            max_score=row.max_score,
            grade_status=row.grade_status,
            exercises=exercises,
            files=tuple(f["name"] for f in json.loads(row.files)),
        )

    def attempt(self, student_id: str, attempt_id: int) -> Attempt | None:
        """The attempt if it exists and belongs to `student_id`, else None."""
        with self.engine.connect() as conn:
            row = conn.execute(
                sa.select(db.attempts).where(
                    db.attempts.c.id == attempt_id, db.attempts.c.student_id == student_id
                )
            ).first()
        return None if row is None else self._attempt(row)

    def attempts(self, student_id: str) -> list[Attempt]:
        """The student's attempts, newest first."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(db.attempts)
                .where(db.attempts.c.student_id == student_id)
                .order_by(db.attempts.c.submitted_at.desc(), db.attempts.c.id.desc())
            ).all()
        return [self._attempt(r) for r in rows]

    def feedback_html(self, student_id: str, attempt_id: int) -> str | None:
        """The attempt's feedback.html (the batch's own file) if it is the student's and graded."""
        with self.engine.connect() as conn:
            row = conn.execute(
                sa.select(db.attempts.c.out_dir, db.attempts.c.status).where(
                    db.attempts.c.id == attempt_id, db.attempts.c.student_id == student_id
                )
            ).first()
        if row is None or row.status != "graded" or not row.out_dir:
            return None
        path = Path(row.out_dir) / safe_id(student_id) / "feedback.html"
        try:
            return path.read_text(encoding="utf-8")
        except OSError:
            return None

    def release_notebook(self, student_id: str, chapter: str) -> tuple[str, bytes]:
        """The released student notebook of `chapter` ("ch02"/"ch05") personalised for this student
        (their own per-student variants, e.g. the recompile sequence the grader will judge them on,
        chosen by the login id, never by anything the student typed): (file name, bytes).

        Raises KeyError for an unknown chapter or student."""
        if chapter not in CHAPTERS or self.student(student_id) is None:
            raise KeyError(chapter)
        path = self.release.notebooks[chapter]
        released = json.loads(path.read_text(encoding="utf-8"))
        personal = personalise_notebook(released, student_id, self.release.root)
        return path.name, (json.dumps(personal, indent=1, ensure_ascii=False) + "\n").encode("utf-8")

    # -- TA side

    def _counted(self, rows: list[Any]) -> Any | None:
        """The row of the attempt that counts for a student (`term/counting.py`'s rule)."""
        detail = self._counted_detail(rows)
        return None if detail is None else next(r for r in rows if r.id == detail.attempt_id)

    def _counted_detail(self, rows: list[Any]) -> Counted | None:
        if not rows:
            return None
        candidates = [
            Candidate(r.id, r.submitted_at, r.score if r.status == "graded" else None) for r in rows
        ]
        return counted_attempt(self.assignment, self.deadlines(rows[0].student_id), candidates)

    def counted_detail(self, student_id: str) -> Counted | None:
        """The counted attempt of one student with its late factor (None: no attempt)."""
        return self._counted_detail(self._rows_by_student().get(student_id, []))

    def _rows_by_student(self) -> dict[str, list[Any]]:
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(db.attempts).order_by(db.attempts.c.id)).all()
        by: dict[str, list[Any]] = {}
        for r in rows:
            by.setdefault(r.student_id, []).append(r)
        return by

    def counted_attempts(self) -> dict[str, Attempt | None]:
        """Roster student id -> the attempt that counts (None: no attempt)."""
        by = self._rows_by_student()
        out: dict[str, Attempt | None] = {}
        for s in self.students():
            row = self._counted(by.get(s.student_id, []))
            out[s.student_id] = None if row is None else self._attempt(row)
        return out

    def grades_csv(self) -> str:
        """Exactly the batch grades.csv columns, one row per roster student, sorted by id.

        A graded counted attempt contributes its own grades.csv row verbatim; a student with no
        attempt gets 0 points and `not_submitted` (what the batch gives an empty entry); an attempt
        that is not graded yet gets empty scores and its state, as the batch does for grader_error."""
        by = self._rows_by_student()
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n", quoting=csv.QUOTE_MINIMAL)
        w.writerow(GRADES_COLUMNS)
        max_total = sum(self.release.points[ex] for ex in EXERCISE_IDS)
        for s in self.students():
            row = self._counted(by.get(s.student_id, []))
            if row is None:
                w.writerow(
                    [
                        neutralize_cell(s.student_id),
                        *(format_score(0.0) for _ in EXERCISE_IDS),
                        format_score(0.0),
                        format_score(max_total),
                        "not_submitted",
                    ]
                )
            elif row.status == "graded" and row.grades_row:
                w.writerow(json.loads(row.grades_row))
            else:
                w.writerow([neutralize_cell(s.student_id), *("" for _ in EXERCISE_IDS), "", "", row.status])
        return buf.getvalue()

    def canvas_csv(self) -> str:
        """Canvas gradebook import of the counted attempts (`lms.export.canvas_csv`): a student with no
        attempt scores 0 (as in grades.csv), an attempt not graded yet leaves the cell empty."""
        counted = self.counted_attempts()
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(db.students).order_by(db.students.c.student_id)).all()
        scored: list[ScoreRow] = []
        for r in rows:
            a = counted.get(r.student_id)
            score = 0.0 if a is None else (a.score if a.status == "graded" else None)
            student = RosterStudent(r.student_id, r.name, r.email, r.lms_id, r.sis_login_id, r.section)
            scored.append(ScoreRow(student, score))
        return canvas_csv(
            scored,
            assignment=f"jaxgrade {self.release.version}",
            points_possible=sum(self.release.points.values()),
        )

    def status(self) -> dict[str, Any]:
        """Queue counts, workers and the settings a TA wants to see."""
        with self.engine.connect() as conn:
            counts = dict(
                conn.execute(
                    sa.select(db.attempts.c.status, sa.func.count()).group_by(db.attempts.c.status)
                ).all()
            )
            retrying = conn.execute(
                sa.select(sa.func.count())
                .select_from(db.attempts)
                .where(db.attempts.c.status == "queued", db.attempts.c.tries > 0)
            ).scalar_one()
            n_students = conn.execute(sa.select(sa.func.count()).select_from(db.students)).scalar_one()
        with self._work_ready:
            workers = [{"name": n, "attempt": a} for n, a in sorted(self._workers.items())]
        return {
            **{state: int(counts.get(state, 0)) for state in STATES},
            "retrying": int(retrying),
            "workers": workers,
            "students": int(n_students),
            "release": self.release.version,
            "policy": self.cfg.policy,
            "deadline": self.cfg.deadline.isoformat() if self.cfg.deadline else None,
            "late_until": self.cfg.late_until.isoformat() if self.cfg.late_until else None,
        }

    def dashboard(self) -> dict[str, Any]:
        """Numbers for the TA dashboard, over the counted attempts that are graded:

        scores (list of totals), max_score, exercise_pass_rates {exercise: share with full points},
        subcheck_pass_rates {"<exercise>: <sub-check>": share passed}, grader_errors [{attempt_id,
        student_id, error, tries}] (attempts in grader_error now, any student), flagged [{attempt_id,
        student_id, flags, grade_status}] (every graded attempt with a TA flag), counts by status."""
        by = self._rows_by_student()
        counted = [self._counted(by.get(s.student_id, [])) for s in self.students()]
        graded = [r for r in counted if r is not None and r.status == "graded"]
        scores = [float(r.score) for r in graded if r.score is not None]
        ex_full: dict[str, list[bool]] = {ex: [] for ex in EXERCISE_IDS}
        sub: dict[str, list[bool]] = {}
        for r in graded:
            for ex, value in json.loads(r.exercises or "{}").items():
                if ex in ex_full and value is not None:
                    ex_full[ex].append(value >= self.release.points[ex])
            for name, passed in json.loads(r.subchecks or "{}").items():
                sub.setdefault(name, []).append(bool(passed))
        all_rows = [r for rows in by.values() for r in rows]
        return {
            "scores": scores,
            "max_score": sum(self.release.points.values()),
            "counted": len(graded),
            "exercise_pass_rates": {ex: (sum(v) / len(v) if v else None) for ex, v in ex_full.items()},
            "subcheck_pass_rates": {n: sum(v) / len(v) for n, v in sorted(sub.items())},
            "grader_errors": [
                {"attempt_id": r.id, "student_id": r.student_id, "error": r.error or "", "tries": r.tries}
                for r in all_rows
                if r.status == "grader_error"
            ],
            "flagged": [
                {
                    "attempt_id": r.id,
                    "student_id": r.student_id,
                    "flags": json.loads(r.flags),
                    "grade_status": r.grade_status,
                }
                for r in all_rows
                if r.status == "graded" and r.flags and json.loads(r.flags)
            ],
            "counts": {k: v for k, v in self.status().items() if k in STATES},
        }

    def regrade(self, student_id: str) -> int:
        """Queue every finished attempt of the student again (fresh tries); returns how many.

        Raises KeyError for an unknown student."""
        if self.student(student_id) is None:
            raise KeyError(student_id)
        with self.engine.begin() as conn:
            n = conn.execute(
                db.attempts.update()
                .where(
                    db.attempts.c.student_id == student_id,
                    db.attempts.c.status.in_(("graded", "grader_error")),
                )
                .values(status="queued", tries=0, not_before=0.0, worker=None)
            ).rowcount
        self.notify_workers()
        return int(n)

    # -- the queue (workers)

    def requeue_interrupted(self) -> int:
        """Attempts left `running` by a process that died go back to the queue (start-up only)."""
        with self.engine.begin() as conn:
            n = conn.execute(
                db.attempts.update()
                .where(db.attempts.c.status == "running")
                .values(status="queued", worker=None)
            ).rowcount
        return int(n)

    def claim_next(self, worker: str) -> ClaimedAttempt | None:
        """Claim the oldest queued attempt whose student has none running (FIFO across students).

        The claim is one conditional UPDATE (`status='queued'` -> `running`, rowcount checked) and
        the partial unique index allows one running attempt per student, so concurrent workers,
        threads or processes, on SQLite or PostgreSQL, never grade the same attempt twice."""
        now = self.clock()
        a = db.attempts.c
        running = sa.select(a.student_id).where(a.status == "running")
        oldest = sa.func.min(a.id)
        with self.engine.connect() as conn:
            # Each waiting student's oldest ready attempt, oldest first: a student with many queued
            # attempts takes one place in this list, so nobody else waits behind their flood.
            candidates = (
                conn.execute(
                    sa.select(oldest)
                    .where(a.status == "queued", a.not_before <= now, a.student_id.not_in(running))
                    .group_by(a.student_id)
                    .order_by(oldest)
                    .limit(16)
                )
                .scalars()
                .all()
            )
        for attempt_id in candidates:
            try:
                with self.engine.begin() as conn:
                    claimed = conn.execute(
                        db.attempts.update()
                        .where(db.attempts.c.id == attempt_id, db.attempts.c.status == "queued")
                        .values(
                            status="running", worker=worker, started_at=now, tries=db.attempts.c.tries + 1
                        )
                    ).rowcount
                    if claimed != 1:
                        continue
                    row = conn.execute(sa.select(db.attempts).where(db.attempts.c.id == attempt_id)).one()
            except sa.exc.IntegrityError:  # the student got a running attempt meanwhile
                continue
            with self._work_ready:
                self._workers[worker] = attempt_id
            files = tuple((f["name"], f["sha256"]) for f in json.loads(row.files))
            return ClaimedAttempt(row.id, row.student_id, row.submitted_at, files, row.tries)
        return None

    def finish_graded(self, worker: str, attempt_id: int, outcome: GradedOutcome) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                db.attempts.update()
                .where(db.attempts.c.id == attempt_id, db.attempts.c.status == "running")
                .values(
                    status="graded",
                    graded_at=self.clock(),
                    score=outcome.score,
                    max_score=outcome.max_score,
                    grade_status=outcome.grade_status,
                    exercises=json.dumps(outcome.exercises),
                    grades_row=json.dumps(list(outcome.grades_row)),
                    subchecks=json.dumps(outcome.subchecks),
                    flags=json.dumps(list(outcome.flags)),
                    out_dir=outcome.out_dir,
                    error=None,
                    worker=None,
                )
            )
        self._worker_idle(worker)

    def finish_grader_error(self, worker: str, attempt_id: int, error: str) -> None:
        """A grader fault: queued again after a backoff while tries are left, else grader_error."""
        error = " ".join(error.split())[:2000]
        with self.engine.begin() as conn:
            tries = conn.execute(
                sa.select(db.attempts.c.tries).where(db.attempts.c.id == attempt_id)
            ).scalar_one()
            retry = tries < self.cfg.max_tries
            conn.execute(
                db.attempts.update()
                .where(db.attempts.c.id == attempt_id, db.attempts.c.status == "running")
                .values(
                    status="queued" if retry else "grader_error",
                    error=error,
                    worker=None,
                    not_before=self.clock() + self.cfg.retry_backoff_s * 2 ** max(0, tries - 1)
                    if retry
                    else 0.0,
                )
            )
        self._worker_idle(worker)

    def blob(self, sha256: str) -> bytes:
        return self.blobs.get(sha256)

    def register_worker(self, worker: str) -> None:
        with self._work_ready:
            self._workers[worker] = None

    def unregister_worker(self, worker: str) -> None:
        with self._work_ready:
            self._workers.pop(worker, None)

    def _worker_idle(self, worker: str) -> None:
        with self._work_ready:
            if worker in self._workers:
                self._workers[worker] = None

    def wait_for_work(self, timeout: float) -> None:
        """Block a worker until an upload or regrade arrives, or `timeout` seconds pass."""
        with self._work_ready:
            self._work_ready.wait(timeout)

    def notify_workers(self) -> None:
        with self._work_ready:
            self._work_ready.notify_all()

    def close(self) -> None:
        self.engine.dispose()
