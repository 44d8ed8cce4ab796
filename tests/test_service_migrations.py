"""The service's schema versions (Alembic), on real SQLite files and a throwaway PostgreSQL server.

- The baseline revision is exactly the schema of the first service release (commit FIRST_RELEASE's
  `db.py`), and all revisions together build exactly today's `db.py` (columns, types, nullability,
  defaults, indexes with their WHERE clauses, constraints; read back from the database catalog).
- A database the code does not know (a newer revision, look-alike tables) stops `jaxgrade serve`
  with exit code 2 and an explanation, and is left as it was.
- A database written by the first release's own service process (its code from git, a real graded
  attempt with feedback, tokens, the TA token) upgrades with `--upgrade-db` and loses nothing: the
  same API answers, feedback bytes, grades.csv and rows; the same tokens still log in.
- Two processes' worth of engines preparing one empty PostgreSQL database at once both succeed.
"""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
import sys
import tarfile
import threading
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from types import ModuleType

import pytest
import sqlalchemy as sa
from alembic import command

from autograder.grade.reports import GRADES_COLUMNS
from autograder.service.domain.core import Service
from autograder.service.domain.course import assignments
from autograder.service.domain.course.config import ServiceConfig
from autograder.service.storage import db, line_comment_tables, quiz_tables, schema, scores
from autograder.service.storage import lti_tables as lti_tables

from helpers.databases import (
    db_args,
    postgres,  # noqa: F401 (the session's PostgreSQL server fixture)
)
from helpers.paths import RELEASE, REPO
from helpers.ports import free_port
from helpers.served import MALFORMED, Served, call, serve, upload, wait_final, write_roster

FIRST_RELEASE = "dcc4b41"  # the last commit whose service had an unversioned schema


# ---------------------------------------------------------------------------------------------
# Databases and the first release's code


@pytest.fixture(params=["sqlite", "postgresql"])
def kind(request: pytest.FixtureRequest) -> str:
    return str(request.param)


def new_url(kind: str, request: pytest.FixtureRequest, tmp: Path, name: str = "service") -> str:
    if kind == "sqlite":
        return f"sqlite:///{tmp / f'{name}.sqlite'}"
    return db_args(kind, request)[1]


def engine_for(url: str) -> sa.Engine:
    """A plain engine (no schema preparation) for reading or shaping a database by hand."""
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url.removeprefix("postgresql://")
    return sa.create_engine(url)


@pytest.fixture(scope="module")
def first_release(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The first release's tree (`git archive`), whose service wrote unversioned databases."""
    if shutil.which("git") is None:
        pytest.skip("prerequisite missing: git (to check out the first release's service)")
    found = subprocess.run(
        ["git", "-C", str(REPO), "cat-file", "-e", f"{FIRST_RELEASE}^{{commit}}"], capture_output=True
    )
    if found.returncode != 0:
        print(f"migration tests skipped: commit {FIRST_RELEASE} is not in this clone", file=sys.stderr)
        pytest.skip(f"prerequisite missing: commit {FIRST_RELEASE} (a shallow clone?)")
    root = tmp_path_factory.mktemp("first-release")
    archive = root / "tree.tar"
    with archive.open("wb") as f:
        subprocess.run(["git", "-C", str(REPO), "archive", FIRST_RELEASE], stdout=f, check=True)
    with tarfile.open(archive) as tar:
        tar.extractall(root / "tree", filter="data")
    return root / "tree"


def first_release_db_module(tree: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location("first_release_db", tree / "autograder/service/db.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# ---------------------------------------------------------------------------------------------
# The schema as the database reports it (not as SQLAlchemy models describe it)


def catalog(engine: sa.Engine) -> dict[str, object]:
    """Every table's columns, indexes (with WHERE clauses) and constraints, read from the catalog;
    Alembic's own version table left out."""
    with engine.connect() as conn:
        if engine.dialect.name == "sqlite":
            return _sqlite_catalog(conn)
        return _postgres_catalog(conn)


def _sqlite_catalog(conn: sa.Connection) -> dict[str, object]:
    out: dict[str, object] = {}
    names = conn.exec_driver_sql(
        "SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%' "
        "AND name != 'alembic_version' ORDER BY name"
    )
    for (table,) in list(names):
        columns = sorted(tuple(r[1:]) for r in conn.exec_driver_sql(f"PRAGMA table_info('{table}')"))
        fks = sorted(tuple(r[2:]) for r in conn.exec_driver_sql(f"PRAGMA foreign_key_list('{table}')"))
        indexes = []
        for r in conn.exec_driver_sql(f"PRAGMA index_list('{table}')"):
            cols = [c[2] for c in conn.exec_driver_sql(f"PRAGMA index_info('{r[1]}')")]
            sql = conn.exec_driver_sql("SELECT sql FROM sqlite_master WHERE name = ?", (r[1],)).scalar()
            where = " ".join(sql.split()).partition(" WHERE ")[2] if sql else ""
            name = r[1] if not r[1].startswith("sqlite_autoindex") else "(autoindex)"
            indexes.append((name, r[2], r[3], cols, where))
        out[table] = {"columns": columns, "foreign_keys": fks, "indexes": sorted(indexes)}
    return out


def _postgres_catalog(conn: sa.Connection) -> dict[str, object]:
    columns = conn.exec_driver_sql(
        "SELECT table_name, column_name, data_type, character_maximum_length, is_nullable, "
        "column_default FROM information_schema.columns WHERE table_schema = 'public' "
        "AND table_name != 'alembic_version' ORDER BY table_name, column_name"
    )
    indexes = conn.exec_driver_sql(
        "SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' "
        "AND tablename != 'alembic_version' ORDER BY tablename, indexname"
    )
    constraints = conn.exec_driver_sql(
        "SELECT c.conrelid::regclass::text, c.conname, pg_get_constraintdef(c.oid) FROM pg_constraint c "
        "JOIN pg_namespace n ON n.oid = c.connamespace WHERE n.nspname = 'public' "
        "AND c.conrelid::regclass::text != 'alembic_version' ORDER BY 1, 2"
    )
    return {
        "columns": [tuple(r) for r in columns],
        "indexes": [tuple(r) for r in indexes],
        "constraints": [tuple(r) for r in constraints],
    }


def stored_assignments(url: str) -> list[assignments.Assignment]:
    engine = engine_for(url)
    try:
        with engine.connect() as conn:
            return assignments.stored(conn)
    finally:
        engine.dispose()


def revision_of(url: str) -> str | None:
    engine = engine_for(url)
    try:
        with engine.connect() as conn:
            return schema.current_revision(conn)
    finally:
        engine.dispose()


# ---------------------------------------------------------------------------------------------
# The revisions against the models


def test_baseline_revision_is_the_first_release_schema(
    kind: str, request: pytest.FixtureRequest, tmp_path: Path, first_release: Path
) -> None:
    old_url, base_url = (new_url(kind, request, tmp_path, n) for n in ("old", "base"))
    old = engine_for(old_url)
    first_release_db_module(first_release).metadata.create_all(old)
    base = engine_for(base_url)
    with base.begin() as conn:
        command.upgrade(schema.alembic_config(conn), schema.BASELINE)
    try:
        assert catalog(old)  # the catalog query sees the tables at all
        assert catalog(base) == catalog(old)
    finally:
        old.dispose()
        base.dispose()


def test_revisions_build_exactly_the_models(
    kind: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    models_url, migrated_url = (new_url(kind, request, tmp_path, n) for n in ("models", "migrated"))
    models = engine_for(models_url)
    db.metadata.create_all(models)
    lti_tables.metadata.create_all(models)  # the LTI tables keep a MetaData of their own
    quiz_tables.metadata.create_all(models)  # so do the quiz tables
    line_comment_tables.metadata.create_all(models)  # and the line comments'
    migrated = db.connect(migrated_url)  # empty database: every revision applied
    try:
        assert catalog(migrated) == catalog(models)
        assert revision_of(migrated_url) == schema.head_revision()
        again = db.connect(migrated_url)  # at head: nothing to do, nothing changes
        again.dispose()
        assert catalog(migrated) == catalog(models)
    finally:
        models.dispose()
        migrated.dispose()


def test_concurrent_preparation_of_one_empty_postgres_database(
    request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    url = new_url("postgresql", request, tmp_path)
    outcomes: list[str] = []
    start = threading.Barrier(3)

    def prepare() -> None:
        engine = engine_for(url)
        start.wait()
        try:
            outcomes.append(schema.prepare(engine, upgrade=False))
        except Exception as exc:  # the assertion below names it
            outcomes.append(repr(exc))
        finally:
            engine.dispose()

    threads = [threading.Thread(target=prepare) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert sorted(outcomes) == ["created", "current", "current"]


# ---------------------------------------------------------------------------------------------
# Refusals by the real service process


def serve_exit(data: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """`jaxgrade serve` expected to refuse before it listens."""
    cmd = [sys.executable, "-m", "autograder.cli", "serve", "--data", str(data), "--port", str(free_port())]
    return subprocess.run(
        [*cmd, "--workers", "0", *args], cwd=REPO, capture_output=True, text=True, timeout=300
    )


@pytest.mark.parametrize("shape", ["newer_revision", "look_alike_tables"])
def test_service_refuses_a_database_it_does_not_know(
    kind: str, shape: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    url = new_url(kind, request, tmp_path)
    engine = engine_for(url)
    if shape == "newer_revision":
        db.connect(url).dispose()
        with engine.begin() as conn:
            conn.execute(sa.text("UPDATE alembic_version SET version_num = '9999_from_the_future'"))
    else:
        with engine.begin() as conn:
            conn.execute(sa.text("CREATE TABLE attempts (id INTEGER PRIMARY KEY, payload TEXT)"))
    before = catalog(engine)
    for extra in ([], ["--upgrade-db"]):
        done = serve_exit(tmp_path / "data", "--db", url, *extra)
        assert done.returncode == 2, done.stderr[-3000:]
        assert "refusing to start" in done.stderr
        if shape == "newer_revision":
            assert "9999_from_the_future" in done.stderr and "does not know" in done.stderr
        else:
            assert "not a jaxgrade service database" in done.stderr
    assert catalog(engine) == before
    engine.dispose()


# ---------------------------------------------------------------------------------------------
# Upgrading a database written by the first release's service


def snapshot(served: Served, attempt_id: int) -> dict[str, object]:
    """What the students and the TA can read through the API."""
    token = served.tokens["m01"]
    out: dict[str, object] = {}
    for key, path, who in (
        ("attempt", f"/api/submissions/{attempt_id}", token),
        ("mine", "/api/me/submissions", token),
        ("feedback", f"/api/submissions/{attempt_id}/feedback", token),
        ("grades", "/api/grades.csv", served.ta),
        ("canvas", "/api/canvas.csv", served.ta),
        ("other_mine", "/api/me/submissions", served.tokens["m02"]),
    ):
        status, _, body = call(served, "GET", path, token=who)
        assert status == 200, (path, body[:500])
        out[key] = body
    return out


def kept_in(old_body: object, new_body: object) -> bool:
    """The old body is served unchanged; a JSON body may gain fields later releases added."""
    if not (isinstance(old_body, bytes) and isinstance(new_body, bytes)):
        return old_body == new_body
    try:
        old, new = json.loads(old_body), json.loads(new_body)
    except ValueError:
        return old_body == new_body  # HTML and CSV: byte for byte
    return _json_kept(old, new)


def _json_kept(old: object, new: object) -> bool:
    if isinstance(old, dict) and isinstance(new, dict):
        return all(k in new and _json_kept(v, new[k]) for k, v in old.items())
    if isinstance(old, list) and isinstance(new, list):
        return len(old) == len(new) and all(_json_kept(o, n) for o, n in zip(old, new, strict=True))
    return type(old) is type(new) and old == new


def row_dump(
    url: str, tables: tuple[str, ...] = ("students", "settings", "attempts")
) -> dict[str, dict[object, dict[str, object]]]:
    """These tables (default: the first release's), row by row keyed by primary key, every column."""
    engine = engine_for(url)
    try:
        with engine.connect() as conn:
            return {
                t: {r[0]: dict(r._mapping) for r in conn.execute(sa.text(f"SELECT * FROM {t}"))}
                for t in tables
            }
    finally:
        engine.dispose()


@pytest.fixture
def stopped() -> Iterator[list[Served]]:
    started: list[Served] = []
    yield started
    for s in started:
        s.stop()


@pytest.mark.slow
def test_first_release_database_upgrades_keeping_everything(
    kind: str,
    request: pytest.FixtureRequest,
    tmp_path: Path,
    first_release: Path,
    stopped: list[Served],
) -> None:
    data = tmp_path / "data"
    roster = write_roster(tmp_path / "roster.csv", ("m01", "m02"))
    extra = db_args(kind, request)
    url = extra[1] if extra else f"sqlite:///{data / 'service.sqlite'}"
    old = serve(data, "--roster", str(roster), "--workers", "1", *extra, code=first_release)
    stopped.append(old)
    status, doc = upload(old, "m01", [("s004_malformed.ipynb", MALFORMED)])
    assert status == 202
    assert wait_final(old, "m01", doc["id"])["status"] == "graded"
    before = snapshot(old, doc["id"])
    old.stop()
    rows = row_dump(url)
    assert revision_of(url) is None  # the first release really wrote an unversioned database
    assert rows["attempts"] and rows["students"] and rows["settings"]
    tokens_before = (data / "tokens.csv").read_bytes(), (data / "ta-token").read_bytes()

    if schema.head_revision() != schema.BASELINE:
        done = serve_exit(data, "--roster", str(roster), *extra)
        assert done.returncode == 2 and "--upgrade-db" in done.stderr, done.stderr[-3000:]
        assert revision_of(url) is None and row_dump(url) == rows  # refused: untouched

    new = serve(data, "--roster", str(roster), "--workers", "0", "--upgrade-db", *extra)
    stopped.append(new)
    assert revision_of(url) == schema.head_revision()
    assert ((data / "tokens.csv").read_bytes(), (data / "ta-token").read_bytes()) == tokens_before
    after = snapshot(new, doc["id"])
    assert set(after) == set(before)
    for key, old_body in before.items():  # what the first release served is served unchanged
        assert kept_in(old_body, after[key]), (key, old_body[:500], after[key][:500])  # type: ignore[index]
    assert json.loads(after["attempt"])["score"] == 0.0  # type: ignore[arg-type]
    status, later = upload(new, "m02", [("s004_malformed.ipynb", MALFORMED)])  # still takes uploads
    assert status == 202
    new.stop()
    upgraded = row_dump(url)
    # grades.csv cells written for people, and the JSON copy of the points: kept as numbers (attempt_scores)
    dropped = {"grades_row", "exercises"}
    for table, old_rows in rows.items():
        for key, old_row in old_rows.items():  # every row and value kept (later revisions add columns)
            kept = {c: v for c, v in old_row.items() if c not in dropped}
            assert {c: upgraded[table][key][c] for c in kept} == kept, (table, key)
    engine = engine_for(url)
    try:
        with engine.connect() as conn:
            numbers = scores.of_attempts(conn, rows["attempts"])
    finally:
        engine.dispose()
    for key, old_row in rows["attempts"].items():  # the old cells, parsed, are the stored numbers
        cells = json.loads(str(old_row["grades_row"]))
        exercises = GRADES_COLUMNS[1 : len(cells) - 3]  # the cells' exercise columns
        parsed = {ex: float(c) if c else None for ex, c in zip(exercises, cells[1:-3], strict=True)}
        assert numbers[key] == parsed
    # The old attempts are the first assignment's, as is the new one; the service filled in its release.
    assert {r["assignment_id"] for r in upgraded["attempts"].values()} == {assignments.FIRST_ASSIGNMENT}
    assert set(upgraded["attempts"]) == set(rows["attempts"]) | {later["id"]}
    (first,) = stored_assignments(url)
    assert first.id == assignments.FIRST_ASSIGNMENT and first.release == RELEASE.resolve()
    if kind == "sqlite" and schema.head_revision() != schema.BASELINE:
        assert (data / f"service.sqlite.before-{schema.head_revision()}").is_file()


def test_service_records_its_one_assignment_and_files_uploads_under_it(
    kind: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    migration = schema.script_directory().get_revision("0002_assignments").module
    assert migration.FIRST_ASSIGNMENT == assignments.FIRST_ASSIGNMENT  # old attempts stay counted
    url = new_url(kind, request, tmp_path)
    deadline = datetime(2026, 12, 20, 23, 59, tzinfo=UTC)
    roster = write_roster(tmp_path / "roster.csv", ("f01",))
    cfg = ServiceConfig(
        data_dir=tmp_path / "data",
        release=RELEASE,
        roster=roster,
        db_url=url,
        deadline=deadline,
        policy="best",
    )
    service = Service(cfg)
    attempt = service.intake.submit("f01", [("x.ipynb", MALFORMED)])
    service.close()
    (only,) = stored_assignments(url)
    assert only == assignments.from_config(cfg)
    assert only.due_at == deadline.timestamp() and only.counting == "best" and len(only.exercises) == 8
    stored = row_dump(url, ("attempts",))["attempts"][attempt.id]
    assert stored["assignment_id"] == assignments.FIRST_ASSIGNMENT


def test_revision_0010_reads_the_numbers_or_else_parses_the_cells() -> None:
    """Scores as numbers (revision 0010): an attempt's `exercises` JSON when it is an object of
    numbers, else its stored grades.csv cells parsed ("" is no score); neither: nothing."""
    path = schema.MIGRATIONS / "versions" / "0010_result_numbers.py"
    spec = importlib.util.spec_from_file_location("revision_0010", path)
    assert spec is not None and spec.loader is not None
    revision = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(revision)
    cells = json.dumps(
        ["s1", "7.00", "", "2.50", "0.00", "0.00", "0.00", "0.00", "10.00", "19.50", "80.00", "ok"]
    )
    parsed = dict(zip(revision.CELL_EXERCISES, (7.0, None, 2.5, 0.0, 0.0, 0.0, 0.0, 10.0), strict=True))
    assert revision.points_of(None, cells) == parsed
    assert revision.points_of("not json", cells) == parsed
    assert revision.points_of('{"fusion": "7.00"}', cells) == parsed  # not numbers: the cells decide
    assert revision.points_of('{"fusion": 7.123456, "recompile": null}', cells) == {
        "fusion": 7.123456,
        "recompile": None,
    }
    assert revision.points_of(None, json.dumps(["s1", "1.00"])) == {}  # not a row of that grades.csv
    assert revision.points_of(None, None) == {}
    with pytest.raises(ValueError):
        revision.points_of(None, cells.replace('"7.00"', '"nan"'))


def test_revision_0014_keeps_every_attempts_points_and_adds_the_outbox_check(
    kind: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    """Revision 0014 drops `attempts.exercises` (the JSON copy of `attempt_scores`) after giving an
    attempt that has only the JSON (graded before 0010, then queued again by a regrade) its rows;
    the attempts' state CHECK survives the table's rebuild, and the LTI outbox's `status` refuses a
    state `LtiScoreState` does not name."""
    url = new_url(kind, request, tmp_path)
    engine = engine_for(url)
    with engine.begin() as conn:
        command.upgrade(schema.alembic_config(conn), "0012_gradebook_state")
    tables = sa.MetaData()
    tables.reflect(engine)
    graded_json = {"histogram": 7.0, "recompile": None}
    with engine.begin() as conn:
        conn.execute(tables.tables["students"].insert().values(
            student_id="s1", name="A", email="", lms_id="", sis_login_id="", section="", token_hash="h",
            created_at=0.0,
        ))  # fmt: skip
        conn.execute(tables.tables["assignments"].insert().values(
            id="a1", position=0, title="A1", release="", exercises="[]", late_policy="null", counting="last",
            visibility="immediately", updated_at=0.0,
        ))  # fmt: skip
        attempt = {"student_id": "s1", "assignment_id": "a1", "submitted_at": 0.0, "late": False,
                   "files": "[]", "tries": 0, "not_before": 0.0}  # fmt: skip
        conn.execute(tables.tables["attempts"].insert(), [
            attempt | {"id": 1, "status": "graded", "exercises": json.dumps({"histogram": 3.0})},
            attempt | {"id": 2, "status": "queued", "exercises": json.dumps(graded_json)},
            attempt | {"id": 3, "status": "queued", "exercises": None},
        ])  # fmt: skip
        scored = tables.tables["attempt_scores"].insert()
        conn.execute(scored.values(attempt_id=1, exercise="histogram", points=3.0))
    engine.dispose()

    db.connect(url, upgrade=True).dispose()
    engine = engine_for(url)
    try:
        assert "exercises" not in {c["name"] for c in sa.inspect(engine).get_columns("attempts")}
        with engine.connect() as conn:
            assert scores.of_attempts(conn, [1, 2, 3]) == {1: {"histogram": 3.0}, 2: graded_json}
        for table, row, check in (
            ("attempts", attempt | {"id": 4, "status": "bogus"}, "ck_attempts_status"),
            ("lti_scores", {"id": 1, "context": 999, "assignment_id": "a1", "student_id": "s1", "sub": "u",
                            "score": 1.0, "max_score": 2.0, "changed_at": 0.0, "status": "bogus",
                            "tries": 0, "not_before": 0.0}, "ck_lti_scores_status"),
        ):  # fmt: skip
            with pytest.raises(sa.exc.IntegrityError, match=check), engine.begin() as conn:
                conn.execute(sa.table(table, *(sa.column(c) for c in row)).insert().values(**row))
    finally:
        engine.dispose()
