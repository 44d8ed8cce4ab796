"""The service database: one schema, one code path for SQLite and PostgreSQL (SQLAlchemy Core).

These tables are the head of the Alembic revisions in `migrations/versions/`: a change here needs
a new revision there (tests/test_service_migrations.py compares the two).

Times are unix seconds (double precision); JSON columns are text holding JSON (the same bytes on
both engines). Every state column has a CHECK built from its enum in autograder/states.py
(`state_check`), so the database refuses a state the code does not know.
An attempt moves queued -> running -> graded | grader_error; a grader fault with
tries left goes back to queued with `not_before` set (backoff).

students   one row per roster student; `token_hash` = sha256 hex of the access token (never the token)
settings   key/value: `ta_token_hash`
assignments one row per assignment of the term (the course file, or the one `--release`/`--deadline`
           assignment); exercises/late_policy are JSON (see `autograder/term/`)
extensions one student's own due-at/late-until for one assignment (who granted it, when)
grade_releases  an assignment whose grades a TA released (who, when): students see them from then
grade_shown  a student's grade that was visible to them, kept visible until a TA un-releases it
release_moves  an assignment a published regrade run moved to the run's release (graded under it)
attempts   one row per upload, never deleted: files (names, sha256, sizes in the blob store),
           state, tries, the graded outcome (score, per-exercise scores, flags, per-sub-check
           pass/fail; numbers and names, never cells formatted for people) and where its outputs
           are. A running attempt carries its lease: `worker` (a process-unique worker id) and
           `lease_until` (unix s), extended by the worker's heartbeat; only an expired lease is
           taken back (see attempt_queue.py).
attempt_scores  a graded attempt's points per exercise as numbers (the ledger's raw points)
gradings   one row per claim of an attempt (who held it, from when, and how it ended: graded,
           grader_error, retry, lease_expired, or NULL while it runs): the record that shows an
           attempt was graded exactly once, however many processes grade.
login_failures  failed log-ins of the pages by client address (the throttle, shared by every
           process on the database; rows older than the window are deleted as new ones come).
sessions   one row per log-in of the pages (student or TA): sha256 of the session id the cookie carries,
           who, when it began and was last seen, and when and why it ended (logout, token_reissued,
           ta_removed); a cookie is honoured only while its row is open (`domain/identity/session_records.py`)
upload_refusals  one row per upload refused on its contents (400/413/422), per student: the bucket
           of refusals (`domain/intake/refusal_bucket.py`); rows older than its window are deleted
tas        the named TAs (`--tas`): name and sha256 of their own token; the single TA token of
           DIR/ta-token stays in `settings` as the TA named "ta"
audit_log  append-only: who (a TA's name, "student:<id>", "system"), when, what, old -> new (JSON) of
           every change to a grade or a deadline, written in the transaction of the change; triggers
           refuse UPDATE and DELETE (see `audit.py`)
overrides  a TA's score for one exercise (or the total, target "total") of a student's assignment
           grade, with the comment the student sees; kept over regrades until a TA removes it
regrade_requests  a student's question about one exercise of their counted attempt (open | resolved)
regrade_request_messages  the request's thread: the student's and the TAs' messages in order
regrade_runs  one row per regrade of an assignment under another release (who asked, when, which
           attempts: the counted ones or all), open until a TA publishes or cancels it.
regrade_results  one row per attempt of a run: its candidate result under the run's release, graded
           through a lease like an attempt (status, tries, worker, lease_until), never shown to the
           student until the run is published; publishing swaps it into the attempt row and keeps
           the result it replaced (`replaced`, JSON).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

import sqlalchemy as sa

from autograder.service.storage import schema
from autograder.states import AttemptState, RegradeRequestState, RegradeRunState

metadata = sa.MetaData()


def state_check(column: str, states: type[StrEnum], name: str) -> sa.CheckConstraint:
    """A CHECK that `column` holds a value of the state enum: the database's copy of the state
    machine (autograder/states.py), on SQLite as on PostgreSQL."""
    values = ", ".join(f"'{s.value}'" for s in states)
    return sa.CheckConstraint(f"{column} IN ({values})", name=name)


students = sa.Table(
    "students",
    metadata,
    sa.Column("student_id", sa.String(128), primary_key=True),
    sa.Column("name", sa.Text, nullable=False),
    sa.Column("email", sa.Text, nullable=False, default=""),
    sa.Column("lms_id", sa.Text, nullable=False, default=""),
    sa.Column("sis_login_id", sa.Text, nullable=False, default=""),
    sa.Column("section", sa.Text, nullable=False, default=""),
    sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
    sa.Column("created_at", sa.Double, nullable=False),
)

settings = sa.Table(
    "settings",
    metadata,
    sa.Column("key", sa.String(64), primary_key=True),
    sa.Column("value", sa.Text, nullable=False),
)

assignments = sa.Table(
    "assignments",
    metadata,
    sa.Column("id", sa.String(64), primary_key=True),
    sa.Column("position", sa.Integer, nullable=False),  # order on the students' page
    sa.Column("title", sa.Text, nullable=False),
    sa.Column("release", sa.Text, nullable=False),  # the release folder ("" until a service sets it)
    sa.Column("exercises", sa.Text, nullable=False),  # JSON list of exercise ids ([]: all of the release)
    sa.Column("opens_at", sa.Double),
    sa.Column("due_at", sa.Double),
    sa.Column("late_until", sa.Double),
    sa.Column("late_policy", sa.Text, nullable=False),  # JSON [{"after", "factor"}] or null (no schedule)
    sa.Column("counting", sa.String(8), nullable=False),  # last | best
    sa.Column("visibility", sa.String(16), nullable=False),  # immediately | after_due | on_release
    sa.Column("updated_at", sa.Double, nullable=False),
)

attempts = sa.Table(
    "attempts",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("student_id", sa.String(128), sa.ForeignKey("students.student_id"), nullable=False),
    sa.Column("submitted_at", sa.Double, nullable=False),
    sa.Column("late", sa.Boolean, nullable=False, default=False),
    sa.Column("files", sa.Text, nullable=False),  # JSON [{"name", "sha256", "size"}] in upload order
    sa.Column("status", sa.String(16), nullable=False),  # queued | running | graded | grader_error
    sa.Column("tries", sa.Integer, nullable=False, default=0),
    sa.Column("not_before", sa.Double, nullable=False, default=0.0),
    sa.Column("worker", sa.String(64)),  # the lease holder while running
    sa.Column("lease_until", sa.Double),  # unix s; the lease is taken back after it
    sa.Column("started_at", sa.Double),
    sa.Column("graded_at", sa.Double),
    sa.Column("score", sa.Double),
    sa.Column("max_score", sa.Double),
    sa.Column("grade_status", sa.Text),  # grades.csv `status` of the graded attempt
    sa.Column("subchecks", sa.Text),  # JSON {"<exercise>: <sub-check>": passed}
    sa.Column("flags", sa.Text),  # JSON list of TA flags (tampered, ...)
    sa.Column("error", sa.Text),  # last grader fault (TA only)
    sa.Column("out_dir", sa.Text),  # unused since 0018 (artefacts below): kept for older rows
    # JSON {kind: sha256}: the graded try's artefacts in the blob store (domain/course/graded_artefacts.py)
    sa.Column("artefacts", sa.Text),
    sa.Column("assignment_id", sa.String(64), sa.ForeignKey("assignments.id")),  # set on every upload
    state_check("status", AttemptState, "ck_attempts_status"),
)

# A graded attempt's points per exercise, as numbers (NULL: the exercise was skipped), written in
# the transaction that records the grade from the validated result file; the ledger reads these.
attempt_scores = sa.Table(
    "attempt_scores",
    metadata,
    sa.Column("attempt_id", sa.Integer, sa.ForeignKey("attempts.id"), primary_key=True),
    sa.Column("exercise", sa.String(64), primary_key=True),
    sa.Column("points", sa.Double),
)
extensions = sa.Table(
    "extensions",
    metadata,
    sa.Column("assignment_id", sa.String(64), sa.ForeignKey("assignments.id"), primary_key=True),
    sa.Column("student_id", sa.String(128), sa.ForeignKey("students.student_id"), primary_key=True),
    sa.Column("due_at", sa.Double, nullable=False),
    sa.Column("late_until", sa.Double),  # null: nothing accepted after due_at
    sa.Column("granted_by", sa.Text, nullable=False),
    sa.Column("granted_at", sa.Double, nullable=False),
)

# A TA released the assignment's grades (visibility "on_release"; also opens "after_due" early).
grade_releases = sa.Table(
    "grade_releases",
    metadata,
    sa.Column("assignment_id", sa.String(64), sa.ForeignKey("assignments.id"), primary_key=True),
    sa.Column("released_at", sa.Double, nullable=False),
    sa.Column("released_by", sa.Text, nullable=False),
)

# A student's grade that was visible to them stays visible (an extension granted later does not
# hide it again) until a TA un-releases the assignment (`grade_shown.py`).
grade_shown = sa.Table(
    "grade_shown",
    metadata,
    sa.Column("assignment_id", sa.String(64), sa.ForeignKey("assignments.id"), primary_key=True),
    sa.Column("student_id", sa.String(128), sa.ForeignKey("students.student_id"), primary_key=True),
    sa.Column("shown_at", sa.Double, nullable=False),
    sa.Column("why", sa.Text, nullable=False),
)

# A published regrade run moved the assignment to its release (`release_moves.py`); the course
# file's release at that time is kept, so a course file naming another release later wins.
release_moves = sa.Table(
    "release_moves",
    metadata,
    sa.Column("assignment_id", sa.String(64), sa.ForeignKey("assignments.id"), primary_key=True),
    sa.Column("release", sa.Text, nullable=False),
    sa.Column("release_version", sa.Text, nullable=False),
    sa.Column("course_release", sa.Text, nullable=False),
    sa.Column("run_id", sa.Integer, sa.ForeignKey("regrade_runs.id"), nullable=False),
    sa.Column("moved_by", sa.Text, nullable=False),
    sa.Column("moved_at", sa.Double, nullable=False),
)

sa.Index("attempts_queue", attempts.c.status, attempts.c.id)

gradings = sa.Table(
    "gradings",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("attempt_id", sa.Integer, sa.ForeignKey("attempts.id"), nullable=False),
    sa.Column("try", sa.Integer, nullable=False),
    sa.Column("worker", sa.String(64), nullable=False),
    sa.Column("claimed_at", sa.Double, nullable=False),
    sa.Column("finished_at", sa.Double),
    sa.Column("outcome", sa.String(16)),  # graded | grader_error | retry | lease_expired; NULL: running
)
sa.Index("gradings_by_attempt", gradings.c.attempt_id)

login_failures = sa.Table(
    "login_failures",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("client", sa.String(64), nullable=False),
    sa.Column("at", sa.Double, nullable=False),
)
sa.Index("login_failures_by_client", login_failures.c.client, login_failures.c.at)

regrade_runs = sa.Table(
    "regrade_runs",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("assignment_id", sa.String(64), sa.ForeignKey("assignments.id"), nullable=False),
    sa.Column("release", sa.Text, nullable=False),  # the release folder the attempts are regraded under
    sa.Column("release_version", sa.Text, nullable=False),
    sa.Column("scope", sa.String(8), nullable=False),  # counted | all
    sa.Column("status", sa.String(16), nullable=False),  # open | published | cancelled
    sa.Column("created_by", sa.Text, nullable=False),
    sa.Column("created_at", sa.Double, nullable=False),
    sa.Column("closed_by", sa.Text),  # who published or cancelled it
    sa.Column("closed_at", sa.Double),
    state_check("status", RegradeRunState, "ck_regrade_runs_status"),
)

regrade_results = sa.Table(
    "regrade_results",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("run_id", sa.Integer, sa.ForeignKey("regrade_runs.id"), nullable=False),
    sa.Column("attempt_id", sa.Integer, sa.ForeignKey("attempts.id"), nullable=False),
    sa.Column("assignment_id", sa.String(64), nullable=False),
    sa.Column("student_id", sa.String(128), nullable=False),
    sa.Column("counted", sa.Boolean, nullable=False),  # the student's counted attempt when the run began
    sa.Column("status", sa.String(16), nullable=False),  # queued | running | graded | grader_error
    sa.Column("tries", sa.Integer, nullable=False, default=0),
    sa.Column("not_before", sa.Double, nullable=False, default=0.0),
    sa.Column("worker", sa.String(64)),
    sa.Column("lease_until", sa.Double),
    sa.Column("started_at", sa.Double),
    sa.Column("graded_at", sa.Double),
    sa.Column("score", sa.Double),
    sa.Column("max_score", sa.Double),
    sa.Column("grade_status", sa.Text),
    sa.Column("exercises", sa.Text),  # JSON {exercise: points or null}: into attempt_scores when published
    sa.Column("subchecks", sa.Text),
    sa.Column("flags", sa.Text),
    sa.Column("error", sa.Text),
    sa.Column("out_dir", sa.Text),  # unused since 0018
    sa.Column("artefacts", sa.Text),  # JSON {kind: sha256}, as attempts.artefacts
    sa.Column("replaced", sa.Text),  # JSON: the attempt's result that publishing replaced
    sa.UniqueConstraint("run_id", "attempt_id", name="regrade_results_one_per_attempt"),
    state_check("status", AttemptState, "ck_regrade_results_status"),
)
sa.Index("regrade_results_queue", regrade_results.c.status, regrade_results.c.id)
sa.Index("attempts_by_student", attempts.c.student_id, attempts.c.submitted_at)
sa.Index("attempts_by_assignment", attempts.c.assignment_id, attempts.c.student_id)
# At most one running attempt per student, enforced by the database: two workers that race for
# two attempts of one student cannot both win the claim (on PostgreSQL as on SQLite).
sa.Index(
    "attempts_one_running_per_student",
    attempts.c.student_id,
    unique=True,
    sqlite_where=attempts.c.status == "running",
    postgresql_where=attempts.c.status == "running",
)


sessions = sa.Table(
    "sessions",
    metadata,
    sa.Column("id_hash", sa.String(64), primary_key=True),  # sha256 hex of the cookie's session id
    sa.Column("role", sa.String(16), nullable=False),  # student | ta
    sa.Column("student_id", sa.String(128), nullable=False, default=""),
    sa.Column("ta_name", sa.String(64), nullable=False, default=""),
    sa.Column("created_at", sa.Double, nullable=False),
    sa.Column("last_seen_at", sa.Double, nullable=False),
    sa.Column("ended_at", sa.Double, nullable=True),
    sa.Column("ended_reason", sa.String(32), nullable=True),
    sa.CheckConstraint("role IN ('student', 'ta')", name="ck_sessions_role"),
)
sa.Index("sessions_by_created", sessions.c.created_at)

upload_refusals = sa.Table(
    "upload_refusals",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("student_id", sa.String(128), nullable=False),
    sa.Column("at", sa.Double, nullable=False),
    sa.Column("reason", sa.String(64), nullable=False),
)
sa.Index("upload_refusals_by_student", upload_refusals.c.student_id, upload_refusals.c.at)

tas = sa.Table(
    "tas",
    metadata,
    sa.Column("name", sa.String(64), primary_key=True),
    sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
    sa.Column("created_at", sa.Double, nullable=False),
)

audit_log = sa.Table(
    "audit_log",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("at", sa.Double, nullable=False),
    sa.Column("actor", sa.Text, nullable=False),  # a TA's name | "student:<id>" | "system"
    sa.Column("action", sa.String(32), nullable=False),  # audit.ACTIONS
    sa.Column("assignment_id", sa.String(64)),
    sa.Column("student_id", sa.String(128)),
    sa.Column("attempt_id", sa.Integer),
    sa.Column("detail", sa.Text, nullable=False),  # what, in English
    sa.Column("old", sa.Text),  # JSON, or NULL: nothing before
    sa.Column("new", sa.Text),  # JSON, or NULL: nothing after (a removal)
)
sa.Index("audit_log_by_student", audit_log.c.student_id, audit_log.c.id)

# The audit log is append-only by construction: no code path updates or deletes it, and the database
# itself refuses to (migration 0006 creates the same triggers).
AUDIT_APPEND_ONLY_DDL = {
    "sqlite": [
        "CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log "
        "BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END",
        "CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log "
        "BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END",
    ],
    "postgresql": [
        "CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS "
        "$$ BEGIN RAISE EXCEPTION 'audit_log is append-only'; END $$",
        "CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log "
        "FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()",
        "CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log "
        "FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only()",
    ],
}


@sa.event.listens_for(audit_log, "after_create")
def _audit_append_only(target: sa.Table, connection: sa.Connection, **_kw: Any) -> None:
    for statement in AUDIT_APPEND_ONLY_DDL.get(connection.dialect.name, []):
        connection.exec_driver_sql(statement)


overrides = sa.Table(
    "overrides",
    metadata,
    sa.Column("assignment_id", sa.String(64), sa.ForeignKey("assignments.id"), primary_key=True),
    sa.Column("student_id", sa.String(128), sa.ForeignKey("students.student_id"), primary_key=True),
    sa.Column("target", sa.String(64), primary_key=True),  # an exercise id, or "total"
    sa.Column("points", sa.Double, nullable=False),
    sa.Column("comment", sa.Text, nullable=False),
    sa.Column("attempt_id", sa.Integer),  # the counted attempt when it was set (NULL: none)
    sa.Column("set_by", sa.Text, nullable=False),
    sa.Column("set_at", sa.Double, nullable=False),
)

regrade_requests = sa.Table(
    "regrade_requests",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("assignment_id", sa.String(64), sa.ForeignKey("assignments.id"), nullable=False),
    sa.Column("student_id", sa.String(128), sa.ForeignKey("students.student_id"), nullable=False),
    sa.Column("attempt_id", sa.Integer, sa.ForeignKey("attempts.id"), nullable=False),
    sa.Column("exercise", sa.String(64), nullable=False),
    sa.Column("status", sa.String(16), nullable=False),  # open | resolved
    sa.Column("created_at", sa.Double, nullable=False),
    sa.Column("resolved_at", sa.Double),
    sa.Column("resolved_by", sa.Text),
    state_check("status", RegradeRequestState, "ck_regrade_requests_status"),
)
sa.Index("regrade_requests_by_status", regrade_requests.c.status, regrade_requests.c.id)

regrade_request_messages = sa.Table(
    "regrade_request_messages",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("request_id", sa.Integer, sa.ForeignKey("regrade_requests.id"), nullable=False),
    sa.Column("author", sa.Text, nullable=False),  # "student:<id>" or a TA's name
    sa.Column("body", sa.Text, nullable=False),
    sa.Column("at", sa.Double, nullable=False),
)
sa.Index("regrade_request_messages_by_request", regrade_request_messages.c.request_id)


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=FULL")  # a committed upload survives power loss, not only kill -9
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA busy_timeout=30000")
    cur.close()


def connect(url: str, *, upgrade: bool = False) -> sa.Engine:
    """An engine for `url` whose schema is at the head revision: created when the database is empty,
    upgraded when `upgrade` is set (see `schema.py`). Raises `schema.SchemaError` otherwise."""
    if url.startswith("postgres://"):
        url = "postgresql://" + url.removeprefix("postgres://")
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url.removeprefix("postgresql://")  # psycopg 3, not psycopg2
    if url.startswith("sqlite"):
        engine = sa.create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})
        sa.event.listen(engine, "connect", _sqlite_pragmas)
    else:
        engine = sa.create_engine(url, pool_pre_ping=True)
    try:
        schema.prepare(engine, upgrade=upgrade)
    except BaseException:
        engine.dispose()
        raise
    return engine
