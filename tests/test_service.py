"""The grader service for real: `jaxgrade serve` processes on free loopback ports, HTTP from this test
process (urllib), the real grading pipeline (bwrap, clang++, JAX) in the workers' subprocesses, real
SQLite and a throwaway PostgreSQL server (tests/helpers/pg.py).

- Same grades: the examples uploaded over HTTP get exactly the cells of a batch `jaxgrade grade`
  of the same files (the session's `examples_batch`, graded once and shared with other modules).
- Every refusal: 401, 413 (declared and streamed), 429 with Retry-After, 403 after the late
  deadline, 400/422; another student's attempt is 404. On SQLite and PostgreSQL.
- Durable: `kill -9` of the service while an attempt is running; after a restart it is graded.
- A grader fault is grader_error (retried, bounded), never a 0; claims are exclusive under races.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import stat
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from helpers.databases import db_args, db_kind, postgres
from helpers.paths import EXAMPLES, RELEASE, REPO
from helpers.served import (
    EXAMPLE_IDS,
    MALFORMED,
    WAIT_GRADED_S,
    Served,
    call,
    example_files,
    grade_host_pid,
    read_csv,
    require_grading_tools,
    serve,
    upload,
    wait_final,
    write_roster,
)
from helpers.service_core import graded_outcome as _outcome

__all__ = ["db_kind", "postgres"]  # fixtures (postgres: through db_args)
API_STUDENTS = ("a01", "a02", "a03", "a04", "a05", "a06", "a07", "a08")


# ---------------------------------------------------------------------------------------------
# The API and its refusals (no grading: --workers 0 keeps every attempt queued)


@pytest.fixture(scope="module")
def api(
    db_kind: str, request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Served]:
    root = tmp_path_factory.mktemp(f"api-{db_kind}")
    roster = write_roster(root / "roster.csv", API_STUDENTS)
    served = serve(
        root / "data",
        "--roster",
        str(roster),
        "--workers",
        "0",
        "--max-attempts-per-hour",
        "3",
        "--max-upload-mb",
        "1",
        *db_args(db_kind, request),
    )
    yield served
    served.stop()


def test_upload_is_accepted_recorded_and_listed_newest_first(api: Served) -> None:
    first_status, first = upload(api, "a01", [("s004_malformed.ipynb", MALFORMED)])
    assert first_status == 202 and first["status"] == "queued"
    second_status, second = upload(api, "a01", example_files("s001_all_correct"))
    assert second_status == 202 and second["id"] != first["id"]
    status, _, body = call(api, "GET", f"/api/submissions/{first['id']}", token=api.tokens["a01"])
    doc = json.loads(body)
    assert status == 200
    assert set(doc) == {
        "id",
        "number",  # what people read: 1 for the student's first attempt of the assignment
        "student_id",
        "status",
        "submitted_at",
        "graded_at",
        "late",
        "score",
        "max_score",
        "grade_status",
        "exercises",
    }
    assert doc["student_id"] == "a01" and doc["status"] == "queued" and doc["late"] is False
    assert doc["number"] == first["number"] == 1 and second["number"] == 2
    assert doc["score"] is None and doc["graded_at"] is None
    assert datetime.fromisoformat(doc["submitted_at"]).tzinfo is not None
    status, _, body = call(api, "GET", "/api/me/submissions", token=api.tokens["a01"])
    assert status == 200 and [a["id"] for a in json.loads(body)] == [second["id"], first["id"]]
    # The TA sees them queued (nothing grades with --workers 0) and one grades.csv row per student.
    st = json.loads(call(api, "GET", "/api/status", token=api.ta)[2])
    assert st["queued"] >= 2 and st["workers"] == []
    grades = read_csv(call(api, "GET", "/api/grades.csv", token=api.ta)[2].decode())
    assert grades["__header__"][0] == "student_id" and grades["__header__"][-3:] == [
        "total",
        "max_total",
        "status",
    ]
    assert set(grades) - {"__header__"} == set(API_STUDENTS)
    assert grades["a01"][-1] == "queued" and grades["a02"][-1] == "not_submitted"


def test_missing_or_wrong_token_is_401(api: Served) -> None:
    for token in (None, "not-a-token", api.ta):  # the TA token is not a student identity
        status, headers, body = call(
            api, "POST", "/api/submissions", token=token, files=[("a.ipynb", MALFORMED)]
        )
        assert status == 401, body
        doc = json.loads(body)
        assert doc["message_zh"] and doc["message"] and headers.get("www-authenticate") == "Bearer"
        assert call(api, "GET", "/api/me/submissions", token=token)[0] == 401
    for path in ("/api/grades.csv", "/api/status", "/api/dashboard", "/api/canvas.csv"):
        assert call(api, "GET", path, token=api.tokens["a02"])[0] == 401
        assert call(api, "GET", path)[0] == 401
    assert call(api, "POST", "/api/students/a02/regrade", token=api.tokens["a02"])[0] == 401


def test_another_students_attempt_is_404(api: Served) -> None:
    status, mine = upload(api, "a03", [("x.ipynb", MALFORMED)])
    assert status == 202
    for path in (f"/api/submissions/{mine['id']}", f"/api/submissions/{mine['id']}/feedback"):
        other = call(api, "GET", path, token=api.tokens["a04"])
        missing = call(api, "GET", path.replace(str(mine["id"]), "999999"), token=api.tokens["a04"])
        assert other[0] == 404 and missing[0] == 404
        assert json.loads(other[2]) == json.loads(missing[2])  # nothing tells "exists" from "not yours"
    assert call(api, "GET", f"/api/submissions/{mine['id']}", token=api.tokens["a03"])[0] == 200
    assert mine["id"] not in [
        a["id"] for a in json.loads(call(api, "GET", "/api/me/submissions", token=api.tokens["a04"])[2])
    ]


def test_declared_body_over_the_cap_is_413_before_it_is_sent(api: Served) -> None:
    host, port = api.url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=60) as s:
        s.sendall(
            b"POST /api/submissions HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer "
            + api.tokens["a05"].encode()
            + b"\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: 2000000000"
            + b"\r\nConnection: close\r\n\r\n"
        )
        chunks = []  # answered without one byte of body; read the whole reply (it may come in parts)
        while len(chunks) < 64 and (chunk := s.recv(65536)):
            chunks.append(chunk)
        reply = b"".join(chunks).decode("utf-8", "replace")
    assert reply.startswith("HTTP/1.1 413"), reply[:200]
    assert "message_zh" in reply


def test_streamed_body_over_the_cap_is_413(api: Served) -> None:
    """Chunked transfer: no Content-Length, so the running count cuts it off."""
    host, port = api.url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=60) as s:
        s.sendall(
            b"POST /api/submissions HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer "
            + api.tokens["a05"].encode()
            + b"\r\nContent-Type: multipart/form-data; boundary=b\r\nTransfer-Encoding: chunked\r\n\r\n"
        )
        chunk = (
            b'--b\r\nContent-Disposition: form-data; name="files"; filename="big.ipynb"\r\n\r\n'
            + b"x" * 65536
        )
        reply = b""
        try:
            for _ in range(40):  # 2.5 MB against a 1 MB cap
                s.sendall(b"%x\r\n%s\r\n" % (len(chunk), chunk))
                chunk = b"x" * 65536
            s.sendall(b"0\r\n\r\n")
        except (BrokenPipeError, ConnectionResetError):
            pass  # the server stopped reading: also a refusal, the reply is already there
        s.settimeout(60)
        try:
            reply = s.recv(65536)
        except ConnectionResetError:
            reply = b""
    assert reply.startswith(b"HTTP/1.1 413"), reply[:200]
    assert [a for a in json.loads(call(api, "GET", "/api/me/submissions", token=api.tokens["a05"])[2])] == []


def test_too_many_files_is_413(api: Served) -> None:
    files = [(f"n{i}.ipynb", MALFORMED) for i in range(21)]  # the default cap is 20 files
    status, _, body = call(api, "POST", "/api/submissions", token=api.tokens["a05"], files=files)
    assert status == 413 and "20" in json.loads(body)["message_zh"]


def test_over_the_attempt_limit_is_429_with_when_to_retry(api: Served) -> None:
    for _ in range(3):
        assert upload(api, "a06", [("x.ipynb", MALFORMED)])[0] == 202
    status, headers, body = call(
        api, "POST", "/api/submissions", token=api.tokens["a06"], files=[("x.ipynb", MALFORMED)]
    )
    doc = json.loads(body)
    assert status == 429
    assert 3000 < doc["retry_after"] <= 3600 and int(headers["retry-after"]) >= 3000
    assert "分钟" in doc["message_zh"]
    assert len(json.loads(call(api, "GET", "/api/me/submissions", token=api.tokens["a06"])[2])) == 3
    assert upload(api, "a07", [("x.ipynb", MALFORMED)])[0] == 202  # one student's limit is not another's


@pytest.mark.parametrize(
    ("files", "body", "ctype", "want"),
    [
        ([], None, None, 400),  # no file part
        (None, b"{}", "application/json", 400),  # not multipart
        (None, b"--b\r\nbroken", "multipart/form-data; boundary=b", 400),  # truncated body
        ([("evil.exe", b"MZ")], None, None, 422),  # wrong type
        ([("x.ipynb", b"")], None, None, 422),  # empty file
        ([("a.zip", b"PK"), ("b.ipynb", MALFORMED)], None, None, 422),  # zip and notebooks mixed
        ([("silu.cc", b"int x;")], None, None, 422),  # no notebook at all
        ([("../../etc/x.ipynb", MALFORMED), ("x.ipynb", MALFORMED)], None, None, 422),  # same name twice
    ],
)
def test_unusable_upload_is_400_or_422(api: Served, files, body, ctype, want) -> None:  # type: ignore[no-untyped-def]
    headers = {"Content-Type": ctype} if ctype else None
    before = len(json.loads(call(api, "GET", "/api/me/submissions", token=api.tokens["a08"])[2]))
    status, _, reply = call(
        api, "POST", "/api/submissions", token=api.tokens["a08"], files=files, body=body, headers=headers
    )
    assert status == want, reply
    assert json.loads(reply)["message_zh"]
    assert len(json.loads(call(api, "GET", "/api/me/submissions", token=api.tokens["a08"])[2])) == before


def test_tokens_are_private_files_and_only_hashes_are_stored(api: Served, db_kind: str) -> None:
    for name in ("tokens.csv", "ta-token"):
        assert stat.S_IMODE(os.stat(api.data / name).st_mode) == 0o600
    assert stat.S_IMODE(os.stat(api.data).st_mode) == 0o700
    secrets_ = [*api.tokens.values(), api.ta]
    if db_kind == "sqlite":
        raw = b"".join(p.read_bytes() for p in api.data.glob("service.sqlite*"))
    else:
        import sqlalchemy as sa

        url = api.args[api.args.index("--db") + 1]
        engine = sa.create_engine("postgresql+psycopg://" + url.removeprefix("postgresql://"))
        with engine.connect() as conn:
            raw = json.dumps(
                [
                    list(map(str, r))
                    for t in ("students", "settings")
                    for r in conn.execute(sa.text(f"SELECT * FROM {t}")).all()
                ]
            ).encode()
        engine.dispose()
    assert raw and not any(t.encode() in raw for t in secrets_)


def test_regrade_unknown_student_is_404_and_known_requeues(api: Served) -> None:
    assert call(api, "POST", "/api/students/nobody/regrade", token=api.ta)[0] == 404
    status, _, body = call(api, "POST", "/api/students/a02/regrade", token=api.ta)
    assert status == 202 and json.loads(body) == {"student_id": "a02", "requeued": 0}


@pytest.mark.slow
def test_worker_grades_on_each_database(db_kind: str, request: pytest.FixtureRequest, tmp_path: Path) -> None:
    """The whole path (claim, `jaxgrade grade` subprocess, stored outcome, grades.csv) on SQLite and
    PostgreSQL, with the quickest real submission: a notebook intake rejects is still an attempt."""
    roster = write_roster(tmp_path / "roster.csv", ("m01",))
    served = serve(tmp_path / "data", "--roster", str(roster), "--workers", "1", *db_args(db_kind, request))
    try:
        status, doc = upload(served, "m01", [("s004_malformed.ipynb", MALFORMED)])
        assert status == 202
        final = wait_final(served, "m01", doc["id"])
        expected = json.loads((REPO / "examples" / "expected.json").read_text(encoding="utf-8"))[
            "s004_malformed"
        ]
        assert final["status"] == "graded" and final["grade_status"] == expected["status"]
        assert final["score"] == 0.0 and final["max_score"] == 80.0
        assert final["exercises"] == {ex: float(v) for ex, v in expected["scores"].items()}
        assert final["graded_at"] is not None
        row = read_csv(call(served, "GET", "/api/grades.csv", token=served.ta)[2].decode())["m01"]
        assert row[-3:] == ["0.00", "80.00", expected["status"]]
        status, headers, body = call(
            served, "GET", f"/api/submissions/{doc['id']}/feedback", token=served.tokens["m01"]
        )
        assert status == 200 and "sandbox" in headers["content-security-policy"] and "<html" in body.decode()
    finally:
        served.stop()


@pytest.mark.parametrize("when", ["late", "closed"])
def test_deadlines_late_and_closed(
    when: str, db_kind: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    now = datetime.now(UTC)
    late_until = now + timedelta(hours=1) if when == "late" else now - timedelta(minutes=1)
    roster = write_roster(tmp_path / "roster.csv", ("d01",))
    served = serve(
        tmp_path / "data",
        "--roster",
        str(roster),
        "--workers",
        "0",
        "--deadline",
        (now - timedelta(hours=1)).isoformat(),
        "--late-until",
        late_until.isoformat(),
        *db_args(db_kind, request),
    )
    try:
        status, doc = upload(served, "d01", [("x.ipynb", MALFORMED)])
        if when == "late":
            assert status == 202
            got = json.loads(
                call(served, "GET", f"/api/submissions/{doc['id']}", token=served.tokens["d01"])[2]
            )
            assert got["late"] is True
        else:
            assert status == 403 and "截止" in doc["message_zh"]
            assert json.loads(call(served, "GET", "/api/me/submissions", token=served.tokens["d01"])[2]) == []
    finally:
        served.stop()


# ---------------------------------------------------------------------------------------------
# Exclusive claims (in-process Service on both databases: no student code, no HTTP needed)


def test_concurrent_claims_take_each_attempt_once_and_one_per_student(
    db_kind: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    from autograder.service.domain.core import Service
    from autograder.service.domain.course.config import ServiceConfig

    args = db_args(db_kind, request)
    roster = write_roster(tmp_path / "roster.csv", ("c1", "c2", "c3"))
    cfg = ServiceConfig(
        data_dir=tmp_path / "data",
        release=RELEASE,
        roster=roster,
        db_url=args[1] if args else None,
        max_attempts_per_hour=50,
    )
    services = [Service(cfg), Service(cfg)]  # two processes' worth of engines on one database
    for sid in ("c1", "c2", "c3"):
        for _ in range(4):
            services[0].intake.submit(sid, [("x.ipynb", MALFORMED)])
    claimed: list[tuple[str, int, str]] = []
    barrier = threading.Barrier(6)

    def claim(i: int) -> None:
        barrier.wait()
        got = services[i % 2].queue.claim_next(f"w{i}")
        if got is not None:
            claimed.append((got.student_id, got.id, f"w{i}"))

    threads = [threading.Thread(target=claim, args=(i,)) for i in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    students = [c[0] for c in claimed]
    assert sorted(students) == ["c1", "c2", "c3"]  # one running attempt per student, none left idle
    assert len({c[1] for c in claimed}) == 3
    oldest = {sid: min(a.id for a in services[0].student_views.attempts(sid)) for sid in ("c1", "c2", "c3")}
    assert {c[0]: c[1] for c in claimed} == oldest  # first come, first served
    st = services[1].exports.status()
    assert st["running"] == 3 and st["queued"] == 9
    for s in services:
        s.close()


# ---------------------------------------------------------------------------------------------
# Real grading: the examples over HTTP against a batch of the same files


@pytest.fixture(scope="module")
def graded(examples_batch, tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict]:
    """The examples graded by the service, next to the session's batch of the same files
    (`examples_batch` in tests/conftest.py: `jaxgrade grade --jobs 2 --timeout-scale 3` of the
    examples plus a blank release, which end-to-end and Dask share too)."""
    require_grading_tools()
    assert examples_batch.proc.returncode == 0, examples_batch.proc.stderr[-4000:]
    batch_out = examples_batch.out
    root = tmp_path_factory.mktemp("graded")
    roster = write_roster(root / "roster.csv", (*EXAMPLE_IDS, "s999_absent"))
    served = serve(root / "data", "--roster", str(roster), "--workers", "2")
    ids: dict[str, int] = {}
    for sid in EXAMPLE_IDS:
        if sid == "s005_only_ch02":
            continue  # uploaded with `jaxgrade submit` below
        status, doc = upload(served, sid, example_files(sid))
        assert status == 202, doc
        ids[sid] = doc["id"]
    client = subprocess.run(
        [
            sys.executable,
            "-m",
            "autograder.cli",
            "submit",
            "--server",
            served.url,
            "--poll",
            "1",
            str(EXAMPLES / "s005_only_ch02.ipynb"),
        ],
        cwd=root,
        env={**os.environ, "JAXGRADE_TOKEN": served.tokens["s005_only_ch02"]},
        capture_output=True,
        text=True,
        timeout=WAIT_GRADED_S,
        check=False,
    )
    mine = json.loads(call(served, "GET", "/api/me/submissions", token=served.tokens["s005_only_ch02"])[2])
    ids["s005_only_ch02"] = mine[0]["id"]
    attempts = {sid: wait_final(served, sid, aid) for sid, aid in ids.items()}
    yield {
        "served": served,
        "ids": ids,
        "attempts": attempts,
        "batch_out": batch_out,
        "client": client,
        "root": root,
    }
    served.stop()


@pytest.mark.slow
def test_service_grades_equal_batch_grades(graded: dict) -> None:
    batch = read_csv((graded["batch_out"] / "grades.csv").read_text(encoding="utf-8"))
    header = batch["__header__"]
    for sid, att in graded["attempts"].items():
        row = dict(zip(header, batch[sid], strict=True))
        assert att["status"] == "graded", (sid, att)
        assert att["grade_status"] == row["status"], sid
        assert att["score"] == float(row["total"]) and att["max_score"] == float(row["max_total"]), sid
        assert att["exercises"] == {ex: float(row[ex]) for ex in header[1:-3]}, sid
    served: Served = graded["served"]
    service_csv = read_csv(call(served, "GET", "/api/grades.csv", token=served.ta)[2].decode())
    assert service_csv["__header__"] == header
    for sid in EXAMPLE_IDS:
        assert service_csv[sid] == batch[sid], sid  # byte-for-byte the batch's cells
    absent = dict(zip(header, service_csv["s999_absent"], strict=True))
    assert absent["status"] == "not_submitted" and absent["total"] == "0.00"
    expected = json.loads((REPO / "examples" / "expected.json").read_text(encoding="utf-8"))
    assert {sid: graded["attempts"][sid]["score"] for sid in EXAMPLE_IDS} == {
        sid: float(expected[sid]["total"]) for sid in EXAMPLE_IDS
    }


@pytest.mark.slow
def test_feedback_is_the_batch_feedback(graded: dict) -> None:
    served: Served = graded["served"]
    for sid in ("s001_all_correct", "s004_malformed"):  # deterministic feedback: all passed / not read
        status, headers, body = call(
            served, "GET", f"/api/submissions/{graded['ids'][sid]}/feedback", token=served.tokens[sid]
        )
        assert status == 200 and headers["content-type"].startswith("text/html")
        assert body == (graded["batch_out"] / sid / "feedback.html").read_bytes()
    other = call(
        served,
        "GET",
        f"/api/submissions/{graded['ids']['s001_all_correct']}/feedback",
        token=served.tokens["s002_partial"],
    )
    assert other[0] == 404


@pytest.mark.slow
def test_submit_client_prints_scores_and_saves_feedback(graded: dict) -> None:
    client = graded["client"]
    assert client.returncode == 0, client.stderr
    assert "partial:not_submitted:ch05" in client.stdout and "40 / 80" in client.stdout
    aid = graded["ids"]["s005_only_ch02"]
    saved = graded["root"] / "jaxgrade-feedback-attempt-1.html"  # named by the student's attempt number
    assert saved.read_bytes() == (graded["batch_out"] / "s005_only_ch02" / "feedback.html").read_bytes()
    assert f"/attempts/{aid}" in client.stdout


@pytest.mark.slow
def test_ta_status_and_dashboard_after_grading(graded: dict) -> None:
    served: Served = graded["served"]
    st = json.loads(call(served, "GET", "/api/status", token=served.ta)[2])
    assert st["graded"] == len(EXAMPLE_IDS) and st["queued"] == st["running"] == st["grader_error"] == 0
    names = [w["name"] for w in st["workers"]]  # `<host>:<pid>:<random>/worker-<n>`: unique across processes
    assert [n.rsplit("/", 1)[1] for n in names] == ["worker-1", "worker-2"]
    assert len({n.rsplit("/", 1)[0] for n in names}) == 1  # one process
    board = json.loads(call(served, "GET", "/api/dashboard", token=served.ta)[2])
    assert sorted(board["scores"]) == [0.0, 30.0, 40.0, 70.0, 80.0]
    assert board["exercise_pass_rates"]["histogram"] == 4 / 5  # all but the malformed one
    assert board["exercise_pass_rates"]["silu_ffi"] == 1 / 5  # only s001
    assert board["subcheck_pass_rates"] and all(0 <= v <= 1 for v in board["subcheck_pass_rates"].values())


@pytest.mark.slow
def test_service_process_never_loads_jax(graded: dict) -> None:
    """After grading five submissions, no JAX/XLA library is mapped into the service process."""
    served: Served = graded["served"]
    maps = Path(f"/proc/{served.proc.pid}/maps").read_text()
    assert "python" in maps  # the right process
    assert "jaxlib" not in maps and "xla_extension" not in maps and "/jax/" not in maps


# The id the batch graded s005 under: the recompile sequence, and so the score, belongs to the student.
SAME_AS_BATCH = "s005_only_ch02"


@pytest.mark.slow
def test_kill_9_while_running_then_restart_grades_it(graded: dict, tmp_path: Path) -> None:
    roster = write_roster(tmp_path / "roster.csv", (SAME_AS_BATCH,))
    served = serve(tmp_path / "data", "--roster", str(roster), "--workers", "1", "--lease", "6")
    try:
        status, doc = upload(served, SAME_AS_BATCH, example_files("s005_only_ch02"))
        assert status == 202
        for _ in range(600):
            got = json.loads(
                call(served, "GET", f"/api/submissions/{doc['id']}", token=served.tokens[SAME_AS_BATCH])[2]
            )
            if got["status"] == "running":
                break
            time.sleep(0.2)
        assert got["status"] == "running"
        grading = [str(grade_host_pid(tmp_path / "data", doc["id"], 1))]
        time.sleep(1.0)  # well into grading (the batch takes many seconds for this submission)
        served.kill9()
        for _ in range(100):  # the grade subprocess dies with the service (PR_SET_PDEATHSIG)
            if not any(Path(f"/proc/{p}").exists() for p in grading):
                break
            time.sleep(0.2)
        assert grading and not any(Path(f"/proc/{p}").exists() for p in grading)
        served = serve(tmp_path / "data", "--workers", "1", "--lease", "6")
        final = wait_final(served, SAME_AS_BATCH, doc["id"])  # once the dead worker's lease ran out
        assert final["status"] == "graded" and final["score"] == graded["attempts"]["s005_only_ch02"]["score"]
        assert final["exercises"] == graded["attempts"]["s005_only_ch02"]["exercises"]
        mine = call(served, "GET", "/api/me/submissions", token=served.tokens[SAME_AS_BATCH])[2]
        assert len(json.loads(mine)) == 1
        assert (tmp_path / "data" / "attempts" / str(doc["id"]) / "try-2").is_dir()
    finally:
        served.stop()


@pytest.mark.slow
def test_grader_fault_is_grader_error_retried_never_a_zero(tmp_path: Path) -> None:
    if shutil.which("podman") is None:
        pytest.skip("prerequisite missing: podman (a missing container image is the grader fault used here)")
    roster = write_roster(tmp_path / "roster.csv", ("g01",))
    served = serve(
        tmp_path / "data",
        "--roster",
        str(roster),
        "--workers",
        "1",
        "--isolation",
        "container",
        "--engine",
        "podman",
        "--image",
        "localhost/jaxgrade-no-such-image:0",
        "--max-tries",
        "2",
        "--retry-backoff",
        "0.5",
    )
    try:
        status, doc = upload(served, "g01", example_files("s005_only_ch02"))
        assert status == 202
        final = wait_final(served, "g01", doc["id"])
        assert final["status"] == "grader_error" and final["score"] is None and final["grade_status"] is None
        tries = sorted(p.name for p in (tmp_path / "data" / "attempts" / str(doc["id"])).iterdir())
        assert tries == ["try-1", "try-2"]  # retried, and bounded
        board = json.loads(call(served, "GET", "/api/dashboard", token=served.ta)[2])
        assert [e["attempt_id"] for e in board["grader_errors"]] == [doc["id"]]
        assert "exited with 1" in board["grader_errors"][0]["error"]
        grades = read_csv(call(served, "GET", "/api/grades.csv", token=served.ta)[2].decode())
        # Never a zero: every score cell stays empty. Only the points possible are filled (the ledger
        # gives every row its assignment's maximum, whether or not a grade exists yet).
        row = dict(zip(grades["__header__"], grades["g01"], strict=True))
        assert row.pop("max_total") == "80.00" and row.pop("status") == "grader_error"
        assert set(row.values()) == {"", "g01"} and row["student_id"] == "g01"
        assert (
            call(served, "GET", f"/api/submissions/{doc['id']}/feedback", token=served.tokens["g01"])[0]
            == 404
        )
        status, _, body = call(served, "POST", "/api/students/g01/regrade", token=served.ta)
        assert status == 202 and json.loads(body)["requeued"] == 1
    finally:
        served.stop()


@pytest.mark.slow
def test_grade_subprocess_killed_is_retried_and_graded(graded: dict, tmp_path: Path) -> None:
    """A crash of the grading subprocess (here: SIGKILL) is a grader fault: the next try grades it."""
    roster = write_roster(tmp_path / "roster.csv", (SAME_AS_BATCH,))
    served = serve(tmp_path / "data", "--roster", str(roster), "--workers", "1", "--retry-backoff", "0.5")
    try:
        status, doc = upload(served, SAME_AS_BATCH, example_files("s005_only_ch02"))
        assert status == 202
        pids = [grade_host_pid(tmp_path / "data", doc["id"], 1)]
        for pid in pids:
            os.kill(pid, signal.SIGKILL)
        final = wait_final(served, SAME_AS_BATCH, doc["id"])
        assert (
            final["status"] == "graded"
            and final["exercises"] == graded["attempts"]["s005_only_ch02"]["exercises"]
        )
        assert (tmp_path / "data" / "attempts" / str(doc["id"]) / "try-2").is_dir()  # graded by the retry
    finally:
        served.stop()


# ---------------------------------------------------------------------------------------------
# In-process: the counted attempt, roster updates, command line defaults


@pytest.mark.parametrize("policy", ["last", "best"])
def test_counted_attempt_follows_policy_and_deadline(
    policy: str, db_kind: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    from autograder.service.domain.core import Service
    from autograder.service.domain.course.config import ServiceConfig

    now = [datetime(2026, 12, 1, 12, 0, tzinfo=UTC).timestamp()]
    deadline = datetime(2026, 12, 1, 13, 0, tzinfo=UTC)
    roster = write_roster(tmp_path / "roster.csv", ("p01",))
    args = db_args(db_kind, request)
    cfg = ServiceConfig(
        data_dir=tmp_path / "data",
        release=RELEASE,
        roster=roster,
        db_url=args[1] if args else None,
        policy=policy,
        deadline=deadline,
        late_until=deadline + timedelta(hours=2),
    )
    service = Service(cfg, clock=lambda: now[0])
    scores = {}
    for minutes, score in ((0, 50.0), (10, 70.0), (20, 30.0), (90, 80.0)):  # the last one is late
        now[0] = datetime(2026, 12, 1, 12, minutes % 60, tzinfo=UTC).timestamp() + 3600 * (minutes // 60)
        att = service.intake.submit("p01", [("x.ipynb", MALFORMED)])
        claimed = service.queue.claim_next("w")
        assert claimed is not None and claimed.id == att.id
        service.queue.finish_graded("w", att.id, _outcome(score, tmp_path))
        scores[att.id] = score
    late = [a for a in service.student_views.attempts("p01") if a.late]
    assert [a.score for a in late] == [80.0]  # after the deadline, before --late-until
    counted = service.exports.counted_attempts()["p01"]
    assert counted is not None and counted.score == (30.0 if policy == "last" else 70.0)
    row = service.exports.grades_csv().splitlines()[1]
    cells = row.split(",")  # the ledger's row of the counted attempt: its points, total, maximum, status
    assert cells[0] == "p01" and cells[-3:] == [f"{counted.score:.2f}", "80.00", "ok"]
    canvas = service.exports.canvas_csv().splitlines()
    assert canvas[0].startswith("Student,ID,SIS User ID") and canvas[2].endswith(f",{counted.score:.2f}")
    service.close()


def test_roster_rerun_updates_names_and_keeps_tokens(tmp_path: Path) -> None:
    from autograder.service.domain.core import Service
    from autograder.service.domain.course.config import ServiceConfig

    roster = write_roster(tmp_path / "roster.csv", ("r01", "r02"))
    cfg = ServiceConfig(data_dir=tmp_path / "data", release=RELEASE, roster=roster)
    first = Service(cfg)
    tokens = dict(first.new_tokens)
    ta = (tmp_path / "data" / "ta-token").read_text()
    first.close()
    roster.write_text("student_id,name\nr01,新名字\nr02,B\nr03,C\n", encoding="utf-8")
    second = Service(cfg)
    assert set(second.new_tokens) == {"r03"}  # only the new student gets a token
    assert second.identity.student_for_token(tokens["r01"]) == second.identity.student("r01")
    assert second.identity.student("r01").name == "新名字"  # type: ignore[union-attr]
    assert (tmp_path / "data" / "ta-token").read_text() == ta
    lines = (tmp_path / "data" / "tokens.csv").read_text().splitlines()
    assert lines[0] == "student_id,token" and [ln.split(",")[0] for ln in lines[1:]] == ["r01", "r02", "r03"]
    assert second.identity.student_for_token(tokens["r01"] + "x") is None
    fresh = second.identity.reissue_token("r02")
    assert second.identity.student_for_token(fresh) == second.identity.student("r02")
    assert second.identity.student_for_token(tokens["r02"]) is None  # the old token stops working
    assert (tmp_path / "data" / "tokens.csv").read_text().splitlines()[-1] == f"r02,{fresh}"
    with pytest.raises(KeyError):
        second.identity.reissue_token("nobody")
    second.close()


def test_serve_binds_to_loopback_by_default() -> None:
    from autograder.cli import build_parser

    args = build_parser("serve").parse_args(["serve", "--data", "d"])
    assert args.host == "127.0.0.1" and args.workers == 1 and args.policy == "last"


def test_blob_store_writes_once_and_detects_damage(tmp_path: Path) -> None:
    from autograder.service.storage.blobs import BlobStore

    store = BlobStore(tmp_path / "blobs")
    digest = store.put(b"notebook bytes")
    path = store.path(digest)
    inode = path.stat().st_ino
    assert store.put(b"notebook bytes") == digest and path.stat().st_ino == inode  # stored once
    assert store.get(digest) == b"notebook bytes"
    assert stat.S_IMODE(path.stat().st_mode) == 0o400 and not list(path.parent.glob(".tmp-*"))
    os.chmod(path, 0o600)
    path.write_bytes(b"changed on disk")
    with pytest.raises(OSError, match="damaged"):
        store.get(digest)
    with pytest.raises(ValueError):
        store.path("../../etc/passwd")
